import { type SQL, sql } from "drizzle-orm";
import { site } from "../../../src/shared/site";
import type { Db, Tx } from "../../db/client";
import { requestDayCounts, requestWaits } from "../../db/schema";

/**
 * The numbers page's rollups (request_day_counts, request_waits in server/db/schema.ts), kept by every
 * write of this folder in the write's own transaction: a change takes the changed requests' counts off
 * before it (`countRequests(tx, ids, -1)`) and adds them back after (`+1`), so a status moved to spam,
 * a cancel, a new nearest town, an erased position or a deletion each move the figures as the plain
 * query over the requests would. Days are the business's (site.timeZone), as the page's periods are.
 */

/** Which requests: a list of ids, or every one (a rebuild). */
type Which = readonly number[] | "all";

const whereRequests = (which: Which): SQL =>
  which === "all"
    ? sql`true`
    : sql`r.id in (${sql.join(
        which.map((id) => sql`${id}::int`),
        sql`, `,
      )})`;

/** Adds (sign 1) or takes off (sign -1) the requests' counts in request_day_counts. */
export async function countRequests(tx: Tx | Db, which: Which, sign: 1 | -1, timeZone = site.timeZone) {
  if (which !== "all" && which.length === 0) return;
  const where = whereRequests(which);
  // Ordered, so that two transactions touching the same days lock their rows in the same order.
  await tx.execute(sql`
    insert into ${requestDayCounts} (day, dimension, key, count)
    select day, dimension, key, ${sign}::int * count(*)::int from (
      select (r.created_at at time zone ${timeZone})::date as day, d.dimension, d.key
      from contact_requests as r
      cross join lateral (values ('service', r.service), ('town', coalesce(r.nearest_town, 'unknown')),
                                 ('source', r.source)) as d(dimension, key)
      where ${where} and r.status <> 'spam'
      union all
      select (r.cancelled_at at time zone ${timeZone})::date, 'cancelled', ''
      from contact_requests as r
      where ${where} and r.status = 'cancelled' and r.cancelled_at is not null
    ) as counted
    group by day, dimension, key
    order by day, dimension, key
    on conflict (day, dimension, key) do update set count = ${requestDayCounts}.count + excluded.count`);
}

/**
 * The counts of a request just stored, for the data-modifying CTE that stores it (store.ts): `stored`
 * names the CTE, returning created_at, service, nearest_town and source. A new request is never spam
 * nor cancelled, and has no waits yet.
 */
export const countStoredRequest = (stored: SQL, timeZone = site.timeZone) => sql`
  insert into ${requestDayCounts} (day, dimension, key, count)
  select (s.created_at at time zone ${timeZone})::date, d.dimension, d.key, 1
  from ${stored} as s
  cross join lateral (values ('service', s.service), ('town', coalesce(s.nearest_town, 'unknown')),
                             ('source', s.source)) as d(dimension, key)
  order by d.dimension, d.key
  on conflict (day, dimension, key) do update set count = ${requestDayCounts}.count + excluded.count`;

/**
 * Works out the requests' waits again from their history: a spam request has none, and one with
 * neither a contact nor an acceptance yet has no row.
 */
export async function refreshWaits(tx: Tx | Db, which: Which) {
  if (which !== "all" && which.length === 0) return;
  const where = whereRequests(which);
  await tx.execute(
    sql`delete from ${requestWaits} as w using contact_requests as r where w.request_id = r.id and ${where}`,
  );
  await tx.execute(sql`
    insert into ${requestWaits} (request_id, received_at, first_contact_seconds, partner_acceptance_seconds)
    select r.id, r.created_at,
           date_part('epoch', min(e.at) filter (where e.kind = 'status' and e.from_status = 'new') - r.created_at),
           date_part('epoch', min(e.at) filter (where e.kind = 'offer_accepted') - r.created_at)
    from contact_requests as r join request_events as e on e.request_id = r.id
    where ${where} and r.status <> 'spam' and e.kind in ('status', 'offer_accepted')
    group by r.id, r.created_at`);
}

/**
 * Both rollups computed from scratch, in one transaction: for data written around this folder (the
 * benchmark's seed, a test's history, a restore), and what migration 0016 did once.
 */
export async function rebuildRequestRollups(db: Db, timeZone = site.timeZone) {
  await db.transaction(async (tx) => {
    await tx.delete(requestDayCounts);
    await tx.delete(requestWaits);
    await countRequests(tx, "all", 1, timeZone);
    await refreshWaits(tx, "all");
  });
}
