import { z } from "zod";
import type { Locale } from "../i18n/locales";
import { type LocationView, type RequestSource, requestSources } from "../shared/location";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./service-request-schema";
import { serviceNames } from "./services";

/**
 * What the owner's desk and its API (server/features/desk/) agree on: the statuses a service request moves
 * through, the inbox's filters, and the shapes the API answers with. Shared by the browser and the
 * server, so a filter means the same thing in the list, the CSV export and the tests.
 */

/**
 * Where a service request is in the owner's work: new until someone acts on it. Cancelled comes from
 * the driver alone (their request page); the desk can never set it, nor change a cancelled request.
 */
export const requestStatuses = ["new", "contacted", "dispatched", "completed", "lost", "spam", "cancelled"] as const;
export type RequestStatus = (typeof requestStatuses)[number];
/** Statuses the desk or the partner closed: no more offers, steps or alerts about the job. */
export const closedStatuses: readonly RequestStatus[] = ["completed", "lost", "spam"];
/** Statuses that end a request (its page's 30 days count from the first): closed, or cancelled by the driver. */
export const endedStatuses: readonly RequestStatus[] = [...closedStatuses, "cancelled"];

/** The statuses the desk may set: every one but cancelled, which is the driver's. */
export const deskStatuses = [
  "new",
  "contacted",
  "dispatched",
  "completed",
  "lost",
  "spam",
] as const satisfies readonly RequestStatus[];
export type DeskStatus = (typeof deskStatuses)[number];

export const statusLabels: Record<RequestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  dispatched: "Dispatched",
  completed: "Completed",
  lost: "Lost",
  spam: "Spam",
  cancelled: "Cancelled",
};

/** What a request's history records (request_events.kind): the desk's changes, the driver's, the partners'. */
export const requestEventKinds = [
  "status",
  "note",
  "deleted",
  "driver_message",
  "location_erased",
  /** A desk user offered the job to a partner (partner_id names whom). */
  "offer_sent",
  "offer_declined",
  "offer_expired",
  /** A partner accepted; the note holds the partner's arrival estimate in minutes. */
  "offer_accepted",
  /** The other open offers closed because a partner took the job. */
  "offer_withdrawn",
  /** Every offer expired or was declined: the desk was alerted. */
  "no_partner",
  /** The accepted partner moved the job (on_the_way, on_scene, done, not_completed: the note says which). */
  "job_progress",
  /** The desk added the car's year, make, model or plate. */
  "vehicle",
  /** The caller typed where they are on the /here link (their phone gave no position): the note is their text. */
  "caller_place",
] as const;
export type RequestEventKind = (typeof requestEventKinds)[number];

/** Requests per inbox page. */
export const INBOX_PAGE_SIZE = 25;
export const MIN_PASSWORD_LENGTH = 12;
/** The inbox counts new requests up to this; above it shows "99+". */
export const NEW_COUNT_CAP = 99;
export const newCountLabel = (n: number) => (n > NEW_COUNT_CAP ? `${NEW_COUNT_CAP}+` : String(n));
export const MAX_NOTE_LENGTH = 2000;
/** The owner's message to the driver, shown on the driver's request page: a line or two, like a text message. */
export const MAX_DRIVER_MESSAGE_LENGTH = 280;
const MAX_SEARCH_LENGTH = 200;

/**
 * Every text the desk sends goes through the public form's rule: what PostgreSQL cannot store exactly
 * as typed (NUL, a lone surrogate, U+FFFD) is a 400 that says so, never a failed query.
 */
const storable = z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });

/** True for a day that is on the calendar: 2026-02-28 is, 2026-02-30 and 0000-01-01 are not. */
export function isCalendarDate(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || date < 1) return false;
  // Day 0 of the next month is the last day of this one (Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not).
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return date <= last.getUTCDate();
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2026-11-23" })
  .refine(isCalendarDate, { message: "Not a real date: use a day that is on the calendar, like 2026-11-23" });

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** The inbox's filters, as query-string values. Dates are whole days in the business's time zone. */
export const inboxFilterSchema = z.object({
  status: optional(z.enum(requestStatuses)),
  service: optional(z.enum(serviceNames)),
  /** Where requests came from: the web form, the chat or a phone call. */
  source: optional(z.enum(requestSources)),
  from: optional(isoDate),
  to: optional(isoDate),
  q: optional(storable.pipe(z.string().trim().max(MAX_SEARCH_LENGTH))),
});

export const inboxQuerySchema = inboxFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export type InboxFilter = z.infer<typeof inboxFilterSchema>;

/** The :id of a desk address (a service request's or a partner's): anything else is no such one (404). */
export const deskIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .lt(2 ** 31),
});

export const signInSchema = z.object({
  email: storable.pipe(z.string().trim().min(1, { message: "Required" }).max(254)),
  password: z.string().min(1, { message: "Required" }).max(1024),
});

export const DESK_CANNOT_CANCEL =
  "Only the driver can cancel a request, from their request page. Choose New, Contacted, Dispatched, Completed, Lost or Spam.";
export const statusChangeSchema = z.object({
  status: z.enum(deskStatuses, {
    errorMap: (issue, ctx) =>
      issue.code === "invalid_enum_value" && issue.received === "cancelled"
        ? { message: DESK_CANNOT_CANCEL }
        : { message: ctx.defaultError },
  }),
});
/** Said when the desk tries to change a request the driver cancelled (409). */
export const cancelledByDriverMessage = (id: number) =>
  `The driver cancelled service request #${id} from their request page, so it can no longer be changed. Call them if you need to.`;

