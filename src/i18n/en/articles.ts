/** English words of the guides and the blog. */
export const articles = {
  guidePage: {
    updated: "Updated",
    related: "Related services",
  },
  blogPage: {
    title: "Towing Tips & Guides Blog",
    /** With the business's blog topics (content/blog-topics.json), which its own articles are about. */
    description:
      "Towing and roadside tips for drivers in {business.city}, {business.region}: {topics} and more from {name}.",
    descriptionGeneral: "Towing and roadside tips for drivers in {business.city}, {business.region} from {name}.",
    heading: "Towing Tips & Guides Blog",
    lead: "Plain answers to the questions drivers around {business.city} ask us most, {span}.",
    leadGeneral: "Plain answers to the questions drivers around {business.city} ask us most.",
    read: "Read article",
    inEnglish: "",
    rssTitle: "{name} Blog",
  },
} as const;
