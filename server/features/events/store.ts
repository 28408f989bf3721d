import { sql } from "drizzle-orm";
import type { SiteEvent } from "../../../src/shared/event-schema";
import type { Db } from "../../db/client";
import { siteEventCounts, siteEventTotals } from "../../db/schema";

/** The rows of site_event_totals (server/db/schema.ts) one counted event adds to: a call tap's page and placement too. */
const totalsOf = (source: string) =>
  sql.raw(`
  select day, name, 'all' as dimension, '' as key, count from ${source}
  union all select day, name, 'page', page, count from ${source} where name = 'call_tap'
  union all select day, name, 'placement', placement, count from ${source} where name = 'call_tap'`);

/**
 * Counts one event: the day's row for its name, page, placement and language goes up by one (made at
 * zero the first time), and so do the numbers page's totals of the day (site_event_totals). One
 * statement, so two servers counting at once both count, and no crash leaves the two apart.
 */
export async function countEvent(db: Db, day: string, event: SiteEvent): Promise<void> {
  await db.execute(sql`
    with counted as (
      insert into ${siteEventCounts} (day, name, page, placement, language, count)
      values (${day}::date, ${event.name}, ${event.page}, ${event.placement}, ${event.language}, 1)
      on conflict (day, name, page, placement, language) do update set count = ${siteEventCounts}.count + 1
      returning day, name, page, placement, 1 as count
    )
    insert into ${siteEventTotals} (day, name, dimension, key, count)
    select day, name, dimension, key, count from (${totalsOf("counted")}) as totals
    order by dimension
    on conflict (day, name, dimension, key) do update set count = ${siteEventTotals}.count + excluded.count`);
}

/** The totals counted again from site_event_counts, for counts written around countEvent (a seed, a test). */
export async function rebuildSiteEventTotals(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(siteEventTotals);
    await tx.execute(sql`
      insert into ${siteEventTotals} (day, name, dimension, key, count)
      select day, name, dimension, key, sum(count)::int from (${totalsOf("site_event_counts")}) as totals
      group by day, name, dimension, key`);
  });
}
