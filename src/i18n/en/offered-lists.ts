import type { OfferedListWords } from "../shape";

/**
 * English lists of the business's services that sentences name (src/i18n/offered-list.ts): each item is
 * said only when its service is offered (src/i18n/offered-list-services.ts says which item names which).
 * With every service offered, they say what the sentences said.
 */
const roadsideHelp = "towing and roadside help";

/** servicesPage.description: "24/7 towing, roadside assistance and accident recovery in…" */
const servicesDescription = {
  words: ["towing", "roadside assistance", "accident recovery"],
  last: " and ",
  none: roadsideHelp,
} as const;

export const offeredLists: OfferedListWords = {
  /** home.description: "…and nearby towns: tows, jump starts, flat tires, fuel delivery and lockouts." */
  homeDescription: {
    words: ["tows", "jump starts", "flat tires", "fuel delivery", "lockouts"],
    last: " and ",
    none: roadsideHelp,
  },
  /** home.heroLead: "…local tow operators for a tow, jump start, tire change, fuel or lockout help, day or night…" */
  heroHelp: {
    words: ["a tow", "jump start", "tire change", "fuel", "lockout help"],
    last: " or ",
    none: roadsideHelp,
  },
  /** home.servicesIntro: "Towing and roadside help for cars, trucks, SUVs and motorcycles." */
  vehicles: { words: ["cars", "trucks", "SUVs", "motorcycles"], last: " and ", none: "cars" },
  servicesDescription,
  /** servicesPage.lead: "Towing, roadside assistance and accident recovery around the clock…": the description's list, first in its sentence. */
  servicesLead: { ...servicesDescription, capitalize: true },
  /** about.intro: "…have called us when a car would not start, a tire gave out on SR-99 or the keys…" */
  aboutCalls: {
    words: [
      "a car would not start",
      "a tire gave out on {business.highway}",
      "the keys ended up on the wrong side of a locked door",
    ],
    last: " or ",
    none: "a car needed a tow",
  },
  /** about.careful: "We ask our partner operators for flatbeds…, wheel chocks and soft straps for motorcycles, and care…" */
  aboutCare: {
    words: [
      "flatbeds for cars that need them",
      "wheel chocks and soft straps for motorcycles",
      "care with damaged cars after an accident",
    ],
    last: ", and ",
    lastOfTwo: " and ",
    none: "flatbeds for cars that need them",
  },
};
