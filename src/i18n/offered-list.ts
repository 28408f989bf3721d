import { type OfferedListName, offeredListServices } from "./offered-list-services";
import type { OfferedList, OfferedListWords } from "./shape";

export type { OfferedList, OfferedLists, OfferedListWords } from "./shape";

/**
 * The list as said for the services offered: the items whose service is offered (or that name none),
 * joined as the language joins them, or `none`. The lists themselves are in src/i18n/{en,es}/offered-lists.ts.
 */
export function sayOfferedList(list: OfferedList, offered: readonly string[]): string {
  const said = list.items.filter(([slug]) => slug === null || offered.includes(slug)).map(([, words]) => words);
  let text = list.none;
  if (said.length === 1) text = said[0] ?? "";
  if (said.length === 2) text = `${said[0]}${list.lastOfTwo ?? list.last}${said[1]}`;
  if (said.length > 2) text = `${said.slice(0, -1).join(", ")}${list.last}${said.at(-1)}`;
  return list.capitalize ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The lists of one language (its offered-lists.ts), each word paired with the service its item names. */
export function offeredListsFrom(lists: OfferedListWords): Record<OfferedListName, OfferedList> {
  const entries = Object.entries(lists).map(([name, { words, ...joining }]) => {
    const services: readonly (string | null)[] = offeredListServices[name as OfferedListName];
    return [name, { ...joining, items: services.map((slug, i) => [slug, words[i] ?? ""]) }];
  });
  return Object.fromEntries(entries) as Record<OfferedListName, OfferedList>;
}
