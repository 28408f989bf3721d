import { z } from "zod";
import type { Locale } from "../i18n/locales";
import { isCalendarDate } from "./desk-schema";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./service-request-schema";
import { services } from "./services";

/**
 * What the desk, the partner's offer page and the server agree on about partner operators and the
 * jobs offered to them (issue 40). The states and steps mirror server/db/schema.ts (offerStates,
 * jobSteps); the server's features live in server/features/partners/ (directory, offering, expiry,
 * report) and server/features/offer/ (the partner's /offer/{token} page and its answers).
 *
 * The business is a referral service: no field here carries money. CVC 12110 forbids taking a
 * commission from a towing company for arranging a tow (docs/decisions.md).
 */

const storable = z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });
const text = (label: string, max: number) =>
  storable.pipe(
    z
      .string()
      .trim()
      .min(1, { message: `Write the ${label}` })
      .max(max, { message: `The ${label} may be at most ${max} characters` }),
  );
const optionalText = (label: string, max: number) =>
  storable.pipe(
    z
      .string()
      .trim()
      .max(max, { message: `The ${label} may be at most ${max} characters` }),
  );

export const serviceSlugs = services.map((s) => s.slug) as unknown as readonly [string, ...string[]];

export const OFFER_STATES = ["offered", "accepted", "declined", "expired", "withdrawn"] as const;
export type OfferStateName = (typeof OFFER_STATES)[number];
export const JOB_STEPS = ["accepted", "on_the_way", "on_scene", "done", "not_completed"] as const;
export type JobStepName = (typeof JOB_STEPS)[number];
/** The steps a partner may report after accepting, in order (not_completed ends the job too). */
export const REPORTABLE_STEPS = ["on_the_way", "on_scene", "done", "not_completed"] as const;

/** The order of an accepted job's steps, none skipped (not_completed may follow any of them but done). */
const STEP_ORDER = ["accepted", "on_the_way", "on_scene", "done"] as const;
export type OrderedStep = Exclude<(typeof STEP_ORDER)[number], "accepted">;

/**
 * The one step that may follow `step` in order (On the way, On scene, Done), or undefined once the job
 * ended: the offer page shows only its button, and the server takes no other (but Could not complete).
 */
export function nextJobStep(step: JobStepName): OrderedStep | undefined {
  if (step === "not_completed") return undefined;
  const next = STEP_ORDER[STEP_ORDER.indexOf(step) + 1];
  return next === "accepted" ? undefined : next;
}

/** OFFER_TIMEOUT_MINUTES when unset: an open offer expires after this many minutes. */
export const DEFAULT_OFFER_TIMEOUT_MINUTES = 10;

/** An arrival estimate the partner gives when accepting: whole minutes, 1 to 600. */
export const MAX_ETA_MINUTES = 600;
export const MAX_REASON_LENGTH = 280;

/**
 * A partner as the desk adds or edits it. `services` are service slugs (src/shared/services.ts);
 * `towns` are the names of the towns served (the area pages); the server checks them against its list.
 */
export const partnerInputSchema = z.object({
  companyName: text("company name", 120),
  contactName: text("contact name", 120),
  phone: storable.pipe(
    z
      .string()
      .trim()
      .regex(/^[+()\d\s.-]{7,25}$/, { message: "Write the phone number with its area code, like (209) 555-0100" }),
  ),
  email: storable.pipe(z.string().trim().email({ message: "Write an e-mail address like dispatch@example.com" })),
  /** Optional: HTTPS address for the offer.* webhook events. */
  webhookUrl: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .url({ message: "Write the webhook's full address, starting with https://" })
      .refine((u) => u.startsWith("https://"), { message: "The webhook's address must start with https://" })
      .nullable()
      .default(null),
  ),
  services: z.array(z.enum(serviceSlugs)).min(1, { message: "Choose at least one service they take" }),
  towns: z.array(storable.pipe(z.string().trim().min(1).max(80))).min(1, { message: "Choose at least one town" }),
  active: z.boolean().default(true),
  notes: optionalText("notes", 2000).default(""),
  /** YYYY-MM-DD, or null when unknown. */
  insuranceExpiresOn: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2027-03-31" })
      .refine(isCalendarDate, { message: "That day is not on the calendar: use a date like 2027-03-31" })
      .nullable()
      .default(null),
  ),
});
export type PartnerInput = z.infer<typeof partnerInputSchema>;

/** A partner as the desk shows it. */
export interface DeskPartner extends PartnerInput {
  id: number;
  /** True when insuranceExpiresOn is before today (business time zone): never suggested. */
  insuranceExpired: boolean;
  lastOfferedAt: string | null;
}

/** POST /api/desk/requests/:id/offers: offer the job to these partners; town when the request has no nearest town. */
export const sendOffersSchema = z.object({
  // Ids are database integers: a larger number names no partner (and must not reach the database).
  partnerIds: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    )
    .min(1, { message: "Choose at least one partner" })
    .max(20),
  town: z.string().trim().min(1).max(80).optional(),
});

