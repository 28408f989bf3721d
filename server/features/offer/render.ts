import * as cheerio from "cheerio";
import { offerPage as t } from "../../../src/i18n/en/offer-page";
import { fill, serviceNameIn } from "../../../src/i18n/ui";
import { closedStatuses } from "../../../src/shared/desk-schema";
import { mapSearchHref, telHrefFor } from "../../../src/shared/links";
import { locationView } from "../../../src/shared/location";
import { offerPageLook as look } from "../../../src/shared/offer-page-look";
import { type JobStepName, type OfferPageState, offerActionPath } from "../../../src/shared/partner-schema";
import { formatPageTime } from "../../../src/shared/request-page";
import { site, telHref } from "../../../src/shared/site";
import {
  cutShell,
  type Node,
  type Page,
  problemPageParts,
  textNode as text,
  written,
} from "../request-page/page-shell";
import { townNamedIn } from "./dropoff-town";
import { deadline, jobTop, pickupAreaLine } from "./job-parts";
import type { FoundOffer } from "./store";

/**
 * A partner's offer page, filled in for one offer. The build writes the page around it
 * (src/views/OfferPage.astro); the server fills its empty slots with cheerio, which sets every text as
 * text and every attribute as an attribute: nothing the driver, the owner or a partner typed can become
 * markup. Forms only, no script: it works without JavaScript, and a reload shows where the job stands.
 *
 * Before acceptance the page shows what a partner needs to decide and nothing that names or finds the
 * driver: the service, the pickup's nearest town and distance, the drop-off's town when its words name
 * one, the vehicle as given and the time of the request. After acceptance it shows what California
 * Vehicle Code section 22513(a)(2)(A) asks of "a towing company or the owner or operator of a tow truck
 * summoned, or alleging it was summoned, to the scene by the owner or operator of a disabled vehicle":
 * to "possess all of the following information in writing prior to arriving at the scene" (the
 * section as amended by AB 1222, Stats. 2015 ch. 309; text checked at
 * https://lawserver.com/law/state/california/codes/california_vehicle_code_22513), and the bill's
 * digest adds that a writing includes an electronic record, so this page is that writing. The section's
 * four items (text checked again at getpocketlaw.com's copy of section 22513) and where each is here:
 * (i) "the first and last name and working telephone number of the person who summoned it": the
 * driver's name and phone; (ii) "the make, model, year, and license plate number of the disabled
 * vehicle": the vehicle as the driver gave it, and the desk's year, make, model and plate; (iii) "the
 * date and time it was summoned": the acceptance, with its date; (iv) "the name of the person who
 * obtained the information in clauses (i), (ii), and (iii)": the business, which took the driver's
 * request, with its phone. The pickup and drop-off, with map links, are for the job itself.
 */

const SLOTS = ["offer-heading", "offer-body"] as const;
type Slot = (typeof SLOTS)[number];