/**
 * The owner's message to the driver ("Operator Mike, white flatbed, about 30 minutes"), shown on the
 * driver's page as text. Empty removes it.
 */
export const driverMessageSchema = z.object({
  message: storable.pipe(
    z
      .string()
      .trim()
      .max(MAX_DRIVER_MESSAGE_LENGTH, {
        message: `A message to the driver may be at most ${MAX_DRIVER_MESSAGE_LENGTH} characters`,
      }),
  ),
});
export const noteSchema = z.object({
  note: storable.pipe(
    z
      .string()
      .trim()
      .min(1, { message: "Write a note first" })
      .max(MAX_NOTE_LENGTH, { message: `A note may be at most ${MAX_NOTE_LENGTH} characters` }),
  ),
});

/** One row of the inbox. */
export interface InboxRow {
  id: number;
  createdAt: string;
  name: string;
  /** As the driver typed it: each row has a call button. */
  phone: string;
  service: string;
  pickupLocation: string;
  status: RequestStatus;
  /** The language the driver wrote in ("en", "es"): the owner calls back in it. */
  language: Locale;
  /** Where it came from: the public form (web), the chat, or a call typed in at the desk (phone). */
  source: RequestSource;
}

export interface InboxPage {
  items: InboxRow[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** Requests in status "new", over all requests (not only this filter); NEW_COUNT_CAP + 1 means more. */
  newCount: number;
  /** Alert channels with alerts waiting that no running server can send (none has it configured). */
  alertsWithoutSender: DeskAlertChannel[];
}

export type DeskAlertChannel = "email" | "webhook" | "push";

export interface DeskRequest extends InboxRow {
  email: string;
  dropoffLocation: string;
  /** The vehicle as the driver described it; null when the form's optional field was left empty. */
  vehicle: string | null;
  /** The driver's note for the operator (the car's state, a gate code); null when not given. */
  note: string | null;
  /** What the desk added for the operator (CVC 22513(a)(2)): year, make and model, and the plate; null when not given. */
  deskVehicle: string | null;
  licensePlate: string | null;
  /** What the owner last wrote to the driver (shown on the driver's page), and when; null when nothing. */
  driverMessage: string | null;
  driverMessageAt: string | null;
  /** Set when the driver cancelled the request from their page: when, and their reason if they gave one. */
  cancelledAt: string | null;
  cancelReason: string | null;
  /** The latest position the driver's phone sent, with its nearest town; null when none (or erased). */
  location: LocationView | null;
  /** The positions it replaced, newest first (a driver who moved, or sent again). */
  earlierLocations: LocationView[];
}

/** POST /api/desk/requests/{id}/page-link: a fresh link to the caller's own page, and the language to text it in. */
export interface DeskPageLink {
  path: string;
  language: Locale;
}

/** POST /api/desk/requests/{id}/here-link: a new /here link for the caller, and the language to text it in. */
export interface DeskHereLink {
  path: string;
  expiresAt: string;
  language: Locale;
}

export interface DeskAlert {
  id: string;
  /** What the alert says: a new request, a cancellation (both to the owner), or the driver's confirmation. */
  kind: string;
  channel: string;
  state: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  lastAttemptAt: string | null;
  sentAt: string | null;
}

export interface DeskEvent {
  id: number;
  requestId: number;
  kind: RequestEventKind;
  actor: string;
  fromStatus: RequestStatus | null;
  toStatus: RequestStatus | null;
  note: string | null;
  at: string;
}

export interface DeskRequestDetail {
  request: DeskRequest;
  alerts: DeskAlert[];
  events: DeskEvent[];
}

export interface DeskSignIn {
  id: number;
  at: string;
  email: string;
  succeeded: boolean;
  clientAddress: string;
}

export interface DeskSession {
  user: { email: string };
  csrfToken: string;
}

/** What GET /api/desk/session answers without a session: 401 and the token to sign in with. */
export interface DeskSignedOut {
  error: string;
  csrfToken: string;
}

/** The one answer to a failed sign-in, whether the e-mail or the password was wrong. */
export const SIGN_IN_FAILED = "The email or password is not right.";

/** Bytes in a base64url text without padding (4 characters carry 3 bytes; 1 left over is not base64). */
const base64UrlLength = (text: string) => (text.length % 4 === 1 ? -1 : Math.floor((text.length * 3) / 4));

/** A base64url text of exactly `bytes` bytes (what PushSubscription.toJSON() gives for its keys). */
const base64UrlOf = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `${what} must be base64url.` })
    .refine((text) => base64UrlLength(text.replace(/=+$/, "")) === bytes, {
      message: `${what} must be ${bytes} bytes.`,
    });

/**
 * Where the push service takes notifications for a browser: an address here; which addresses the server
 * will post to is the server's rule (server/shared/public-endpoint.ts), checked when a subscription is saved.
 */
const pushEndpoint = z
  .string()
  .max(2048, { message: "The push endpoint is too long." })
  .url({ message: "The push endpoint must be an address." });

/** POST /api/desk/push-subscriptions: PushSubscription.toJSON() of the owner's browser. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    p256dh: base64UrlOf(65, "The p256dh key"),
    auth: base64UrlOf(16, "The auth secret"),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/desk/push-subscriptions: which browser (any stored endpoint can be removed, whatever the rule). */
export const pushEndpointSchema = z.object({ endpoint: pushEndpoint });

/** GET /api/desk/push: whether push is configured (the VAPID public key), and whether this browser is subscribed. */
export interface DeskPushState {
  publicKey: string | null;
}
