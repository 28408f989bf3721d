import { business } from "../shared/business";
import { offeredLists as enLists } from "./en/offered-lists";
import { offeredLists as esLists } from "./es/offered-lists";
import type { Locale } from "./locales";
import { type OfferedLists, offeredListsFrom, sayOfferedList } from "./offered-list";

/**
 * The interface's words name the business's own place: "Towing Service in {business.city},
 * {business.region}". Those marks are put in once, when the dictionaries load, from business.json, so
 * the words stay in src/i18n and the facts stay in the business's folder. (`fill`'s "{name}" marks are
 * left for the pages to fill; these have a dot, which `fill` does not touch.)
 */
const NUMBER_WORDS: Record<Locale, string[]> = {
  en: ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
  es: ["ningún", "un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce"],
};

/** The digits of the business's own number, written as a driver types one: "209-555-0100". */
function examplePhone(): string {
  const digits = business.phone.e164.slice(-10);
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const OFFERED_LISTS: Record<Locale, OfferedLists> = { en: offeredListsFrom(enLists), es: offeredListsFrom(esLists) };

/** "{business.x}" marks in `text` replaced by `words` ("{business.list.vehicles}" by its list's words). */
const replaceMarks = (text: string, words: Record<string, string>) =>
  text.replace(/\{business\.([\w.]+)\}/g, (mark, key: string) => words[key] ?? mark);

function businessWords(locale: Locale): Record<string, string> {
  const facts = factWords(locale);
  // The lists of offered services (src/i18n/offered-list.ts), whose items may name a fact themselves.
  const lists = Object.entries(OFFERED_LISTS[locale]).map(([name, list]) => [
    `list.${name}`,
    replaceMarks(sayOfferedList(list, business.services), facts),
  ]);
  return { ...facts, ...Object.fromEntries(lists) };
}

function factWords(locale: Locale): Record<string, string> {
  const towns = business.towns.map((t) => t.name);
  return {
    city: business.address.city,
    region: business.address.region,
    /** The first towns the site lists (up to four), as titles name them: "Centerville, Riverton, Oakdale Springs, Riverton". */
    topTowns: towns.slice(0, 4).join(", "),
    townCount: NUMBER_WORDS[locale][towns.length] ?? String(towns.length),
    examplePhone: examplePhone(),
    /** The highway the about page's story names: the second listed (the first is often an interstate passing by). */
    highway: business.highways[1] ?? business.highways[0] ?? "",
  };
}

/** The dictionary with every "{business.x}" mark replaced by the business's fact. */
export function withBusinessWords<T>(dictionary: T, locale: Locale): T {
  const words = businessWords(locale);
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") {
      return replaceMarks(value, words);
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return walk(dictionary) as T;
}
