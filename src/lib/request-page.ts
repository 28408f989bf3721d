import type { RequestStatus } from "./desk-schema";

/**
 * The driver's own request page (`/request/{token}`): what the server and the page's island agree on.
 * The server renders it without JavaScript and streams it to the island; both read the words here.
 * No zod here: the island loads this file, and the cancel schema (request-page-schema.ts) is the server's.
 */

/** Where a driver follows a request. The token is 32 random bytes in base64url (43 characters). */
export const REQUEST_PAGE_PREFIX = "/request/";
export const requestPagePath = (token: string) => `${REQUEST_PAGE_PREFIX}${token}`;
/** The shape of a page token; anything else cannot be one (but is looked up all the same, see the server). */
export const PAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A desk status as the driver reads it. Lost and spam are both "closed": a sender is never told of spam. */
export const driverStatuses = ["received", "arranging", "on_the_way", "done", "closed", "cancelled"] as const;
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

export const driverStatusLabels: Record<DriverStatus, string> = {
  received: "Received",
  arranging: "We are arranging your help",
  on_the_way: "An operator is on the way",
  done: "Done",
  closed: "Closed",
  cancelled: "Cancelled",
};

/** One line under the status: what it means for the driver. No arrival time: only the owner's message may say one. */
export const driverStatusHints: Record<DriverStatus, string> = {
  received: "Your request has reached our dispatchers. We will call you back.",
  arranging: "A dispatcher is finding a partner operator for you.",
  on_the_way: "A partner operator has been sent to your pickup location.",
  done: "This request is finished.",
  closed: "This request is closed. If you still need help, call us.",
  cancelled: "You told us you no longer need help.",
};

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
}

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

/** The page's own words, the same whether the server or the island renders them. */
export const requestPageText = {
  statusHeading: "Status",
  messageHeading: "Message from the dispatcher",
  cancelSummary: "I no longer need help",
  cancelExplained:
    "This tells our dispatchers that you no longer need help, and stops your request. It cannot be undone.",
  reasonLabel: "Reason (optional)",
  cancelButton: "Yes, cancel my request",
  cancelledOn: "You cancelled this request on",
  gone: "This page is no longer available. If you still need help, call us.",
} as const;

/** One formatter per zone: making one costs far more than using it. */
const pageClocks = new Map<string, Intl.DateTimeFormat>();

/** "Mon, Nov 23, 1:05 AM PST": a time on the page, in the business's time zone (passed in: this file loads no site facts). */
export function formatPageTime(iso: string, timeZone: string): string {
  let clock = pageClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    pageClocks.set(timeZone, clock);
  }
  return clock.format(new Date(iso));
}

/** Where the page's cancel form posts (JSON from the island, a plain form without JavaScript). */
export const cancelPath = (token: string) => `/api/request/${token}/cancel`;
/** The page's live updates (Server-Sent Events). */
export const eventsPath = (token: string) => `/api/request/${token}/events`;
/** The live part once, as JSON `{live}`: what the page reads when it cannot hold a stream open. */
export const statePath = (token: string) => `/api/request/${token}/state`;
