/** English words of the guides and the blog. */
export const articles = {
  guidePage: {
    updated: "Updated",
    related: "Related services",
  },
  blogPage: {
    title: "Towing Tips & Guides Blog",
    description:
      "Towing and roadside tips for drivers in {business.city}, {business.region}: what to do when you're towed, hitch classes, towing capacity, flat towing and more from {name}.",
    heading: "Towing Tips & Guides Blog",
    lead: "Plain answers to the questions drivers around {business.city} ask us most, from towing rules to hitches.",
    read: "Read article",
    inEnglish: "",
    rssTitle: "{name} Blog",
  },
} as const;
