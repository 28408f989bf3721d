import type { RequestStatus } from "./desk-schema";
import type { DriverPartnerView, JobStepName } from "./partner-schema";

export type { DriverPartnerView };

/**
 * The driver's own request page (`/request/{token}`): what the server and the page's island agree on.
 * The server renders it without JavaScript and streams it to the island; both take their words from
 * the dictionary (src/i18n/{en,es}/request-page.ts, `requestPage`) in the request's language. No zod here: the island
 * loads this file, and the cancel schema (request-page-schema.ts) is the server's.
 */

/** Where a driver follows a request. The token is 32 random bytes in base64url (43 characters). */
export const REQUEST_PAGE_PREFIX = "/request/";
export const requestPagePath = (token: string) => `${REQUEST_PAGE_PREFIX}${token}`;
/** The shape of a page token; anything else cannot be one (but is looked up all the same, see the server). */
export const PAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A desk status as the driver reads it. Lost and spam are both "closed": a sender is never told of spam. */
export const driverStatuses = [
  "received",
  "arranging",
  "accepted",
  "on_the_way",
  "done",
  "closed",
  "cancelled",
] as const;
export type DriverStatus = (typeof driverStatuses)[number];

export const driverStatusOf: Record<RequestStatus, DriverStatus> = {
  new: "received",
  contacted: "arranging",
  dispatched: "on_the_way",
  completed: "done",
  lost: "closed",
  spam: "closed",
  cancelled: "cancelled",
};

/**
 * The desk's "dispatched" said as the partner's own step: "Accepted by …" until the partner who took the
 * job reports On the way (only then "An operator is on the way"). A request dispatched by the desk
 * without a partner of ours (arranged by phone) is on the way as the desk says.
 */
export function driverStatusWith(status: RequestStatus, partner: Pick<DriverPartnerView, "step"> | null): DriverStatus {
  if (status === "dispatched" && partner?.step === "accepted") return "accepted";
  return driverStatusOf[status];
}

/** The statuses of an ended request: nothing more to send to it (no "Send my location again"). */
export const endedDriverStatuses: readonly DriverStatus[] = ["done", "closed", "cancelled"];

/** The status as the page says it: "Accepted by Rivera Towing" names the partner (as text, put in last). */
export const statusLabelOf = (
  statuses: Record<DriverStatus, string>,
  live: Pick<RequestPageLive, "status" | "partner">,
) => statuses[live.status].split("{company}").join(live.partner?.companyName ?? "");

/** Statuses from which the driver may still cancel: not once it is done, closed or already cancelled. */
export const cancellableStatuses: readonly RequestStatus[] = ["new", "contacted", "dispatched"];

/** How long a page keeps working once its request is done, closed or cancelled. */
export const PAGE_LIFETIME_AFTER_END_DAYS = 30;

export const MAX_CANCEL_REASON_LENGTH = 280;

/** What changes on the page while the driver watches it: streamed to the island, rendered by the server. */
export interface RequestPageLive {
  status: DriverStatus;
  /** The owner's message to the driver, as text, and when it was written. */
  message: { text: string; at: string } | null;
  cancelledAt: string | null;
  canCancel: boolean;
  /**
   * The partner operator who accepted the job, their own estimate and their latest step; null until
   * one accepts (and on a cancelled or closed request). Their phone only when the business shows it.
   */
  partner: DriverPartnerView | null;
}

/** The words of the page's partner part, in the request's language (src/i18n/{en,es}/request-page.ts, requestPage.partner). */
export interface PartnerWords {
  heading: string;
  accepted: string;
  acceptedAtOne: string;
  arrival: string;
  arrivalAtOne: string;
  arrivalPassed: string;
  arrivalPassedAtOne: string;
  estimate: string;
  estimateOne: string;
  callButton: string;
  steps: Record<JobStepName, string>;
  latest: string;
  phone: string;
}

/** One piece of a sentence on the page: words, or a time (written in a <time> element). */
export type LinePart = string | { time: string; label: string };

const shortClocks = new Map<string, Intl.DateTimeFormat>();
/** "4:52 AM PST" (en-US) or "4:52 a.m. PST" (es-US): a time of today on the page, in the business's zone. */
function clockOf(timeZone: string, languageTag: string): Intl.DateTimeFormat {
  const key = `${timeZone} ${languageTag}`;
  let clock = shortClocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat(languageTag, {
      timeZone,
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    shortClocks.set(key, clock);
  }
  return clock;
}

/** "{company}" and the like filled in; the island loads no dictionary helper, so this file has its own. */
const filled = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (mark, key: string) => (key in values ? String(values[key]) : mark));

/**
 * A sentence of the page's with one time in it, in parts, so the page's components (src/screens/request/)
 * write the time in a <time> element and the company's name as text. Spanish says "a la 1:05" but
 * "a las 4:52": `atOne` is the sentence for a time in the one o'clock hour.
 */
function sentenceWithTime(
  templates: { usual: string; atOne: string },
  values: Record<string, string | number>,
  at: Date,
  companyName: string,
  clock: Intl.DateTimeFormat,
): LinePart[] {
  const hour = clock.formatToParts(at).find((p) => p.type === "hour")?.value;
  const template = hour === "1" ? templates.atOne : templates.usual;
  const [before = "", after = ""] = filled(template, values).split("{time}");
  // The company's name is put in last and as a value: a "{time}" in a partner's name stays text.
  const withCompany = (piece: string) => piece.split("{company}").flatMap((p, i) => (i === 0 ? [p] : [companyName, p]));
  const parts: LinePart[] = [
    ...withCompany(before),
    { time: at.toISOString(), label: clock.format(at) },
    ...withCompany(after),
  ];
  return parts.filter((p) => p !== "");
}

