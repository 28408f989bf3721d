import { z } from "zod";
import type { RequestSource } from "./location";

/**
 * The desk's numbers page (GET /api/desk/numbers, server/features/numbers/): what the owner asks for
 * (the last 7, 30, 90 or 365 days) and what the server answers. Every day is a day in the business's
 * time zone; the period ends today and includes it.
 */
export const numbersPeriods = [7, 30, 90, 365] as const;
export type NumbersPeriod = (typeof numbersPeriods)[number];

export const numbersQuerySchema = z.object({
  days: z
    .preprocess(
      (v) => (v === undefined || v === "" ? 7 : Number(v)),
      z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)], {
        errorMap: () => ({ message: "Choose 7, 30, 90 or 365 days." }),
      }),
    )
    .default(7),
});

/** A label and how many: a bar of a chart, a row of its table. */
export interface Tally {
  key: string;
  count: number;
}

export interface DayCount {
  /** YYYY-MM-DD in the business's time zone. */
  day: string;
  count: number;
}

/** A median over the requests it could be measured on (`measured` of them); null when none. */
export interface MedianWait {
  medianMinutes: number | null;
  measured: number;
}

export interface DeskNumbers {
  days: NumbersPeriod;
  /** When the figures were computed: the desk keeps them up to NUMBERS_FRESH_SECONDS (a minute by default). */
  computedAt: string;
  /** The first and last day of the period (the last is today). */
  from: string;
  to: string;
  timeZone: string;
  /** Service requests received (spam excluded), each day of the period, zero days included. */
  requestsPerDay: DayCount[];
  requestsTotal: number;
  byService: Tally[];
  /** By the nearest town of the driver's position; "unknown" when none was sent (or it was erased). */
  byTown: Tally[];
  bySource: { key: RequestSource; count: number }[];
  /** Taps on the business's call links: by page path, and by where on the page. */
  callTaps: { total: number; byPage: Tally[]; byPlacement: Tally[] };
  /** The request form: how many were started and sent, and sent / started (null when none started). */
  form: { started: number; sent: number; conversion: number | null };
  chatOpened: number;
  locationUsed: number;
  /** From received to the first change of status out of New (someone acted on it). */
  firstContact: MedianWait;
  /** From received to a partner's acceptance (the first one, for requests offered to partners). */
  partnerAcceptance: MedianWait;
  /** Reviews written in the period: their average stars (null when none) and how many. */
  reviews: { average: number | null; count: number };
  /** Requests the driver cancelled, each day of the period. */
  cancellationsPerDay: DayCount[];
  cancellationsTotal: number;
}
