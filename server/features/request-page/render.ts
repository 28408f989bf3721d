import * as cheerio from "cheerio";
import { type Locale, languageTag } from "../../../src/i18n/locales";
import { type Dictionary, fill, serviceNameIn, ui } from "../../../src/i18n/ui";
import { telHrefFor } from "../../../src/shared/links";
import {
  cancelPath,
  type DriverPartnerView,
  formatPageClock,
  formatPageTime,
  type LinePart,
  MAX_CANCEL_REASON_LENGTH,
  partnerAcceptedLine,
  partnerArrivalLine,
  partnerCallParts,
  type RequestPageFacts,
  type RequestPageLive,
  statusLabelOf,
} from "../../../src/shared/request-page";
import { requestPageLook as look } from "../../../src/shared/request-page-look";
import type { RequestReviewState } from "../../../src/shared/review";
import { site } from "../../../src/shared/site";
import { reviewSection } from "../reviews/page-part";
import { cutShell, type Node, type Page, problemPageParts, textNode as text, written } from "./page-shell";

/**
 * The driver's request page, filled in for one request, in the request's language. The build writes
 * the page around it, once per language (src/views/DriverRequestPage.astro: layout, call band, the island);
 * the server fills its empty slots (`data-slot="…"`) with cheerio, which sets every text as text and
 * every attribute as an attribute: what the driver or the owner typed can never become markup.
 */

/** The slots of src/views/DriverRequestPage.astro. */
const REQUEST_PAGE_SLOTS = [
  "request-heading",
  "request-live",
  "request-live-state",
  "request-review",
  "request-review-state",
  "request-facts",
] as const;

/** The element the island reads its first state from (data-state, JSON), so it starts as the page shows. */
const LIVE_STATE_ELEMENT_ID = "request-live-state";
/** The same for the "How did it go?" island (src/components/request/RequestReview.tsx). */
const REVIEW_STATE_ELEMENT_ID = "request-review-state";

/** Used when the site is not built (API-only tests): the same slots without the layout, in the language. */
const bareShell = (locale: Locale) =>
  `<!doctype html><html lang="${languageTag[locale]}"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${ui[locale].requestPage.title}</title></head><body><main>${REQUEST_PAGE_SLOTS.map((slot) => `<div data-slot="${slot}"></div>`).join("")}</main></body></html>`;

type Words = Dictionary["requestPage"];

const time = ($: Page, iso: string, locale: Locale) =>
  $("<time>")
    .attr("datetime", iso)
    .text(formatPageTime(iso, site.timeZone, languageTag[locale]));

function factList($: Page, facts: RequestPageFacts, locale: Locale): Node {
  const t = ui[locale].requestPage.facts;
  const list = $("<dl>").addClass("mt-6").attr("data-testid", "request-facts");
  const row = (label: string, value: Node) =>
    list.append(
      $("<div>")
        .addClass("border-b border-slate-200 py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4")
        .append($("<dt>").addClass("text-sm font-semibold text-slate-600").text(label))
        .append($("<dd>").addClass("text-ink [overflow-wrap:anywhere]").append(value)),
    );
  row(t.number, text($, `#${facts.id}`));
  row(t.service, text($, serviceNameIn(locale, facts.service)));
  row(t.pickup, text($, facts.pickupLocation));
  row(t.sent, time($, facts.sentAt, locale));
  row(t.callAt, text($, fill(t.phoneEnding, { last4: facts.phoneLast4 })));
  return list;
}

/** A sentence of parts (partnerAcceptedLine) as text nodes and <time> elements: nothing in it is markup. */
const sentence = ($: Page, parts: LinePart[]) =>
  parts.map((part) =>
    typeof part === "string" ? text($, part) : $("<time>").attr("datetime", part.time).text(part.label),
  );

/**
 * The partner who accepted: who, when, their own estimate (said as theirs), their latest step, and
 * their phone when the business shows it. The same elements as the island's.
 */
