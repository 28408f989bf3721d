import type { ServiceSlug } from "../shared/services";

/**
 * Which service each item of a list names, in the order said, for every language (src/i18n/{en,es}/
 * offered-lists.ts give the words, one per item); `null` names none and is always said.
 */
const homeServices = ["towing", "jump-start", "flat-tire", "gasoline-delivery", "vehicle-lockouts"] as const;
const servicesPageServices = ["towing", "roadside-assistance", "emergency-towing"] as const;

export const offeredListServices = {
  homeDescription: homeServices,
  // The hero names the same help as the description, in its own words.
  heroHelp: homeServices,
  vehicles: [null, null, null, "motorcycle-towing"],
  servicesDescription: servicesPageServices,
  servicesLead: servicesPageServices,
  aboutCalls: ["jump-start", "flat-tire", "vehicle-lockouts"],
  aboutCare: [null, "motorcycle-towing", null],
} as const satisfies Record<string, readonly (ServiceSlug | null)[]>;

export type OfferedListName = keyof typeof offeredListServices;
