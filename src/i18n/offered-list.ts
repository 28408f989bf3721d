import type { OfferedList } from "./shape";

export type { OfferedList, OfferedLists } from "./shape";

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
