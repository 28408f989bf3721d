/**
 * The numbers page as it was computed before its rollups (server/features/numbers/queries.ts): straight
 * from every request, event and site count of the period. Kept here to check the rollups against.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { startOfDay, startOfNextDay } from "../../server/db/day-bounds";
import { addDays, dayIn } from "../../src/shared/business-day";
import type { RequestSource } from "../../src/shared/location";
import type { DayCount, DeskNumbers, MedianWait, NumbersPeriod, Tally } from "../../src/shared/numbers-schema";

interface Period {
  days: NumbersPeriod;
  from: string;
  to: string;
  /** The first moment of `from` and of the day after `to`, in the business's time zone, as SQL. */
  start: SQL;
  end: SQL;
  timeZone: string;
}

/** The last `days` days up to and including today, by the business's clock. */
function periodOf(days: NumbersPeriod, now: Date, timeZone: string): Period {
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

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every day of the period in order, with the counts found and zero for the others. */
function everyDay(period: Period, found: Map<string, number>): DayCount[] {
  return Array.from({ length: period.days }, (_, i) => {
    const day = addDays(period.from, i);
    return { day, count: found.get(day) ?? 0 };
  });
}

const largestFirst = (counts: Map<string, number>): Tally[] =>
  [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));

const add = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/**
 * The requests received in the period (spam is not a request), counted four ways in one pass over
 * them: by day, service, nearest town and source.
 */
async function requestTallies(db: Db, p: Period) {
  const rows = await rowsOf<{ dim: string; key: string; count: number }>(
    db,
    sql`
      select case when grouping(d) = 0 then 'day' when grouping(service) = 0 then 'service'
                  when grouping(town) = 0 then 'town' else 'source' end as dim,
             coalesce(d::text, service, town, source) as key,
             count(*)::int as count
      from (
        select (created_at at time zone ${p.timeZone})::date as d, service,
               coalesce(nearest_town, 'unknown') as town, source
        from contact_requests
        where created_at >= ${p.start} and created_at < ${p.end} and status <> 'spam'
      ) as received
      group by grouping sets ((d), (service), (town), (source))`,
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
 * partner's acceptance (the first offer_accepted), over the period's requests that have one. One
 * pass over the events since the period began (none can come before their request) and one join.
 * The waits are float seconds (date_part): extract() gives numeric, several times slower to compute
 * and to sort for the medians, for the same figures once rounded to a tenth of a minute.
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
      with firsts as (
        select request_id,
               min(at) filter (where kind = 'status' and from_status = 'new') as contacted_at,
               min(at) filter (where kind = 'offer_accepted') as accepted_at
        from request_events
        where kind in ('status', 'offer_accepted') and at >= ${p.start}
        group by request_id
      )
      select percentile_cont(0.5) within group (order by date_part('epoch', firsts.contacted_at - r.created_at)) as contact,
             count(firsts.contacted_at)::int as contacted,
             percentile_cont(0.5) within group (order by date_part('epoch', firsts.accepted_at - r.created_at)) as acceptance,
             count(firsts.accepted_at)::int as accepted
      from contact_requests as r join firsts on firsts.request_id = r.id
      where r.created_at >= ${p.start} and r.created_at < ${p.end} and r.status <> 'spam'`,
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

async function siteEvents(db: Db, p: Period) {
  const rows = await rowsOf<{ name: string; page: string; placement: string; count: number }>(
    db,
    sql`
      select name, page, placement, sum(count)::int as count from site_event_counts
      where day >= ${p.from}::date and day <= ${p.to}::date
      group by name, page, placement`,
  );
  const totals = new Map<string, number>();
  const tapsByPage = new Map<string, number>();
  const tapsByPlacement = new Map<string, number>();
  for (const row of rows) {
    const n = Number(row.count);
    add(totals, row.name, n);
    if (row.name === "call_tap") {
      add(tapsByPage, row.page, n);
      add(tapsByPlacement, row.placement, n);
    }
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

/** Cancellations by the day the driver cancelled. Only a cancelled request has cancelled_at. */
async function cancellations(db: Db, p: Period) {
  const rows = await rowsOf<{ day: string; count: number }>(
    db,
    sql`
      select (cancelled_at at time zone ${p.timeZone})::date::text as day, count(*)::int as count
      from contact_requests
      where status = 'cancelled' and cancelled_at >= ${p.start} and cancelled_at < ${p.end}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}

/** Everything the numbers page shows, for the last `days` days by the business's clock. */
export async function plainDeskNumbers(db: Db, days: NumbersPeriod, now: Date, timeZone: string): Promise<DeskNumbers> {
  const p = periodOf(days, now, timeZone);
  // One after the other: a PGlite database answers one query at a time anyway, and PostgreSQL's pool
  // is left for the desk's other work.
  const requests = await requestTallies(db, p);
  const { firstContact, partnerAcceptance } = await medianWaits(db, p);
  const events = await siteEvents(db, p);
  const reviews = await reviewFigures(db, p);
  const cancelled = await cancellations(db, p);

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
