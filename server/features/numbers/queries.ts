import { type SQL, sql } from "drizzle-orm";
import { addDays, dayIn } from "../../../src/shared/business-day";
import type { RequestSource } from "../../../src/shared/location";
import type { DayCount, DeskNumbers, MedianWait, NumbersPeriod, Tally } from "../../../src/shared/numbers-schema";
import type { Db } from "../../db/client";
import { startOfDay, startOfNextDay } from "../../db/day-bounds";
import { rowsOf } from "../../db/rows";

export interface Period {
  days: NumbersPeriod;
  from: string;
  to: string;
  /** The first moment of `from` and of the day after `to`, in the business's time zone, as SQL. */
  start: SQL;
  end: SQL;
  timeZone: string;
}

/** The last `days` days up to and including today, by the business's clock. */
export function periodOf(days: NumbersPeriod, now: Date, timeZone: string): Period {
  const to = dayIn(timeZone, now);
  const from = addDays(to, -(days - 1));
  return {
    days,
    from,
    to,
    start: startOfDay(from, timeZone),
    end: startOfNextDay(to, timeZone),
    timeZone,
  };
}

/** Every day of the period in order, with the counts found and zero for the others. */
function everyDay(period: Period, found: Map<string, number>): DayCount[] {
  return Array.from({ length: period.days }, (_, i) => {
    const day = addDays(period.from, i);
    return { day, count: found.get(day) ?? 0 };
  });
}

const largestFirst = (counts: Map<string, number>): Tally[] =>
  [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));

export const add = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/**
 * The requests received in the period (spam is not a request), by day, service, nearest town and
 * source, from the daily rollups the writes keep (server/features/service-requests/numbers-rollups.ts):
 * a year is a few thousand rows whatever the number of requests. Every request has one source, so
 * the sources of a day are its requests.
 */
async function requestTallies(db: Db, p: Period) {
  const rows = await rowsOf<{ dim: string; key: string; count: number }>(
    db,
    sql`
      select case when grouping(day) = 0 then 'day' else dimension end as dim,
             coalesce(day::text, key) as key, sum(count)::int as count
      from request_day_counts
      where dimension in ('service', 'town', 'source') and day >= ${p.from}::date and day <= ${p.to}::date
      group by grouping sets ((dimension, day), (dimension, key))
      having sum(count) > 0 and (grouping(day) = 1 or dimension = 'source')`,
  );
  const by = { day: new Map<string, number>(), service: new Map(), town: new Map(), source: new Map() } as Record<
    string,
    Map<string, number>
  >;
  for (const row of rows) by[row.dim]?.set(row.key, Number(row.count));
  return by as Record<"day" | "service" | "town" | "source", Map<string, number>>;
}

/**
 * The median times from received to first contact (the first change of status out of New) and to a
 * partner's acceptance (the first offer_accepted), over the period's requests that have one: one pass
 * over the narrow request_waits the writes keep. The waits are float seconds (date_part): extract()
 * gives numeric, several times slower to sort for the medians, for the same figures once rounded to a
 * tenth of a minute.
 */
async function medianWaits(db: Db, p: Period): Promise<{ firstContact: MedianWait; partnerAcceptance: MedianWait }> {
  const [row] = await rowsOf<{
    contact: number | null;
    contacted: number;
    acceptance: number | null;
    accepted: number;
  }>(
    db,
    sql`
      select percentile_cont(0.5) within group (order by first_contact_seconds) as contact,
             count(first_contact_seconds)::int as contacted,
             percentile_cont(0.5) within group (order by partner_acceptance_seconds) as acceptance,
             count(partner_acceptance_seconds)::int as accepted
      from request_waits
      where received_at >= ${p.start} and received_at < ${p.end}`,
  );
  const wait = (seconds: number | null | undefined, measured: number | undefined): MedianWait => ({
    medianMinutes: seconds === null || seconds === undefined ? null : Math.round((Number(seconds) / 60) * 10) / 10,
    measured: Number(measured ?? 0),
  });
  return {
    firstContact: wait(row?.contact, row?.contacted),
    partnerAcceptance: wait(row?.acceptance, row?.accepted),
  };
}

