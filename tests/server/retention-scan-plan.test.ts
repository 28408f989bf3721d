import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../server/db/rows";
import { databaseTargets, openTestDatabase } from "../support/databases";

const DAY = 24 * 60 * 60 * 1000;

/**
 * The hourly retention job picks the requests that ended before its cutoff (erase-positions.ts,
 * erase-position-text.ts). With a few thousand requests of which a few ended long ago, the plan reads
 * them through contact_requests_ended_at_idx, not a scan of every request. (The timings are in
 * docs/decisions.md, "Measurements"; this only checks the plan.)
 */
describe.each(databaseTargets)("the retention job's scan on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    // 3,000 requests over the last 60 days: one in thirty ended 40 days ago or more, the rest are recent or open.
    await db.db.execute(sql`
      insert into contact_requests (name, email, phone, service, pickup_location, dropoff_location, status, created_at, ended_at, latitude, longitude, nearest_town)
      select 'Driver ' || i, 'd' || i || '@example.com', '(209) 555-0100', 'Towing', i || ' Pacific Ave', 'Fremont St',
             case when i % 30 = 0 then 'completed' else 'new' end,
             now() - (i % 60) * interval '1 day',
             case when i % 30 = 0 then now() - interval '40 days' end,
             38.13, -121.27, 'Lodi'
      from generate_series(1, 3000) as i`);
    await db.db.execute(sql`analyze contact_requests`);
  });
  afterAll(async () => {
    await db?.close();
  });

  const plan = async (query: ReturnType<typeof sql>) => {
    const result = await rowsOf<Record<string, string>>(db.db, sql`explain ${query}`);
    return result.map((row) => Object.values(row)[0]).join("\n");
  };

  it("finds the requests that ended before the cutoff through the ended_at index", async () => {
    const cutoff = new Date(Date.now() - 30 * DAY).toISOString();
    expect(await plan(sql`select id from contact_requests where ended_at < ${cutoff}`)).toContain(
      "contact_requests_ended_at_idx",
    );
    expect(
      await plan(
        sql`select id from contact_requests where ended_at < ${cutoff} and (latitude is not null or nearest_town is not null) for update`,
      ),
    ).toContain("contact_requests_ended_at_idx");
  });
});
