/** English words of the towns page and each town's page. */
export const areas = {
  areasPage: {
    title: "Areas We Serve: {business.topTowns} and Nearby",
    description:
      "The {business.townCount} towns we take towing and roadside calls from, within about {miles} miles of downtown {business.city}, {business.region}, with a page for each.",
    heading: "Areas We Serve",
    lead: "{business.city} and the towns around it, within about {miles} miles of downtown. Pick your town for its highways, who to call and what to tell our dispatcher.",
    notSureBefore: "Not sure whether your spot is covered? Call",
    notSureAfter: "and ask. Distances are straight-line miles from downtown {business.city}; the drive is longer.",
    highways: "Highways: {list}",
    fromCentre: "About {miles} miles {direction} of downtown {business.city} (straight line)",
    homeTown: "Our dispatch is based in downtown {business.city}",
    north: "north",
    northeast: "northeast",
    east: "east",
    southeast: "southeast",
    south: "south",
    southwest: "southwest",
    west: "west",
    northwest: "northwest",
  },
  townPage: {
    title: "{town}, {business.region}: Towing and Roadside Help",
    heading: "Towing and Roadside Help in {town}, {business.region}",
    requestTitle: "Request Service",
    requestIntro: "Send the details and a dispatcher will get back to you as soon as possible.",
    servicesAsked: "Services drivers in {town} ask about",
    glance: "{town} at a glance",
    where: "Where",
    highways: "Highways",
    danger: "Injury or danger",
    callBefore: "Call",
    first: "first",
    police: "Police non-emergency",
    jsonLdName: "Towing and roadside assistance in {town}, {region}",
    /** A town the business lists but has written no page for: its page says what the facts say, no more. */
    factsDescription:
      "Towing and roadside help in {town}, {business.region}: {where}. Call {name} day or night, or send a request online.",
    factsLead: "{where}. Highways in the area: {highways}.",
    factsText:
      "We take towing and roadside calls from {town}. Tell the dispatcher where you are (the nearest exit, cross street or landmark) and what the vehicle needs.",
  },
} as const;