const bareShell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${t.title}</title></head><body><main>${SLOTS.map((slot) => `<div data-slot="${slot}"></div>`).join("")}</main></body></html>`;

const callUs = fill(t.callUs, { phone: site.phone.display });
const phone = site.phone.display;

const when = ($: Page, iso: string) =>
  $("<time>")
    .attr("datetime", iso)
    .text(formatPageTime(iso, site.timeZone, "en-US"));
const link = ($: Page, href: string, label: string) => $("<a>").attr("href", href).addClass(look.link).text(label);

function facts($: Page, testId: string): { list: Node; row: (label: string, ...value: (Node | string)[]) => void } {
  const list = $("<dl>").addClass(look.facts).attr("data-testid", testId);
  const row = (label: string, ...value: (Node | string)[]) => {
    const dd = $("<dd>").addClass(look.factValue);
    value.forEach((v, i) => {
      if (i > 0) dd.append($("<br>"));
      dd.append(typeof v === "string" ? text($, v) : v);
    });
    list.append($("<div>").addClass(look.factRow).append($("<dt>").addClass(look.factLabel).text(label)).append(dd));
  };
  return { list, row };
}

const card = ($: Page, heading: string, id: string) =>
  $("<section>")
    .addClass(look.card)
    .attr("aria-labelledby", id)
    .append($("<h2>").attr("id", id).addClass(look.cardHeading).text(heading));

/** A notice in place of the job: taken, withdrawn, expired, declined, cancelled, closed. */
function notice($: Page, heading: string, said: Node | string, testId: string): Node {
  return $("<section>")
    .addClass(look.notice)
    .attr({ role: "status", "data-testid": testId })
    .append($("<h2>").addClass(look.noticeHeading).text(heading))
    .append(
      $("<p>")
        .addClass(look.noticeText)
        .append(typeof said === "string" ? text($, said) : said),
    );
}

const vehicleAsGiven = (found: FoundOffer) =>
  [found.request.vehicle, found.request.deskVehicle].filter((v): v is string => Boolean(v?.trim())).join(" · ");

/** What a partner decides on: nothing that names or finds the driver. */
function decisionFacts($: Page, found: FoundOffer, towns: readonly string[]): Node {
  const { offer, request } = found;
  const { list, row } = facts($, "offer-facts");
  row(t.service, serviceNameIn("en", request.service));
  row(t.pickupArea, pickupAreaLine(offer.town, offer.distanceKm));
  const town = townNamedIn(request.dropoffLocation, towns);
  row(t.dropoffArea, town ? fill(t.dropoffTown, { town }) : t.dropoffLater);
  row(t.vehicle, vehicleAsGiven(found) || t.vehicleNotGiven);
  row(t.requestedAt, when($, request.createdAt.toISOString()));
  return list;
}

function answerForms($: Page, token: string): [Node, Node] {
  const accept = card($, t.acceptHeading, "offer-accept-heading").append(
    $("<form>")
      .attr({ method: "post", action: offerActionPath(token, "accept") })
      .addClass(look.form)
      .append($("<label>").attr("for", "offer-eta").addClass(look.label).text(t.etaLabel))
      .append($("<p>").attr("id", "offer-eta-hint").addClass(look.hint).text(t.etaHint))
      .append(
        $("<input>").attr({
          id: "offer-eta",
          name: "etaMinutes",
          type: "number",
          inputmode: "numeric",
          min: "1",
          max: "600",
          step: "1",
          required: "",
          "aria-describedby": "offer-eta-hint",
        }),
      )
      .append($("<button>").attr("type", "submit").addClass(look.primaryButton).text(t.acceptButton)),
  );
  accept.find("input").addClass(look.input);
  accept.append($("<p>").addClass(look.hint).text(t.privacyNote));
  const decline = $("<details>")
    .addClass(look.details)
    .append($("<summary>").addClass(look.summary).text(t.declineSummary))
    .append(
      $("<form>")
        .attr({ method: "post", action: offerActionPath(token, "decline") })
        .addClass(`${look.form} ${look.detailsBody}`)
        .append($("<label>").attr("for", "offer-decline-reason").addClass(look.label).text(t.reasonLabel))
        .append(
          $("<textarea>")
            .attr({ id: "offer-decline-reason", name: "reason", rows: "3", maxlength: "280" })
            .addClass(look.input),
        )
        .append($("<button>").attr("type", "submit").addClass(look.secondaryButton).text(t.declineButton)),
    );
  return [accept, decline];
}

/** Everything CVC 22513(a)(2) asks the summoned operator to hold in writing before arriving. */
function jobRecord($: Page, found: FoundOffer): Node {
  const { offer, request } = found;
  const { list, row } = facts($, "offer-record");
  const notYet = fill(t.notGivenYet, { phone });
  row(t.service, serviceNameIn("en", request.service));
  row(t.driver, request.name);
  row(t.driverPhone, link($, telHrefFor(request.phone), request.phone));
  row(t.vehicleDriver, request.vehicle?.trim() || t.vehicleNotGiven);
  row(t.vehicleDesk, request.deskVehicle?.trim() || notYet);
  row(t.plate, request.licensePlate?.trim() || notYet);
  row(t.pickup, request.pickupLocation, link($, mapSearchHref(request.pickupLocation), t.openMap));
  const position = locationView(request);
  if (position) {
    row(
      t.phonePosition,
      `${position.latitude}, ${position.longitude}`,
      fill(t.positionNote, {
        time: formatPageTime(position.fixedAt, site.timeZone, "en-US"),
        accuracy: String(Math.round(position.accuracyM)),
      }),
      link($, position.geoUri, t.openMap),
      link($, position.openStreetMapUrl, t.openPosition),
    );
  }
  row(t.dropoff, request.dropoffLocation, link($, mapSearchHref(request.dropoffLocation), t.openMap));
  row(t.requestedAt, when($, request.createdAt.toISOString()));
  if (offer.answeredAt) row(t.summonedAt, when($, offer.answeredAt.toISOString()));
  row(
    t.arrangedBy,
    $("<span>")
      .append(text($, `${site.name}, `))
      .append(link($, telHref, phone)),
  );
  return card($, t.recordHeading, "offer-record-heading")
    .append($("<p>").addClass(look.hint).text(t.recordIntro))
    .append(list);
}

/** The one step after `step`, in order (On the way, On scene, Done): no button ever skips one. */
const STEP_ORDER = ["accepted", "on_the_way", "on_scene", "done"] as const;
function nextStep(step: JobStepName): Exclude<(typeof STEP_ORDER)[number], "accepted"> | undefined {
  const next = STEP_ORDER[STEP_ORDER.indexOf(step as (typeof STEP_ORDER)[number]) + 1];
  return step === "not_completed" || next === "accepted" ? undefined : next;
}

const stepForm = ($: Page, token: string, step: string) =>
  $("<form>")
    .attr({ method: "post", action: offerActionPath(token, "step") })
    .addClass(look.form)
    .append($("<input>").attr({ type: "hidden", name: "step", value: step }));
const submit = ($: Page, style: string, label: string) =>
  $("<button>").attr("type", "submit").addClass(style).text(label);

/** "Job done" ends the job, so it takes two taps: the first opens the question, the second answers it. */
function confirmDone($: Page, token: string): Node {
  return $("<details>")
    .addClass(look.details)
    .attr("data-testid", "offer-done")
    .append($("<summary>").addClass(look.primarySummary).text(t.stepButtons.done))
    .append(
      stepForm($, token, "done")
        .addClass(look.detailsBody)
        .append($("<p>").addClass(look.confirmText).text(t.doneConfirm))
        .append(submit($, look.primaryButton, t.doneYes)),
    );
}

/** "Could not complete" ends the job too: a question first, then "Gone on arrival" or a reason. */
function notCompleted($: Page, token: string): Node {
  return $("<details>")
    .addClass(`${look.details} mt-6`)
    .attr("data-testid", "offer-not-completed")
    .append($("<summary>").addClass(look.summary).text(t.notCompletedSummary))
    .append(
      $("<div>")
        .addClass(look.detailsBody)
        .append($("<p>").addClass(look.confirmText).text(t.notCompletedConfirm))
        .append(
          stepForm($, token, "not_completed")
            .append($("<input>").attr({ type: "hidden", name: "reason", value: t.goneOnArrival }))
            .append(submit($, look.secondaryButton, t.goneOnArrivalYes)),
        )
        .append(
          stepForm($, token, "not_completed")
            .append($("<label>").attr("for", "offer-not-completed").addClass(look.label).text(t.notCompletedLabel))
            .append(
              $("<textarea>")
                .attr({ id: "offer-not-completed", name: "reason", rows: "3", maxlength: "280" })
                .addClass(look.input),
            )
            .append(submit($, look.dangerButton, t.notCompletedButton)),
        ),
    );
}

/** The accepted job's progress: where it stands, and the steps still ahead as buttons (forms). */
function progress($: Page, found: FoundOffer, state: OfferPageState, token: string): Node {
  const { offer } = found;
  const step = state.step ?? "accepted";
  const section = card($, t.stepsHeading, "offer-steps-heading");
  const now = $("<p>").addClass(look.stepNow).attr({ "data-testid": "offer-step", "aria-live": "polite" });
  now.text(t.steps[step]);
  section.append(now);
  if (state.stepAt) {
    section.append($("<p>").addClass(look.hint).append(when($, state.stepAt)));
  }
  if (offer.notCompletedReason) {
    section.append(
      $("<p>")
        .addClass(look.noticeText)
        .text(fill(t.notCompletedReason, { reason: offer.notCompletedReason })),
    );
  }
  const ended = step === "done" || step === "not_completed";
  if (ended) return section.append($("<p>").addClass(look.hint).text(t.finished));
  const next = nextStep(step);
  if (next === "done") section.append(confirmDone($, token));
  else if (next)
    section.append(
      $("<div>")
        .addClass(look.buttonRow)
        .append(stepForm($, token, next).append(submit($, look.primaryButton, t.stepButtons[next]))),
    );
  section.append(notCompleted($, token));
  return section;
}

interface Context {
  found: FoundOffer;
  state: OfferPageState;
  token: string;
  towns: readonly string[];
  now: Date;
}

function body($: Page, { found, state, token, towns, now }: Context): Node[] {
  const { request } = found;
  const by = text($, fill(t.from, { company: found.partner.companyName, business: site.name }));
  const intro = $("<p>").addClass(look.hint).append(by);
  switch (state.state) {
    case "accepted": {
      if (state.driverCancelled)
        return [intro, notice($, t.cancelledHeading, fill(t.cancelled, { phone }), "offer-cancelled")];
      const said = $("<p>")
        .addClass(look.noticeText)
        .attr("data-testid", "offer-accepted")
        .text(
          fill(t.acceptedSaid, {
            time: formatPageTime(state.answeredAt ?? state.expiresAt, site.timeZone, "en-US"),
            minutes: String(state.etaMinutes ?? ""),
          }),
        );
      // Closed by the desk before this partner finished: no step buttons, and no driver's details to keep.
      const finished = state.step === "done" || state.step === "not_completed";
      if (closedStatuses.includes(request.status) && !finished)
        return [intro, said, notice($, t.closedHeading, fill(t.closed, { phone }), "offer-closed")];
      // Handed on to another partner: the driver's details are theirs now, not this partner's.
      if (state.taken)
        return [
          intro,
          said,
          progress($, found, state, token),
          notice($, t.takenHeading, t.handedOn, "offer-handed-on"),
        ];
      return [intro, jobTop($, found), said, progress($, found, state, token), jobRecord($, found)];
    }
    case "withdrawn":
      return state.taken
        ? [intro, notice($, t.takenHeading, t.taken, "offer-taken")]
        : [intro, notice($, t.withdrawnHeading, fill(t.withdrawn, { phone }), "offer-withdrawn")];
    case "declined":
      if (state.taken) return [intro, notice($, t.takenHeading, t.takenAfterDecline, "offer-taken")];
      return [intro, notice($, t.declinedHeading, t.declined, "offer-declined")];
    case "expired":
      if (state.taken) return [intro, notice($, t.takenHeading, t.taken, "offer-taken")];
      return [
        intro,
        notice(
          $,
          t.expiredHeading,
          fill(t.expired, { time: formatPageTime(state.expiresAt, site.timeZone, "en-US"), phone }),
          "offer-expired",
        ),
      ];
    default: {
      if (state.driverCancelled)
        return [intro, notice($, t.cancelledHeading, fill(t.cancelled, { phone }), "offer-cancelled")];
      if (closedStatuses.includes(request.status)) {
        return [intro, notice($, t.closedHeading, fill(t.closed, { phone }), "offer-closed")];
      }
      // Job first: the deadline and the answer above the fold of a phone, the facts under them.
      const [accept, decline] = answerForms($, token);
      return [
        intro,
        deadline($, found.offer.expiresAt, now),
        accept,
        card($, t.decideHeading, "offer-facts-heading").append(decisionFacts($, found, towns)),
        decline,
      ];
    }
  }
}

/** `now` is the server's clock (tests move it): the deadline's "6 min left" is written as of it. */
export type OfferPageRenderer = (found: FoundOffer, state: OfferPageState, token: string, now?: Date) => string;

/** Makes the renderer of the built shell (or of a bare page when the site is not built); `towns` are the towns served. */
export function offerPageRenderer(shell: string | undefined, towns: readonly string[]): OfferPageRenderer {
  const fillShell = cutShell(shell ?? bareShell, SLOTS, {
    name: "offer page",
    view: "src/views/OfferPage.astro",
    prefix: "offer-page-slot",
  });
  return (found, state, token, now = new Date()) => {
    const $ = cheerio.load("", null, false);
    const number = found.request.id;
    const parts: Record<Slot, string> = {
      "offer-heading": written(
        $,
        $("<h1>")
          .addClass(look.heading)
          .text(fill(state.state === "accepted" ? t.acceptedHeading : t.heading, { number })),
      ),
      "offer-body": written($, body($, { found, state, token, towns, now })),
    };
    return fillShell(parts);
  };
}

/** A short page for a refused form post or lookups over the limit, with the way back and the phone. */
export function offerProblemPage(heading: string, message: string, pageHref: string): string {
  const { $, main } = problemPageParts("en", { title: t.problemTitle, heading, message, back: t.back }, pageHref);
  main.append($("<p>").append($("<a>").attr("href", telHref).text(site.phone.display)));
  return $.html();
}

export { callUs };