/** The site's events of the period: each name's total, and call taps by page and by placement (site_event_totals). */
async function siteEvents(db: Db, p: Period) {
  const rows = await rowsOf<{ name: string; dimension: string; key: string; count: number }>(
    db,
    sql`
      select name, dimension, key, sum(count)::int as count from site_event_totals
      where day >= ${p.from}::date and day <= ${p.to}::date
      group by name, dimension, key`,
  );
  const totals = new Map<string, number>();
  const tapsByPage = new Map<string, number>();
  const tapsByPlacement = new Map<string, number>();
  const into = { all: totals, page: tapsByPage, placement: tapsByPlacement } as Record<string, Map<string, number>>;
  for (const row of rows) {
    const counts = into[row.dimension];
    if (counts && (row.dimension === "all" || row.name === "call_tap"))
      add(counts, row.dimension === "all" ? row.name : row.key, Number(row.count));
  }
  return { totals, tapsByPage, tapsByPlacement };
}

async function reviewFigures(db: Db, p: Period) {
  const [row] = await rowsOf<{ average: number | null; count: number }>(
    db,
    sql`select avg(stars)::float8 as average, count(*)::int as count from reviews
        where created_at >= ${p.start} and created_at < ${p.end}`,
  );
  const average = row?.average === null || row?.average === undefined ? null : Number(row.average);
  return { average: average === null ? null : Math.round(average * 100) / 100, count: Number(row?.count ?? 0) };
}

/** Cancellations by the day the driver cancelled, from the daily rollups. */
async function cancellations(db: Db, p: Period) {
  const rows = await rowsOf<{ day: string; count: number }>(
    db,
    sql`
      select day::text as day, sum(count)::int as count from request_day_counts
      where dimension = 'cancelled' and day >= ${p.from}::date and day <= ${p.to}::date
      group by day having sum(count) > 0`,
  );
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}

/** The queries behind the page's figures: the rollups here; the plain ones the tests check them against. */
export interface NumbersQueries {
  requestTallies: typeof requestTallies;
  medianWaits: typeof medianWaits;
  siteEvents: typeof siteEvents;
  reviewFigures: typeof reviewFigures;
  cancellations: typeof cancellations;
}

const ROLLUP_QUERIES: NumbersQueries = { requestTallies, medianWaits, siteEvents, reviewFigures, cancellations };

/** Everything the numbers page shows, for the last `days` days by the business's clock. */
export function deskNumbers(db: Db, days: NumbersPeriod, now: Date, timeZone: string): Promise<DeskNumbers> {
  return numbersFrom(ROLLUP_QUERIES, db, days, now, timeZone);
}

/** The page's figures from one set of queries. */
export async function numbersFrom(
  queries: NumbersQueries,
  db: Db,
  days: NumbersPeriod,
  now: Date,
  timeZone: string,
): Promise<DeskNumbers> {
  const p = periodOf(days, now, timeZone);
  // One after the other: a PGlite database answers one query at a time anyway, and PostgreSQL's pool
  // is left for the desk's other work.
  const requests = await queries.requestTallies(db, p);
  const { firstContact, partnerAcceptance } = await queries.medianWaits(db, p);
  const events = await queries.siteEvents(db, p);
  const reviews = await queries.reviewFigures(db, p);
  const cancelled = await queries.cancellations(db, p);

  const requestsPerDay = everyDay(p, requests.day);
  const cancellationsPerDay = everyDay(p, cancelled);
  const started = events.totals.get("form_started") ?? 0;
  const sent = events.totals.get("form_sent") ?? 0;
  const sum = (days: DayCount[]) => days.reduce((total, d) => total + d.count, 0);
  return {
    days,
    computedAt: now.toISOString(),
    from: p.from,
    to: p.to,
    timeZone,
    requestsPerDay,
    requestsTotal: sum(requestsPerDay),
    byService: largestFirst(requests.service),
    byTown: largestFirst(requests.town),
    bySource: largestFirst(requests.source) as { key: RequestSource; count: number }[],
    callTaps: {
      total: events.totals.get("call_tap") ?? 0,
      byPage: largestFirst(events.tapsByPage),
      byPlacement: largestFirst(events.tapsByPlacement),
    },
    form: { started, sent, conversion: started === 0 ? null : Math.round((sent / started) * 1000) / 1000 },
    chatOpened: events.totals.get("chat_opened") ?? 0,
    locationUsed: events.totals.get("location_used") ?? 0,
    firstContact,
    partnerAcceptance,
    reviews,
    cancellationsPerDay,
    cancellationsTotal: sum(cancellationsPerDay),
  };
}
