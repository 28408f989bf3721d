import * as cheerio from "cheerio";
import { type Locale, languageTag } from "../../../src/i18n/locales";
import { locationWords } from "../../../src/i18n/location";
import { fill } from "../../../src/i18n/ui";
import { site } from "../../../src/shared/site";
import { escapeHtml } from "../../escape-html";
import { cutShell, written } from "../request-page/page-shell";

/**
 * The caller's location page (/here/{token}). The build writes it once per language
 * (src/views/HerePage.astro: the site's header and look, the button, the place form, the call button,
 * the notice); the server serves the one in the request's language and fills its one slot with what
 * it has to say about a place posted without JavaScript, set as text by cheerio.
 */

const HERE_PAGE_SLOTS = ["here-said"] as const;

/**
 * Used when the site is not built (API-only tests): the same form, call link and slot without the
 * layout, in the language.
 */
function bareShell(locale: Locale): string {
  const t = locationWords[locale].here;
  const phone = site.phone.display;
  return `<!doctype html><html lang="${languageTag[locale]}"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(t.title)}</title><script src="/here.js" defer></script></head><body><main id="here"><h1>${escapeHtml(fill(t.heading, { name: site.name }))}</h1><button type="button" id="send-location" hidden>${escapeHtml(t.button)}</button><div role="status" id="here-status"></div><div data-slot="here-said"></div><form method="post" id="here-place-form"><label for="here-place">${escapeHtml(t.placeLabel)}</label><input id="here-place" name="place" required><button type="submit">${escapeHtml(t.placeButton)}</button></form><a href="tel:${escapeHtml(site.phone.e164)}">${escapeHtml(fill(t.call, { phone }))}</a></main></body></html>`;
}

/** What the page says above the form after a post without JavaScript: sent, or why not. */
export type HereSaid = { sent: true } | { problem: string } | undefined;

/** The page in `locale` from its built shell (or the bare one), filled per answer. */
export function herePageRenderer(shell: string | undefined, locale: Locale): (said: HereSaid) => string {
  const fillShell = cutShell(shell ?? bareShell(locale), HERE_PAGE_SLOTS, {
    name: "location page",
    view: "src/views/HerePage.astro",
    prefix: "here-page-slot",
  });
  const t = locationWords[locale].here;
  return (said) => {
    if (!said) return fillShell({ "here-said": "" });
    const $ = cheerio.load("", null, false);
    const box = $("<div>").attr("data-testid", "here-said");
    if ("sent" in said) {
      box
        .attr("role", "status")
        .addClass("space-y-2 text-lg font-semibold text-ink")
        .append($("<p>").text(t.placeSent))
        .append($("<p>").addClass("font-normal").text(t.next));
    } else {
      box
        .attr("role", "alert")
        .addClass("rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800")
        .append($("<p>").addClass("font-semibold").text(t.notSent))
        .append($("<p>").text(said.problem));
    }
    return fillShell({ "here-said": written($, box) });
  };
}
