import { sql } from "drizzle-orm";
import type { SiteEvent } from "../../../src/shared/event-schema";
import type { Db } from "../../db/client";
import { siteEventCounts } from "../../db/schema";

/**
 * Counts one event: the day's row for its name, page, placement and language goes up by one (made at
 * zero the first time). One statement, so two servers counting at once both count.
 */
export async function countEvent(db: Db, day: string, event: SiteEvent): Promise<void> {
  await db
    .insert(siteEventCounts)
    .values({ day, name: event.name, page: event.page, placement: event.placement, language: event.language, count: 1 })
    .onConflictDoUpdate({
      target: [
        siteEventCounts.day,
        siteEventCounts.name,
        siteEventCounts.page,
        siteEventCounts.placement,
        siteEventCounts.language,
      ],
      set: { count: sql`${siteEventCounts.count} + 1` },
    });
}
