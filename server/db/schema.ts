import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { locales } from "../../src/i18n/locales";
import { requestEventKinds, requestStatuses } from "../../src/shared/desk-schema";
import { requestSources } from "../../src/shared/location";

/**
 * Everything the desk's search looks through, as one lower-case text; the phone twice, as typed and
 * as bare digits, so "2095550100" finds "(209) 555-0100". The same expression is in
 * the trigram index and in the query (server/features/desk/requests.ts), so PostgreSQL can use the index.
 */
export const searchableText = sql.raw(
  `lower("name" || ' ' || "phone" || ' ' || regexp_replace("phone", '[^0-9]', '', 'g') || ' ' || "email" || ' ' || "pickup_location" || ' ' || "dropoff_location")`,
);

/**
 * A driver's service request: the specification's section 3 fields, plus the optional vehicle the
 * driver may describe. Every column but id, created_at and status comes from the visitor; the
 * database sets those, the desk moves status. The code calls it a service request everywhere; the
 * table (and its columns and indexes, such as contact_request_id) keeps the specification's name,
 * contact_requests, so existing databases and the specification agree.
 */
export const serviceRequests = pgTable(
  "contact_requests",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    service: text("service").notNull(),
    pickupLocation: text("pickup_location").notNull(),
    dropoffLocation: text("dropoff_location").notNull(),
    /** The driver's own words for the car ("2014 Honda Civic, silver"); optional, so null when not given. */
    vehicle: text("vehicle"),
    /**
     * The driver's optional note for the operator (the car's state, a gate code): shown to the desk and
     * to the partner who accepts, never before. Null when not given; deleted with the request.
     */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: requestStatuses }).notNull().default("new"),
    /** The form's Idempotency-Key: a repeat of a stored key stores nothing. Null for a plain form post. */
    idempotencyKey: text("idempotency_key"),
    /** What the owner last wrote to the driver from the desk; the driver's page shows it as text. */
    driverMessage: text("driver_message"),
    driverMessageAt: timestamp("driver_message_at", { withTimezone: true }),
    /** When the driver cancelled the request from its page (only the driver can), and why if they said. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /**
     * When the request last became done, closed (lost, spam) or cancelled; null while it is open. Its
     * driver's page stops working 30 days after this.
     */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The language of the page the driver sent it from ("en", "es"): the owner calls back in it. */
    language: text("language", { enum: locales }).notNull().default("en"),
    /** Where the request came from: the public form (web), the chat, or a call the desk typed in (phone). */
    source: text("source", { enum: requestSources }).notNull().default("web"),
    /**
     * The latest position the driver's phone gave (WGS 84 degrees), its accuracy radius in metres and
     * when the phone took it; all null when none was sent, and erased LOCATION_RETENTION_DAYS after the
     * request ends. The nearest town and the distance to its centre are worked out by the server when
     * the position arrives (src/shared/nearest-town.ts), so every reader shows the same.
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationAccuracyM: doublePrecision("location_accuracy_m"),
    locationFixedAt: timestamp("location_fixed_at", { withTimezone: true }),
    nearestTown: text("nearest_town"),
    nearestTownKm: doublePrecision("nearest_town_km"),
    /**
     * What the desk adds about the car when the driver gave too little for the operator (CVC 22513(a)(2)
     * asks for year, make, model and plate): the year, make and model as the owner heard them, and the
     * plate. The driver's own words stay in `vehicle`.
     */
    deskVehicle: text("desk_vehicle"),
    licensePlate: text("license_plate"),
  },
  (table) => [
    uniqueIndex("contact_requests_idempotency_key_idx").on(table.idempotencyKey),
    // The desk lists newest first (id order) within a status or a service, and filters by date.
    index("contact_requests_status_id_idx").on(table.status, table.id),
    index("contact_requests_service_id_idx").on(table.service, table.id),
    index("contact_requests_created_at_idx").on(table.createdAt),
    // The numbers page counts cancellations by the day they happened: only cancelled requests have
    // cancelled_at, so this small index spares it a scan of every request.
    index("contact_requests_cancelled_at_idx").on(table.cancelledAt).where(sql`${table.status} = 'cancelled'`),
    // The hourly retention job asks which requests ended before its cutoff (server/features/retention/):
    // this spares it a scan of every request, open or long erased.
    index("contact_requests_ended_at_idx").on(table.endedAt),
    // Search: a trigram index over everything the desk searches, so "%text%" needs no full scan.
    // The operator class is schema-qualified because the extension lives in public (see 0002).
    index("contact_requests_search_idx").using("gin", sql`(${searchableText}) public.gin_trgm_ops`),
  ],
);

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;

