import * as cheerio from "cheerio";

/**
 * The private pages (the driver's /request/{token}, the partner's /offer/{token}) are built shells
 * (src/views/*.astro) with marked slots the server fills per link. A shell is cut once at its slots, so
 * filling it is string joins, never a parse per page.
 */
export type Page = cheerio.CheerioAPI;
export type Node = ReturnType<Page>;

/**
 * The shell's text between its slots, and the slots in the order they stand. `page` names the page and
 * its view for the error a shell without a slot raises ("request page", "src/views/RequestPage.astro").
 */
export function cutShell<Slot extends string>(
  template: string,
  slots: readonly Slot[],
  page: { name: string; view: string; prefix: string },
): { pieces: string[]; order: Slot[] } {
  const placeholder = (slot: Slot) => `<!--${page.prefix}:${slot}-->`;
  const $ = cheerio.load(template);
  for (const slot of slots) {
    const found = $(`body [data-slot="${slot}"]`);
    if (found.length !== 1) {
      throw new Error(
        `The built ${page.name} must hold one data-slot="${slot}" (${page.view}): run \`npm run build\`.`,
      );
    }
    found.append(placeholder(slot));
  }
  const html = $.html();
  const order = [...slots].sort((a, b) => html.indexOf(placeholder(a)) - html.indexOf(placeholder(b)));
  const pieces: string[] = [];
  let from = 0;
  for (const slot of order) {
    const at = html.indexOf(placeholder(slot));
    pieces.push(html.slice(from, at));
    from = at + placeholder(slot).length;
  }
  pieces.push(html.slice(from));
  return { pieces, order };
}

/** Writes the nodes as HTML: cheerio escapes every text and attribute. */
export function written($: Page, nodes: Node | Node[]): string {
  const wrapper = $("<div>");
  for (const node of [nodes].flat()) wrapper.append(node);
  return wrapper.html() ?? "";
}
