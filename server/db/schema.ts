import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A driver's service request, exactly as the specification's section 3 lists it. Every column but
 * id and created_at comes from the visitor; the database sets those two.
 */
export const contactRequests = pgTable("contact_requests", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  service: text("service").notNull(),
  pickupLocation: text("pickup_location").notNull(),
  dropoffLocation: text("dropoff_location").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ContactRequestRow = typeof contactRequests.$inferSelect;
export type NewContactRequestRow = typeof contactRequests.$inferInsert;

/** The ways the owner can be told of a new service request. */
export const alertChannels = ["email", "webhook"] as const;
export type AlertChannel = (typeof alertChannels)[number];

/** pending: still to be delivered (or being retried); sent: a receiver accepted it; failed: gave up. */
export const alertStates = ["pending", "sent", "failed"] as const;
export type AlertState = (typeof alertStates)[number];

/**
 * The outbox: one row per service request and alert channel, written in the same statement as the
 * request, so a stored request never lacks its alerts. The delivery worker claims due rows, sends and
 * records each attempt here. The row holds no copy of what the visitor typed: it reads the request
 * when it sends, and deleting a request (a person asking to be forgotten) deletes its alerts with it.
 */
export const alertOutbox = pgTable(
  "alert_outbox",
  {
    /** Stable across retries: the webhook's Idempotency-Key and the e-mail's Message-ID. */
    id: uuid("id").primaryKey().defaultRandom(),
    contactRequestId: integer("contact_request_id")
      .notNull()
      .references(() => contactRequests.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: alertChannels }).notNull(),
    state: text("state", { enum: alertStates }).notNull().default("pending"),
    /** Attempts started so far (a claim counts, so a crash mid-send still counts as a try). */
    attempts: integer("attempts").notNull().default(0),
    /** When the worker may next take it: now for a new alert, later after a failure or while claimed. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** Why the last attempt failed, in words about the receiver (never the visitor's data). */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The worker's only question: which pending alerts are due? A partial index keeps it small.
    index("alert_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
    index("alert_outbox_contact_request_idx").on(table.contactRequestId),
  ],
);

export type AlertOutboxRow = typeof alertOutbox.$inferSelect;