function partnerCard($: Page, partner: DriverPartnerView, locale: Locale, now: Date): Node {
  const t = ui[locale].requestPage.partner;
  const tag = languageTag[locale];
  const card = $("<section>")
    .addClass(look.partnerCard)
    .attr({ "aria-labelledby": "request-partner-heading", "data-testid": "request-partner" })
    .append($("<h2>").attr("id", "request-partner-heading").addClass(look.partnerHeading).text(t.heading));
  const accepted = $("<p>").addClass(look.partnerLine).attr("data-testid", "partner-accepted");
  for (const node of sentence($, partnerAcceptedLine(t, partner, site.timeZone, tag))) accepted.append(node);
  card.append(accepted);
  const arrival = partnerArrivalLine(t, partner, now.getTime(), site.timeZone, tag);
  if (arrival) {
    const line = $("<p>").addClass(look.partnerArrival).attr("data-testid", "partner-arrival");
    for (const node of sentence($, arrival)) line.append(node);
    card.append(line);
  }
  if (partner.step !== "accepted") {
    card.append(
      $("<p>")
        .addClass(look.partnerStep)
        .attr("data-testid", "partner-step")
        .append(text($, `${t.latest}: `))
        .append($("<strong>").text(t.steps[partner.step]))
        .append(text($, " · "))
        .append(
          $("<time>")
            .attr("datetime", partner.stepAt)
            .text(formatPageClock(partner.stepAt, site.timeZone, tag)),
        ),
    );
  }
  if (partner.phone) {
    card.append(
      $("<p>")
        .attr("data-testid", "partner-phone")
        .append(
          callButton($, partnerCallParts(t, partner.companyName, partner.phone)).attr(
            "href",
            telHrefFor(partner.phone),
          ),
        ),
    );
  }
  return card;
}

/** The partner's call button: its words as text, the phone on one line. */
const callButton = ($: Page, parts: ReturnType<typeof partnerCallParts>) =>
  $("<a>")
    .addClass(look.partnerCall)
    .append(text($, parts.before))
    .append($("<span>").addClass(look.partnerCallPhone).text(parts.phone))
    .append(text($, parts.after));

/** The live part as a browser without JavaScript gets it; the island draws the same with the same look. */
function liveSection($: Page, live: RequestPageLive, token: string, locale: Locale, now: Date): Node[] {
  const t: Words = ui[locale].requestPage;
  // The same elements as the island's (RequestLive.tsx), live regions included, so that the island
  // taking over moves nothing on the page.
  const said = $("<div>")
    .addClass(look.statusSaid)
    .attr({ "aria-live": "polite", "aria-atomic": "true" })
    .append(
      $("<p>").addClass(look.statusLabel).attr("data-testid", "request-status").text(statusLabelOf(t.statuses, live)),
    )
    .append($("<p>").addClass(look.statusHint).text(t.hints[live.status]));
  if (live.cancelledAt) {
    said.append(
      $("<p>")
        .addClass(look.statusHint)
        .append(text($, `${t.cancelledOn} `))
        .append(time($, live.cancelledAt, locale))
        .append(text($, ".")),
    );
  }
  const status = $("<section>")
    .addClass(look.statusCard)
    .attr("aria-labelledby", "request-status-heading")
    .append($("<h2>").attr("id", "request-status-heading").addClass(look.statusHeading).text(t.statusHeading))
    .append(said);
  // Said to a screen reader when it changes (an acceptance, a step), like the status.
  const partner = $("<div>").attr({ "aria-live": "polite", "aria-atomic": "true" });
  if (live.partner) partner.append(partnerCard($, live.partner, locale, now));
  const message = $("<div>").attr("aria-live", "polite");
  if (live.message) {
    message.append(
      $("<section>")
        .addClass(look.messageCard)
        .attr("aria-labelledby", "request-message-heading")
        .append($("<h2>").attr("id", "request-message-heading").addClass(look.messageHeading).text(t.messageHeading))
        .append($("<p>").addClass(look.messageText).attr("data-testid", "request-message").text(live.message.text))
        .append(
          $("<p>")
            .addClass(look.messageTime)
            .append(time($, live.message.at, locale)),
        ),
    );
  }
  const parts = [status, partner, message];
  if (live.canCancel) {
    parts.push(
      $("<details>")
        .addClass(look.cancel)
        .append($("<summary>").addClass(look.cancelSummary).text(t.cancelSummary))
        .append(
          $("<form>")
            .attr({ method: "post", action: cancelPath(token) })
            .addClass(look.cancelForm)
            .append($("<p>").addClass("text-slate-700").text(t.cancelExplained))
            .append($("<label>").attr("for", "cancel-reason").addClass(look.reasonLabel).text(t.reasonLabel))
            .append(
              $("<textarea>")
                .attr({ id: "cancel-reason", name: "reason", rows: "3", maxlength: String(MAX_CANCEL_REASON_LENGTH) })
                .addClass(look.reasonInput),
            )
            .append($("<button>").attr("type", "submit").addClass(look.cancelButton).text(t.cancelButton)),
        ),
    );
  }
  return parts;
}