/**
 * The links to a driver's request page (`/request/{token}`). Only the SHA-256 of each token is kept:
 * the token itself goes to the driver (the form's answer, the confirmation e-mail) and nowhere else,
 * so the table alone opens no page. A request may have several links (the form's, the e-mail's, a
 * repeat of the form's send), each as unguessable as the others. Deleting the request deletes them.
 */
export const requestPageLinks = pgTable(
  "request_page_links",
  {
    id: serial("id").primaryKey(),
    serviceRequestId: integer("contact_request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the token's text. */
    tokenSha256: text("token_sha256").notNull(),
    /**
     * Made on the desk for the owner to text the caller: a fresh one replaces the desk's earlier one
     * (the token cannot be shown again), never the links the form or the e-mail gave.
     */
    madeAtDesk: boolean("made_at_desk").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("request_page_links_token_sha256_idx").on(table.tokenSha256),
    index("request_page_links_contact_request_idx").on(table.serviceRequestId),
  ],
);

/**
 * The short private links "Ask for the location" makes (`/here/{token}`): a caller opens it and taps
 * one button to send the phone's position to the request. Only the SHA-256 of the token is kept, as
 * for the request page; each link expires (HERE_LINK_LIFETIME_MS) and goes with its request.
 */
export const hereLinks = pgTable(
  "here_links",
  {
    id: serial("id").primaryKey(),
    serviceRequestId: integer("contact_request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    tokenSha256: text("token_sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("here_links_token_sha256_idx").on(table.tokenSha256),
    index("here_links_contact_request_idx").on(table.serviceRequestId),
  ],
);

/** Where a later position came from: the /here link, or "Send my location again" on the driver's page. */
export const fixSources = ["web", "here", "request_page"] as const;

/**
 * The earlier positions of a request: when a new fix arrives, the one it replaces on the request is
 * kept here, so the desk shows the latest with the earlier ones in its history. Erased with the
 * request's position by the retention job, and deleted with the request.
 */
export const requestLocations = pgTable(
  "request_locations",
  {
    id: serial("id").primaryKey(),
    serviceRequestId: integer("contact_request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    accuracyM: doublePrecision("accuracy_m").notNull(),
    fixedAt: timestamp("fixed_at", { withTimezone: true }).notNull(),
    nearestTown: text("nearest_town"),
    nearestTownKm: doublePrecision("nearest_town_km"),
  },
  (table) => [index("request_locations_contact_request_idx").on(table.serviceRequestId, table.id)],
);

/** The ways the owner can be told of a new service request (push: Web Push to the desk's subscribed phones). */
export const alertChannels = ["email", "webhook", "push"] as const;
export type AlertChannel = (typeof alertChannels)[number];

/** pending: still to be delivered (or being retried); sent: a receiver accepted it; failed: gave up. */
/** skipped: nothing was left to send when it was claimed (an offer that closed before it went out). */
export const alertStates = ["pending", "sent", "skipped", "failed"] as const;

/**
 * What an alert says: a new request (to the owner), a cancellation by the driver (to the owner), or
 * the confirmation e-mail to the driver who sent the request.
 */
export const alertKinds = [
  "new_request",
  "cancelled",
  "driver_confirmation",
  /** To a partner: a job is offered to you (e-mail with the offer's link, webhook offer.created). */
  "offer_created",
  /** To a partner whose open offer closed because another partner took the job (offer.withdrawn). */
  "offer_withdrawn",
  /** To the partner who accepted: the driver cancelled the request (offer.cancelled). */
  "offer_cancelled",
  /** To the desk: every offer on a job expired or was declined (no partner took it). */
  "no_partner",
  /** To the desk: the partner who had accepted the job reported they could not complete it. */
  "job_not_completed",
  /** To the driver, by e-mail, once, about two hours after the request was done: how did it go? */
  "review_request",
] as const;
export type AlertKind = (typeof alertKinds)[number];

/**
 * The outbox: one row per service request, alert kind and channel, written in the same statement as
 * the request (or as the cancellation), so a stored request never lacks its alerts. The delivery worker claims due rows, sends and
 * records each attempt here. The row holds no copy of what the visitor typed: it reads the request
 * when it sends, and deleting a request (a person asking to be forgotten) deletes its alerts with it.
 */
export const alertOutbox = pgTable(
  "alert_outbox",
  {
    /** Stable across retries: the webhook's Idempotency-Key and the e-mail's Message-ID. */
    id: uuid("id").primaryKey().defaultRandom(),
    serviceRequestId: integer("contact_request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: alertChannels }).notNull(),
    kind: text("kind", { enum: alertKinds }).notNull().default("new_request"),
    /** The offer an offer_* alert is about (its partner is the receiver); null for every other kind. */
    offerId: integer("offer_id").references(() => partnerOffers.id, { onDelete: "cascade" }),
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
    index("alert_outbox_contact_request_idx").on(table.serviceRequestId),
    // A request is asked for its review once, whatever its history: a second "done" queues nothing.
    uniqueIndex("alert_outbox_review_request_once_idx")
      .on(table.serviceRequestId, table.channel)
      .where(sql`${table.kind} = 'review_request'`),
  ],
);

/**
 * Each server's heartbeat: the alert channels it sends on, and when it last said so (its worker's loop
 * writes it every few seconds). Other servers read it to queue alerts on every channel some server of
 * the installation sends (a server without SMTP still queues the e-mails, for one that has it), and to
 * tell the desk and /api/health when alerts wait on a channel no live server has.
 */
export const alertServers = pgTable("alert_servers", {
  /** A random id per process start. */
  id: text("id").primaryKey(),
  /** The channels it carries whole (the desk's); every server also posts the partners' webhooks. */
  channels: text("channels", { enum: alertChannels }).array().notNull(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
});

/** A person who may use the desk. Made on the command line only (npm run desk). */
export const deskUsers = pgTable(
  "desk_users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-case, so sign-in ignores the case the owner types. */
    email: text("email").notNull(),
    /** scrypt$N$r$p$salt$hash (server/features/desk/passwords.ts). */
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("desk_users_email_idx").on(table.email)],
);

/**
 * A signed-in browser. Kept in the database so that signing out, removing the user or resetting the
 * password ends it at once, on every server. Removing the user removes its sessions (cascade).
 */
export const deskSessions = pgTable(
  "desk_sessions",
  {
    /** The random id in the cookie. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => deskUsers.id, { onDelete: "cascade" }),
    /** @fastify/session's own fields (everything but the cookie), as JSON. */
    data: text("data").notNull(),
    /** Signed in at: the absolute expiry counts from here. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Last request: the idle expiry counts from here. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("desk_sessions_user_idx").on(table.userId)],
);

/** Every sign-in attempt, kept for the owner to see who tried to get in and from where. */
export const deskSignIns = pgTable(
  "desk_sign_ins",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The address as typed (lower-cased, shortened): a failed try may name no account. */
    email: text("email").notNull(),
    succeeded: boolean("succeeded").notNull(),
    clientAddress: text("client_address").notNull(),
  },
  (table) => [index("desk_sign_ins_at_idx").on(table.at)],
);

/** Who the history names when the driver cancelled from their request page. */
export const DRIVER_ACTOR = "the driver";

/** Who the history names when a caller typed where they are on a /here link. */
export const CALLER_ACTOR = "the caller";

/** Who the history names when the retention job erased a position or deleted a request. */
export const RETENTION_ACTOR = "the retention rule";

/**
 * The history of every change the desk makes to a service request: who, when, what. request_id has
 * no foreign key on purpose: when a request is deleted its own events (notes may hold personal data)
 * go with it, and one "deleted" event that names only the id and who deleted it stays.
 */
export const requestEvents = pgTable(
  "request_events",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id").notNull(),
    kind: text("kind", { enum: requestEventKinds }).notNull(),
    /** The e-mail of the desk user, copied so the history outlives the account; DRIVER_ACTOR for the driver's cancel. */
    actor: text("actor").notNull(),
    fromStatus: text("from_status", { enum: requestStatuses }),
    toStatus: text("to_status", { enum: requestStatuses }),
    note: text("note"),
    /** The partner an offer_* or job_progress event is about; no foreign key, like request_id. */
    partnerId: integer("partner_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("request_events_request_idx").on(table.requestId, table.id),
    // The numbers page: first contact and acceptance times over a period.
    index("request_events_kind_at_idx").on(table.kind, table.at),
  ],
);

/**
 * A browser (the owner's phone) that asked the desk for Web Push notifications of new service
 * requests: the push service's endpoint and the keys the payload is encrypted for (RFC 8291). Owned
 * by the desk user who subscribed it; removing the user removes it. One row per endpoint.
 */
export const deskPushSubscriptions = pgTable(
  "desk_push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => deskUsers.id, { onDelete: "cascade" }),
    /** The push service's address for this browser: a capability URL, so never logged. */
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** When the browser last gave this subscription (the desk gives it again each time it opens). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("desk_push_subscriptions_endpoint_idx").on(table.endpoint)],
);

export type DeskPushSubscriptionRow = typeof deskPushSubscriptions.$inferSelect;

/**
 * A partner operator: a towing company the business refers jobs to. Desk users add and edit them;
 * they are never deleted once offered a job (their record is the report's), only paused.
 */
export const partners = pgTable(
  "partners",
  {
    id: serial("id").primaryKey(),
    companyName: text("company_name").notNull(),
    contactName: text("contact_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    /** Where offer.* events go for a partner with a system of its own (HTTPS); null for none. */
    webhookUrl: text("webhook_url"),
    /** The slugs of the services they take and the names of the towns they cover (src/shared/). */
    services: text("services").array().notNull(),
    towns: text("towns").array().notNull(),
    active: boolean("active").notNull().default(true),
    notes: text("notes").notNull().default(""),
    /** The insurance certificate's expiry; a partner past it is never suggested. */
    insuranceExpiresOn: date("insurance_expires_on", { mode: "string" }),
    /** Rotation: the least recently offered partner is listed first (null: never offered). */
    lastOfferedAt: timestamp("last_offered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("partners_company_name_idx").on(table.companyName)],
);

export type PartnerRow = typeof partners.$inferSelect;

/**
 * Where an offer is: open (offered, waiting for an answer), accepted, declined, expired (nobody
 * answered within OFFER_TIMEOUT_MINUTES), withdrawn (another partner took the job, or the desk took
 * it back).
 */
export const offerStates = ["offered", "accepted", "declined", "expired", "withdrawn"] as const;
export type OfferState = (typeof offerStates)[number];

/** The steps of an accepted job, reported by the partner from the offer's page. */
export const jobSteps = ["accepted", "on_the_way", "on_scene", "done", "not_completed"] as const;
export type JobStep = (typeof jobSteps)[number];

/**
 * One job offered to one partner. The first acceptance wins: a unique index allows one accepted offer
 * per request that still holds the job, so two partners accepting at once (on any number of servers)
 * cannot both win. An accepted job its partner could not complete no longer holds it: the owner can
 * offer it again, and a second partner can accept, while the first one's record stays as it was.
 */
export const partnerOffers = pgTable(
  "partner_offers",
  {
    id: serial("id").primaryKey(),
    serviceRequestId: integer("contact_request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    state: text("state", { enum: offerStates }).notNull().default("offered"),
    /** The town the job was matched on (the driver's nearest town, or the owner's choice) and its distance. */
    town: text("town").notNull(),
    distanceKm: doublePrecision("distance_km"),
    /** The desk user who sent it, copied so the record outlives the account. */
    offeredBy: text("offered_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** After this an open offer can no longer be accepted (OFFER_TIMEOUT_MINUTES). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the partner accepted, declined, or the offer expired or was withdrawn. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The partner's own arrival estimate, in minutes; required to accept. */
    etaMinutes: integer("eta_minutes"),
    declineReason: text("decline_reason"),
    /** The accepted job's latest step, and when it was reported. */
    step: text("step", { enum: jobSteps }),
    stepAt: timestamp("step_at", { withTimezone: true }),
    /** Why the job could not be completed (gone on arrival, or the partner's words). */
    notCompletedReason: text("not_completed_reason"),
  },
  (table) => [
    uniqueIndex("partner_offers_one_accepted_idx")
      .on(table.serviceRequestId)
      .where(sql`${table.state} = 'accepted' and ${table.step} is distinct from 'not_completed'`),
    index("partner_offers_contact_request_idx").on(table.serviceRequestId, table.id),
    index("partner_offers_partner_created_idx").on(table.partnerId, table.createdAt),
    // The expiry sweep: which open offers are past their time?
    index("partner_offers_open_expires_idx").on(table.expiresAt).where(sql`${table.state} = 'offered'`),
  ],
);

export type PartnerOfferRow = typeof partnerOffers.$inferSelect;

/**
 * The offer that holds a request's job: accepted, and not reported as could not complete. The same
 * predicate as partner_offers_one_accepted_idx, so at most one offer per request matches it.
 */
export const holdsTheJob = sql`${partnerOffers.state} = 'accepted' and ${partnerOffers.step} is distinct from 'not_completed'`;

/**
 * The private links to an offer (`/offer/{token}`): only the SHA-256 of each token is kept, as for the
 * request page; the token travels only in the partner's e-mail or webhook. A link opens its one offer
 * and expires (OFFER_LINK_HOURS after it was made).
 */
export const offerLinks = pgTable(
  "offer_links",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => partnerOffers.id, { onDelete: "cascade" }),
    tokenSha256: text("token_sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("offer_links_token_sha256_idx").on(table.tokenSha256),
    index("offer_links_offer_idx").on(table.offerId),
  ],
);

/**
 * A driver's review of a finished request: 1 to 5 stars, an optional comment, and a separate consent
 * to show it on the website. One per request (editable for 7 days). The first name and town are
 * copied when the review is written, so a published review outlives its request's retention; the
 * request's id is then set null. The owner can publish (consent only) or hide it, never edit it.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    serviceRequestId: integer("contact_request_id").references(() => serviceRequests.id, { onDelete: "set null" }),
    /** The partner who did the job, if any (copied from the accepted offer). */
    partnerId: integer("partner_id").references(() => partners.id, { onDelete: "set null" }),
    stars: integer("stars").notNull(),
    comment: text("comment").notNull().default(""),
    /** "You may show my first name, my town and this review on the website": unchecked unless ticked. */
    consent: boolean("consent").notNull().default(false),
    /** The language the driver wrote it in (the request page's language). */
    language: text("language", { enum: locales }).notNull(),
    firstName: text("first_name").notNull(),
    town: text("town"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by the owner, only while consent is given; withdrawing consent unpublishes. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    hidden: boolean("hidden").notNull().default(false),
  },
  (table) => [
    uniqueIndex("reviews_contact_request_idx").on(table.serviceRequestId),
    index("reviews_published_idx").on(table.publishedAt).where(sql`${table.publishedAt} is not null`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * First-party counts of what visitors do (call taps, form started and sent, chat opened, "Use my
 * location"), one row per day and kind: no cookie, no identifier, no address, nothing typed. The
 * columns are the whole record: a name from a closed list, the page's path, the placement, the
 * language, and how many.
 */
export const siteEventCounts = pgTable(
  "site_event_counts",
  {
    /** The day in the business's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    page: text("page").notNull(),
    placement: text("placement").notNull(),
    language: text("language", { enum: locales }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [
    uniqueIndex("site_event_counts_key_idx").on(table.day, table.name, table.page, table.placement, table.language),
  ],
);

/** What the numbers page counts requests by, each in its own rows (server/features/service-requests/numbers-rollups.ts). */
export const requestCountDimensions = ["service", "town", "source", "cancelled"] as const;

/**
 * The numbers page's daily rollups of service requests, kept by the writes that change them
 * (server/features/service-requests/), so a year's figures read a few thousand rows instead of every
 * request: per day of the business's time zone, how many requests (spam excluded) arrived for each
 * service, nearest town ("unknown" without one) and source, and how many were cancelled that day
 * (key ""). Each request counts once per dimension; a change takes its old counts off and adds the new.
 */
export const requestDayCounts = pgTable(
  "request_day_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension", { enum: requestCountDimensions }).notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.dimension, table.key] })],
);

/**
 * Per request (spam excluded), the seconds from its arrival to its first contact (the first status
 * change out of New) and to the first partner acceptance, kept by the same writes: the numbers page's
 * medians read this narrow table instead of joining every event of the period to its request.
 */
export const requestWaits = pgTable(
  "request_waits",
  {
    requestId: integer("request_id")
      .primaryKey()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    firstContactSeconds: doublePrecision("first_contact_seconds"),
    partnerAcceptanceSeconds: doublePrecision("partner_acceptance_seconds"),
  },
  (table) => [index("request_waits_received_idx").on(table.receivedAt)],
);

/**
 * The numbers page's rollup of site_event_counts, kept by the same statement that counts an event
 * (server/features/events/store.ts): per day, each name's total (dimension "all", key ""), and for
 * call taps their totals by page and by placement; without the language and the page-by-placement
 * pairs, a year is a few times fewer rows to add up.
 */
export const siteEventTotals = pgTable(
  "site_event_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    dimension: text("dimension", { enum: ["all", "page", "placement"] }).notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.name, table.dimension, table.key] })],
);
