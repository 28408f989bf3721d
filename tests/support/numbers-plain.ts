/**
 * The numbers page as it was computed before its rollups (server/features/numbers/queries.ts): straight
 * from every request, event and site count of the period. Kept here to check the rollups against.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { add, numbersFrom, type Period } from "../../server/features/numbers/queries";
import type { DeskNumbers, MedianWait, NumbersPeriod } from "../../src/shared/numbers-schema";

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

/** Everything the numbers page shows, for the last `days` days, from the plain queries. */
export function plainDeskNumbers(db: Db, days: NumbersPeriod, now: Date, timeZone: string): Promise<DeskNumbers> {
  const queries = { requestTallies, medianWaits, siteEvents, reviewFigures, cancellations };
  return numbersFrom(queries, db, days, now, timeZone);
}
