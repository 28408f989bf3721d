import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "./client";

/**
 * The rows of a raw SQL query, typed as the query's own columns say. drizzle types db.execute()'s
 * answer per driver (node-postgres and PGlite both answer `{ rows }`), not per query, so the one cast
 * from the driver's answer to the caller's row type is here, not at every raw query.
 */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