/** "Rivera Towing accepted your request at 4:52 AM PST.", in parts (sentenceWithTime). */
export function partnerAcceptedLine(
  words: PartnerWords,
  partner: Pick<DriverPartnerView, "companyName" | "acceptedAt">,
  timeZone: string,
  languageTag: string,
): LinePart[] {
  const templates = { usual: words.accepted, atOne: words.acceptedAtOne };
  return sentenceWithTime(
    templates,
    {},
    new Date(partner.acceptedAt),
    partner.companyName,
    clockOf(timeZone, languageTag),
  );
}

/** The arrival is shown while the partner has yet to arrive: accepted, or on the way. */
const arrivalSteps: readonly JobStepName[] = ["accepted", "on_the_way"];

/**
 * "Arrival: around 5:17 AM PST (about 25 minutes, their estimate).": the time the partner's own
 * estimate gives (when they accepted, plus their minutes) and the minutes left at `now`, rounded up, so
 * the count goes down as the page stays open. Once that time has come: "expected around 5:17 AM PST
 * (their estimate). That time has passed.", never a count below zero. Null once they arrived or stopped.
 */
export function partnerArrivalLine(
  words: PartnerWords,
  partner: Pick<DriverPartnerView, "companyName" | "acceptedAt" | "etaMinutes" | "step">,
  now: number,
  timeZone: string,
  languageTag: string,
): LinePart[] | null {
  if (!arrivalSteps.includes(partner.step)) return null;
  const at = new Date(Date.parse(partner.acceptedAt) + partner.etaMinutes * 60_000);
  const minutes = Math.ceil((at.getTime() - now) / 60_000);
  const clock = clockOf(timeZone, languageTag);
  if (minutes <= 0) {
    const templates = { usual: words.arrivalPassed, atOne: words.arrivalPassedAtOne };
    return sentenceWithTime(templates, {}, at, partner.companyName, clock);
  }
  const estimate = filled(minutes === 1 ? words.estimateOne : words.estimate, { minutes });
  return sentenceWithTime(
    { usual: words.arrival, atOne: words.arrivalAtOne },
    { estimate },
    at,
    partner.companyName,
    clock,
  );
}

/**
 * "Call Rivera Towing: (209) 555-0199", the partner's call button, in parts: the words (the partner's
 * name put in as text, last) and the phone, which the button keeps on one line.
 */
export function partnerCallParts(
  words: Pick<PartnerWords, "callButton">,
  companyName: string,
  phone: string,
): { before: string; phone: string; after: string } {
  const [before = "", after = ""] = words.callButton.split("{phone}");
  const named = (piece: string) => piece.split("{company}").join(companyName);
  return { before: named(before), phone, after: named(after) };
}

/** How often the open page works out the minutes left again: the count never lags a minute behind. */
export const ARRIVAL_TICK_MS = 15_000;

/** "4:58 AM PST": when a step was reported. */
export const formatPageClock = (iso: string, timeZone: string, languageTag: string) =>
  clockOf(timeZone, languageTag).format(new Date(iso));

/** The page's fixed facts: only what the driver typed (and its number), never their name or e-mail. */
export interface RequestPageFacts {
  id: number;
  service: string;
  pickupLocation: string;
  sentAt: string;
  /** The last 4 digits of the phone the driver gave; the rest is never sent to the page. */
  phoneLast4: string;
}

export const lastFourDigits = (phone: string) => phone.replace(/\D/g, "").slice(-4);

/** Server-sent event names of GET /api/request/{token}/events. */
export const REQUEST_EVENT_STATE = "state";
/** The request is gone (deleted) or its link expired: the page says so and stops listening. */
export const REQUEST_EVENT_GONE = "gone";
/** The server writes a comment this often, so the page can tell a live stream from a dead one. */
export const REQUEST_EVENTS_HEARTBEAT_MS = 20_000;
/**
 * When the server refuses a stream (too many open from the client's address, or on the server), it
 * asks the page to try one again after this long (Retry-After), and the page does.
 */
export const REQUEST_STREAM_RETRY_MS = 60_000;
/**
 * Meanwhile the page reads the state itself this often: within the 15 s the page promises, with room
 * for a slow answer on a weak signal.
 */
export const REQUEST_STATE_POLL_MS = 10_000;

/** One formatter per zone and language: making one costs far more than using it. */
const pageClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * "Mon, Nov 23, 1:05 AM PST" (en-US) or "lun, 23 de nov, 1:05 a.m. PST" (es-US): a time on the page, in
 * the business's time zone and the page's language (both passed in: this file loads no site facts).
 */
export function formatPageTime(iso: string, timeZone: string, languageTag: string): string {
  const key = `${timeZone} ${languageTag}`;
  let clock = pageClocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat(languageTag, {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    pageClocks.set(key, clock);
  }
  return clock.format(new Date(iso));
}

/**
 * The DOM event the live island sends on `document` with each state it shows (detail: RequestPageLive),
 * so other parts of the page (the "How did it go?" island) follow the request without a stream of their own.
 */
export const REQUEST_LIVE_DOM_EVENT = "request-page:live";

/** Where the page's cancel form posts (JSON from the island, a plain form without JavaScript). */
export const cancelPath = (token: string) => `/api/request/${token}/cancel`;
/** The page's live updates (Server-Sent Events). */
export const eventsPath = (token: string) => `/api/request/${token}/events`;
/** The live part once, as JSON `{live}`: what the page reads when it cannot hold a stream open. */
export const statePath = (token: string) => `/api/request/${token}/state`;