type RequestPageRenderer = (
  facts: RequestPageFacts,
  live: RequestPageLive,
  token: string,
  review: RequestReviewState,
  /** The server's clock: the minutes left to the partner's estimated arrival are counted from it. */
  now: Date,
) => string;
type Slot = (typeof REQUEST_PAGE_SLOTS)[number];

/** In the page's body only: Astro also keeps a copy of the island's fallback in a <template>. */

/** Makes the renderer of one language's built shell (or of a bare page when the site is not built). */
export function requestPageRenderer(shell: string | undefined, locale: Locale): RequestPageRenderer {
  const fillShell = cutShell(shell ?? bareShell(locale), REQUEST_PAGE_SLOTS, {
    name: "request page",
    view: "src/views/DriverRequestPage.astro",
    prefix: "request-page-slot",
  });
  const t = ui[locale].requestPage;
  /** JSON in an attribute, with "<" written as \u003c (still the same JSON), so no typed "<" is in the page at all. */
  const stateAttribute = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (facts, live, token, review, now) => {
    // One small fragment document per page, for this request's parts only.
    const $ = cheerio.load("", null, false);
    const parts: Record<Slot, string> = {
      "request-heading": written(
        $,
        $("<h1>")
          .addClass("text-3xl font-extrabold text-ink")
          .text(fill(t.heading, { number: facts.id })),
      ),
      "request-live": written($, liveSection($, live, token, locale, now)),
      // The island's first state, as the page shows it: JSON in an attribute, escaped like any other
      // (and with "<" written as \u003c, still the same JSON, so no "<" of a typed text is in the page at all).
      "request-live-state": written(
        $,
        $("<div>").attr({
          id: LIVE_STATE_ELEMENT_ID,
          hidden: "",
          "data-state": stateAttribute(live),
        }),
      ),
      "request-review": written($, reviewSection($, review, token, locale)),
      "request-review-state": written(
        $,
        $("<div>").attr({ id: REVIEW_STATE_ELEMENT_ID, hidden: "", "data-state": stateAttribute(review) }),
      ),
      "request-facts": written($, factList($, facts, locale)),
    };
    return fillShell(parts);
  };
}

/** A short page for a browser without JavaScript: a refused cancel, or lookups over the limit; in the page's language. */
export function problemPage(heading: string, message: string, pageHref: string, locale: Locale): string {
  const t = ui[locale].requestPage;
  const { $, main } = problemPageParts(
    languageTag[locale],
    { title: t.problemTitle, heading, message, back: t.back },
    pageHref,
  );
  main.append(
    $("<p>")
      .append(text($, `${t.needHelp} `))
      .append(
        $("<a>")
          .attr("href", `tel:${site.phone.e164}`)
          .text(fill(t.call, { phone: site.phone.display })),
      )
      .append(text($, ".")),
  );
  return $.html();
}
