import type { ServiceSlug } from "../shared/services";
import type { OfferedListName, offeredListServices } from "./offered-list-services";

/**
 * The shape of a dictionary: the English keys, any string as the value. Each Spanish file is typed
 * as the shape of its English file, so a key missing or extra in either fails `astro check`.
 */
export type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/**
 * A list a sentence of the interface makes of the business's services: "tows, jump starts, flat tires,
 * fuel delivery and lockouts". Each item names the service it speaks of, and is said only when the
 * business offers that service (business.json's `services`), so a business never mentions one it does
 * not offer; an item with no service (`null`) is always said. A sentence takes a list by the mark
 * "{business.list.NAME}" (src/i18n/business-words.ts).
 */
export interface OfferedList {
  /** The items, in the order said, each with the service it names, or null. */
  readonly items: readonly (readonly [ServiceSlug | null, string])[];
  /** Between the last two of three or more items: " and ", " or ", ", and ". */
  readonly last: string;
  /** Between the only two items, when it differs from `last` (", and " becomes " and "). */
  readonly lastOfTwo?: string;
  /** Said instead when the business offers none of the items' services. */
  readonly none: string;
  /** The list begins a sentence: its first letter is a capital, whichever item comes first. */
  readonly capitalize?: boolean;
}

/** The lists of one language, by name. */
export type OfferedLists = Readonly<Record<string, OfferedList>>;

/** A language's words for one list: one per item of offeredListServices, and how the language joins them. */
type OfferedListWordsOf<Services extends readonly unknown[]> = Omit<OfferedList, "items"> & {
  readonly words: { readonly [I in keyof Services]: string };
};

/**
 * What a language's offered-lists.ts writes: the words of every list, each as long as its list of
 * services (src/i18n/offered-list-services.ts), so a missing or extra item fails tsc.
 */
export type OfferedListWords = {
  readonly [Name in OfferedListName]: OfferedListWordsOf<(typeof offeredListServices)[Name]>;
};
