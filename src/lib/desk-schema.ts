import { z } from "zod";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./contact-schema";
import { serviceNames } from "./services";

/**
 * What the owner's desk and its API (server/desk/) agree on: the statuses a service request moves
 * through, the inbox's filters, and the shapes the API answers with. Shared by the browser and the
 * server, so a filter means the same thing in the list, the CSV export and the tests.
 */

/** Where a service request is in the owner's work: new until someone acts on it. */
export const requestStatuses = ["new", "contacted", "dispatched", "completed", "lost", "spam"] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const statusLabels: Record<RequestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  dispatched: "Dispatched",
  completed: "Completed",
  lost: "Lost",
  spam: "Spam",
};

/** Requests per inbox page. */
export const INBOX_PAGE_SIZE = 25;
export const MIN_PASSWORD_LENGTH = 12;
/** The inbox counts new requests up to this; above it shows "99+". */
export const NEW_COUNT_CAP = 99;
export const newCountLabel = (n: number) => (n > NEW_COUNT_CAP ? `${NEW_COUNT_CAP}+` : String(n));
export const MAX_NOTE_LENGTH = 2000;
export const MAX_SEARCH_LENGTH = 200;

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
  from: optional(isoDate),
  to: optional(isoDate),
  q: optional(storable.pipe(z.string().trim().max(MAX_SEARCH_LENGTH))),
});

export const inboxQuerySchema = inboxFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export type InboxFilter = z.infer<typeof inboxFilterSchema>;
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const signInSchema = z.object({
  email: storable.pipe(z.string().trim().min(1, { message: "Required" }).max(254)),
  password: z.string().min(1, { message: "Required" }).max(1024),
});

export const statusChangeSchema = z.object({ status: z.enum(requestStatuses) });
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
}

export interface InboxPage {
  items: InboxRow[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** Requests in status "new", over all requests (not only this filter); NEW_COUNT_CAP + 1 means more. */
  newCount: number;
}

export interface DeskRequest extends InboxRow {
  email: string;
  dropoffLocation: string;
  /** The vehicle as the driver described it; null when the form's optional field was left empty. */
  vehicle: string | null;
}

export interface DeskAlert {
  id: string;
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
  kind: "status" | "note" | "deleted";
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
