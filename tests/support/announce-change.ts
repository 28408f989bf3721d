import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { changeChannelOf } from "../../server/shared/change-notices";

/**
 * What another server does after changing a request in the database: on PostgreSQL it announces the
 * change on the schema's channel (LISTEN/NOTIFY); on PGlite there is no other server, and the feed polls.
 */
export async function announceChange(database: Database): Promise<void> {
  if (database.kind === "postgres" && database.schema)
    await database.db.execute(sql`select pg_notify(${changeChannelOf(database.schema)}, '')`);
}
