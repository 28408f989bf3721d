import type { OfferedLists } from "../shape";

/**
 * English lists of the business's services that sentences name (src/i18n/offered-list.ts): each item is
 * said only when its service is offered. With every service offered, they say what the sentences said.
 */
export const offeredLists = {
  /** home.description: "…and nearby towns: tows, jump starts, flat tires, fuel delivery and lockouts." */
  homeDescription: {
    items: [
      ["towing", "tows"],
      ["jump-start", "jump starts"],
      ["flat-tire", "flat tires"],
      ["gasoline-delivery", "fuel delivery"],
      ["vehicle-lockouts", "lockouts"],
    ],
    last: " and ",
    none: "towing and roadside help",
  },
  /** home.heroLead: "…local tow operators for a tow, jump start, tire change, fuel or lockout help, day or night…" */
  heroHelp: {
    items: [
      ["towing", "a tow"],
      ["jump-start", "jump start"],
      ["flat-tire", "tire change"],
      ["gasoline-delivery", "fuel"],
      ["vehicle-lockouts", "lockout help"],
    ],
    last: " or ",
    none: "towing and roadside help",
  },
  /** home.servicesIntro: "Towing and roadside help for cars, trucks, SUVs and motorcycles." */
  vehicles: {
    items: [
      [null, "cars"],
      [null, "trucks"],
      [null, "SUVs"],
      ["motorcycle-towing", "motorcycles"],
    ],
    last: " and ",
    none: "cars",
  },
  /** servicesPage.description: "24/7 towing, roadside assistance and accident recovery in…" */
  servicesDescription: {
    items: [
      ["towing", "towing"],
      ["roadside-assistance", "roadside assistance"],
      ["emergency-towing", "accident recovery"],
    ],
    last: " and ",
    none: "towing and roadside help",
  },
  /** servicesPage.lead: "Towing, roadside assistance and accident recovery around the clock…" */
  servicesLead: {
    items: [
      ["towing", "towing"],
      ["roadside-assistance", "roadside assistance"],
      ["emergency-towing", "accident recovery"],
    ],
    last: " and ",
    none: "towing and roadside help",
    capitalize: true,
  },
  /** about.intro: "…have called us when a car would not start, a tire gave out on SR-99 or the keys…" */
  aboutCalls: {
    items: [
      ["jump-start", "a car would not start"],
      ["flat-tire", "a tire gave out on {business.highway}"],
      ["vehicle-lockouts", "the keys ended up on the wrong side of a locked door"],
    ],
    last: " or ",
    none: "a car needed a tow",
  },
  /** about.careful: "We ask our partner operators for flatbeds…, wheel chocks and soft straps for motorcycles, and care…" */
  aboutCare: {
    items: [
      [null, "flatbeds for cars that need them"],
      ["motorcycle-towing", "wheel chocks and soft straps for motorcycles"],
      [null, "care with damaged cars after an accident"],
    ],
    last: ", and ",
    lastOfTwo: " and ",
    none: "flatbeds for cars that need them",
  },
} as const satisfies OfferedLists;