/** GET /api/desk/requests/:id/offers?town=: the town to match on when the request has no nearest town. */
export const offersQuerySchema = z.object({ town: z.string().trim().min(1).max(80).optional() });

/** The desk's view of one offer on a request. */
export interface DeskOffer {
  id: number;
  partnerId: number;
  companyName: string;
  /** The partner's phone, and an sms: link with the offer's text prefilled (no private link in it). */
  phone: string;
  smsHref: string;
  state: OfferStateName;
  town: string;
  createdAt: string;
  expiresAt: string;
  answeredAt: string | null;
  etaMinutes: number | null;
  declineReason: string | null;
  step: JobStepName | null;
  stepAt: string | null;
  notCompletedReason: string | null;
}

/** GET /api/desk/requests/:id/offers: the offers so far, and the partners one could offer it to. */
export interface DeskOffers {
  /** The town the job matches on: the driver's nearest town, or null when the owner must choose. */
  town: string | null;
  offers: DeskOffer[];
  /** Active partners taking the service and covering the town, insured, least recently offered first. */
  candidates: DeskPartner[];
}

/** POST /api/desk/requests/:id/vehicle: what the owner adds for the operator (CVC 22513(a)(2)). */
export const deskVehicleSchema = z.object({
  deskVehicle: optionalText("year, make and model", 120),
  licensePlate: optionalText("plate", 12),
});

/** The partner's answers on /offer/{token} (form posts or JSON). */
export const acceptOfferSchema = z.object({
  etaMinutes: z.coerce
    .number({ invalid_type_error: "Write your arrival estimate in minutes, like 25" })
    .int({ message: "Write whole minutes, like 25" })
    .min(1, { message: "Write your arrival estimate in minutes, like 25" })
    .max(MAX_ETA_MINUTES, { message: `An estimate may be at most ${MAX_ETA_MINUTES} minutes` }),
});
export const declineOfferSchema = z.object({ reason: optionalText("reason", MAX_REASON_LENGTH).default("") });
export const jobStepSchema = z.object({
  step: z.enum(REPORTABLE_STEPS),
  reason: optionalText("reason", MAX_REASON_LENGTH).default(""),
});

/**
 * What the driver's request page shows of the partner who accepted, live: their company, when and
 * with what estimate (their own figure), the latest step, and their phone only when the business
 * turned PARTNER_PHONE_TO_DRIVER on.
 */
export interface DriverPartnerView {
  companyName: string;
  acceptedAt: string;
  etaMinutes: number;
  step: JobStepName;
  stepAt: string;
  phone: string | null;
}

/** GET /api/desk/partners/report?from=&to= (and .csv): one row per partner over the period. */
export interface PartnerReportRow {
  partnerId: number;
  companyName: string;
  /** False when the owner paused the partner: the report marks them, their past offers still count. */
  active: boolean;
  offers: number;
  accepted: number;
  declined: number;
  expired: number;
  /** Median seconds from offer to acceptance; null when none accepted. */
  medianSecondsToAccept: number | null;
  /** Done over accepted (0..1); null when none accepted. */
  completionRate: number | null;
}

const reportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2026-11-01" })
  .refine(isCalendarDate, { message: "That day is not on the calendar: use a date like 2026-11-01" });

/**
 * GET /api/desk/partners/report?from=&to= (and .csv): the days, inclusive, in the business's time zone.
 * Left out, the period is the last 30 days up to today.
 */
export const partnerReportQuerySchema = z
  .object({ from: reportDay.optional(), to: reportDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "The period's first day must come before its last day",
    path: ["from"],
  });
export type PartnerReportQuery = z.infer<typeof partnerReportQuerySchema>;

/** The days the report's default period covers, today included. */
export const DEFAULT_REPORT_DAYS = 30;

/** The report's answer: the period it covers (days, inclusive) and one row per partner, by company name. */
export interface PartnerReport {
  from: string;
  to: string;
  rows: PartnerReportRow[];
}

export type PartnerLanguage = Locale;

/** The partner's private page for one offer; the token travels only in their e-mail and webhook. */
export const OFFER_PAGE_PREFIX = "/offer/";
export const offerPagePath = (token: string) => `${OFFER_PAGE_PREFIX}${token}`;

/** The answers the offer's page posts (a form, or JSON from a partner's own system). */
export const OFFER_ACTIONS = ["accept", "decline", "step"] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];
export const offerActionPath = (token: string, action: OfferAction) => `/api/offer/${token}/${action}`;

/**
 * Where an offer stands as its partner sees it, what every JSON answer of /api/offer/{token}/… holds.
 * `state` is the stored one, except that an open offer past its time reads "expired" (the sweep may
 * not have run yet); `taken` says another partner accepted the job (this offer withdrawn, declined or
 * expired, or accepted by a partner who could not complete it and then handed on);
 * `driverCancelled` that the driver cancelled the request.
 */
export interface OfferPageState {
  state: OfferStateName;
  taken: boolean;
  driverCancelled: boolean;
  /** When the offer stops taking an answer (ISO). */
  expiresAt: string;
  answeredAt: string | null;
  etaMinutes: number | null;
  step: JobStepName | null;
  stepAt: string | null;
}
