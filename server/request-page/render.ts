import * as cheerio from "cheerio";
import {
  cancelPath,
  driverStatusHints,
  driverStatusLabels,
  formatPageTime,
  MAX_CANCEL_REASON_LENGTH,
  type RequestPageFacts,
  type RequestPageLive,
  requestPageText,
} from "../../src/lib/request-page";
import { requestPageLook as look } from "../../src/lib/request-page-look";
import { site } from "../../src/lib/site";

/**
 * The driver's request page, filled in for one request. The build writes the page around it
 * (src/pages/request.astro: layout, call band, the island); the server fills its empty slots
 * (`data-slot="…"`) with cheerio, which sets every text as text and every attribute as an attribute:
 * what the driver or the owner typed can never become markup.
 */

/** The slots of src/pages/request.astro. */
export const REQUEST_PAGE_SLOTS = ["request-heading", "request-live", "request-live-state", "request-facts"] as const;

/** The element the island reads its first state from (data-state, JSON), so it starts as the page shows. */
export const LIVE_STATE_ELEMENT_ID = "request-live-state";

/** Used when the site is not built (API-only tests): the same slots without the layout. */
const BARE_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Your service request</title></head><body><main>${REQUEST_PAGE_SLOTS.map((slot) => `<div data-slot="${slot}"></div>`).join("")}</main></body></html>`;

type Page = cheerio.CheerioAPI;
type Node = ReturnType<Page>;

/** A text node holding `value` as text (never parsed), to put beside elements. */
const text = ($: Page, value: string) => $("<span>").text(value).contents();
const time = ($: Page, iso: string) => $("<time>").attr("datetime", iso).text(formatPageTime(iso, site.timeZone));

function factList($: Page, facts: RequestPageFacts): Node {
  const list = $("<dl>").addClass("mt-6").attr("data-testid", "request-facts");
  const row = (label: string, value: Node) =>
    list.append(
      $("<div>")
        .addClass("border-b border-slate-200 py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4")
        .append($("<dt>").addClass("text-sm font-semibold text-slate-600").text(label))
        .append($("<dd>").addClass("text-ink [overflow-wrap:anywhere]").append(value)),
    );
  row("Request number", text($, `#${facts.id}`));
  row("Service", text($, facts.service));
  row("Pickup location", text($, facts.pickupLocation));
  row("Sent", time($, facts.sentAt));
  row("We'll call you at", text($, `the number ending in ${facts.phoneLast4}`));
  return list;
}

/** The live part as a browser without JavaScript gets it; the island draws the same with the same look. */
function liveSection($: Page, live: RequestPageLive, token: string): Node[] {
  // The same elements as the island's (RequestLive.tsx), live regions included, so that the island
  // taking over moves nothing on the page.
  const said = $("<div>")
    .addClass(look.statusSaid)
    .attr({ "aria-live": "polite", "aria-atomic": "true" })
    .append(
      $("<p>").addClass(look.statusLabel).attr("data-testid", "request-status").text(driverStatusLabels[live.status]),
    )
    .append($("<p>").addClass(look.statusHint).text(driverStatusHints[live.status]));
  if (live.cancelledAt) {
    said.append(
      $("<p>")
        .addClass(look.statusHint)
        .append(text($, `${requestPageText.cancelledOn} `))
        .append(time($, live.cancelledAt))
        .append(text($, ".")),
    );
  }
  const status = $("<section>")
    .addClass(look.statusCard)
    .attr("aria-labelledby", "request-status-heading")
    .append(
      $("<h2>").attr("id", "request-status-heading").addClass(look.statusHeading).text(requestPageText.statusHeading),
    )
    .append(said);
  const message = $("<div>").attr("aria-live", "polite");
  if (live.message) {
    message.append(
      $("<section>")
        .addClass(look.messageCard)
        .attr("aria-labelledby", "request-message-heading")
        .append(
          $("<h2>")
            .attr("id", "request-message-heading")
            .addClass(look.messageHeading)
            .text(requestPageText.messageHeading),
        )
        .append($("<p>").addClass(look.messageText).attr("data-testid", "request-message").text(live.message.text))
        .append($("<p>").addClass(look.messageTime).append(time($, live.message.at))),
    );
  }
  const parts = [status, message];
  if (live.canCancel) {
    parts.push(
      $("<details>")
        .addClass(look.cancel)
        .append($("<summary>").addClass(look.cancelSummary).text(requestPageText.cancelSummary))
        .append(
          $("<form>")
            .attr({ method: "post", action: cancelPath(token) })
            .addClass(look.cancelForm)
            .append($("<p>").addClass("text-slate-700").text(requestPageText.cancelExplained))
            .append(
              $("<label>").attr("for", "cancel-reason").addClass(look.reasonLabel).text(requestPageText.reasonLabel),
            )
            .append(
              $("<textarea>")
                .attr({ id: "cancel-reason", name: "reason", rows: "3", maxlength: String(MAX_CANCEL_REASON_LENGTH) })
                .addClass(look.reasonInput),
            )
            .append(
              $("<button>").attr("type", "submit").addClass(look.cancelButton).text(requestPageText.cancelButton),
            ),
        ),
    );
  }
  return parts;
}

