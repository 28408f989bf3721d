import { business } from "./business";

/**
 * The area's places, from the business's file (business/NAME/business.json): the towns served, in
 * the order the site lists them, each with its page's slug, the other spellings drivers type (aliases)
 * and the landmarks that stand in it; the places outside the area a driver may name, with their other
 * spellings; and the highways through the towns. The site's facts (site.ts: `areas`, `highways`) and
 * the chat assistant's entity finder both read them here. Words of a language (Spanish shorthand for
 * a place, say) stay in the assistant's data packs.
 */
export interface Places {
  towns: { name: string; slug: string; latitude: number; longitude: number; aliases: string[]; landmarks: string[] }[];
  /** A place outside the area, with its other spellings. */
  outside: Record<string, string[]>;
  highways: string[];
}

export const places: Places = {
  towns: business.towns,
  outside: business.placesOutside,
  highways: business.highways,
};
