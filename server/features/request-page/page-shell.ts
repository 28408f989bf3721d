import * as cheerio from "cheerio";

/**
 * The private pages (the driver's /request/{token}, the partner's /offer/{token}) are built shells
 * (src/views/*.astro) with marked slots the server fills per link. A shell is cut once at its slots, so
 * filling it is string joins, never a parse per page.
 */
export type Page = cheerio.CheerioAPI;
export type Node = ReturnType<Page>;

/**
 * Cuts the shell at its slots once, and returns what fills it: the shell's text between the slots,
 * joined with each slot's HTML in the order the slots stand. `page` names the page and its view for the
 * error a shell without a slot raises ("request page", "src/views/DriverRequestPage.astro").
 */
export function cutShell<Slot extends string>(
  template: string,
  slots: readonly Slot[],
  page: { name: string; view: string; prefix: string },
): (parts: Record<Slot, string>) => string {
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
  return (parts) => {
    let out = pieces[0] ?? "";
    order.forEach((slot, i) => {
      out += parts[slot] + (pieces[i + 1] ?? "");
    });
    return out;
  };
}

/** A text node holding `value` as text (never parsed), to put beside elements. */
export const textNode = ($: Page, value: string) => $("<span>").text(value).contents();

/**
 * A short page of its own (a refused form post, lookups over the limit) in language `lang`: its title,
 * the heading, the message said as an alert and the way back to the page; the caller adds the phone.
 * Every text is set as text.
 */
export function problemPageParts(
  lang: string,
  words: { title: string; heading: string; message: string; back: string },
  pageHref: string,
): { $: Page; main: Node } {
  const $ = cheerio.load(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title></title></head><body><main></main></body></html>`,
  );
  $("title").text(words.title);
  const main = $("main")
    .append($("<h1>").text(words.heading))
    .append($("<p>").attr("role", "alert").text(words.message))
    .append($("<p>").append($("<a>").attr("href", pageHref).text(words.back)));
  return { $, main };
}

/** Writes the nodes as HTML: cheerio escapes every text and attribute. */
export function written($: Page, nodes: Node | Node[]): string {
  const wrapper = $("<div>");
  for (const node of [nodes].flat()) wrapper.append(node);
  return wrapper.html() ?? "";
}