export type RequestPageRenderer = (facts: RequestPageFacts, live: RequestPageLive, token: string) => string;
type Slot = (typeof REQUEST_PAGE_SLOTS)[number];

/** In the page's body only: Astro also keeps a copy of the island's fallback in a <template>. */
const slotSelector = (name: string) => `body [data-slot="${name}"]`;
const placeholder = (slot: Slot) => `<!--request-page-slot:${slot}-->`;

/**
 * The shell cut at its slots, once at start: a comment is put in each slot and the page written out
 * once; each request then costs only its own small parts (parsing the whole page per request took
 * about 40 ms of CPU here, the parts take well under one).
 */
function cutShell(template: string): { pieces: string[]; order: Slot[] } {
  const $ = cheerio.load(template);
  for (const slot of REQUEST_PAGE_SLOTS) {
    const found = $(slotSelector(slot));
    if (found.length !== 1) {
      throw new Error(
        `The built request page must hold one data-slot="${slot}" (src/pages/request.astro): run \`npm run build\`.`,
      );
    }
    found.append(placeholder(slot));
  }
  const html = $.html();
  const order = [...REQUEST_PAGE_SLOTS].sort((a, b) => html.indexOf(placeholder(a)) - html.indexOf(placeholder(b)));
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
function written($: Page, nodes: Node | Node[]): string {
  const wrapper = $("<div>");
  for (const node of [nodes].flat()) wrapper.append(node);
  return wrapper.html() ?? "";
}

/** Makes the renderer of the built shell (or of a bare page when the site is not built). */
export function requestPageRenderer(shell: string | undefined): RequestPageRenderer {
  const { pieces, order } = cutShell(shell ?? BARE_SHELL);
  return (facts, live, token) => {
    // One small fragment document per page, for this request's parts only.
    const $ = cheerio.load("", null, false);
    const parts: Record<Slot, string> = {
      "request-heading": written(
        $,
        $("<h1>").addClass("text-3xl font-extrabold text-ink").text(`Service request #${facts.id}`),
      ),
      "request-live": written($, liveSection($, live, token)),
      // The island's first state, as the page shows it: JSON in an attribute, escaped like any other
      // (and with "<" written as \u003c, still the same JSON, so no "<" of a typed text is in the page at all).
      "request-live-state": written(
        $,
        $("<div>").attr({
          id: LIVE_STATE_ELEMENT_ID,
          hidden: "",
          "data-state": JSON.stringify(live).replace(/</g, "\\u003c"),
        }),
      ),
      "request-facts": written($, factList($, facts)),
    };
    let out = pieces[0] ?? "";
    order.forEach((slot, i) => {
      out += parts[slot] + (pieces[i + 1] ?? "");
    });
    return out;
  };
}

/** A short page for a browser without JavaScript: a refused cancel, or lookups over the limit. */
export function problemPage(heading: string, message: string, pageHref: string): string {
  const $ = cheerio.load(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Request page</title></head><body><main></main></body></html>',
  );
  $("main")
    .append($("<h1>").text(heading))
    .append($("<p>").attr("role", "alert").text(message))
    .append($("<p>").append($("<a>").attr("href", pageHref).text("Back to your request")))
    .append(
      $("<p>")
        .append(text($, "Need help right now? "))
        .append($("<a>").attr("href", `tel:${site.phone.e164}`).text(`Call ${site.phone.display}`))
        .append(text($, ".")),
    );
  return $.html();
}
