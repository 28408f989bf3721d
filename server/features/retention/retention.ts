import { inArray, sql } from "drizzle-orm";
import type { RetentionDays } from "../../../src/shared/retention";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { RETENTION_ACTOR, requestEvents } from "../../db/schema";
import { deleteRequestsBefore } from "../service-requests/changes";
import { erasePositions } from "./erase-positions";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One key for the advisory lock every server takes before it runs the retention rule, so that with
 * several processes on one PostgreSQL only one runs it at a time (the others skip that hour). PGlite
 * has one process by construction (server/db/lock.ts); the lock costs it nothing.
 */
export const RETENTION_LOCK_KEY = 7_390_391_001;

export interface RetentionCounts {
  /** Requests whose position was erased. */
  locationsErased: number;
  /** Requests deleted whole. */
  requestsDeleted: number;
  /** False when another process held the lock: this run did nothing. */
  ran: boolean;
}

/**
 * Applies the retention rule once, at `now`: erases every copy of the position of every request that
 * ended (done, cancelled or closed) more than `days.location` days ago (erase-positions.ts), and deletes every request that arrived more than `days.request` days ago with its alerts and
 * history. The history keeps one line for each: "location_erased" on the request, "deleted" for a
 * deleted one (the id and who, as when the desk deletes one). One transaction under the lock.
 */
export async function applyRetention(db: Db, days: RetentionDays, now: Date): Promise<RetentionCounts> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ held: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as held`,
    );
    if (!lock?.held) return { locationsErased: 0, requestsDeleted: 0, ran: false };

    const locationCutoff = new Date(now.getTime() - days.location * DAY_MS);
    const erasedIds = await erasePositions(tx, locationCutoff);
    if (erasedIds.length > 0) {
      await tx
        .insert(requestEvents)
        .values(erasedIds.map((id) => ({ requestId: id, kind: "location_erased" as const, actor: RETENTION_ACTOR })));
    }

    const requestCutoff = new Date(now.getTime() - days.request * DAY_MS);
    const ids = await deleteRequestsBefore(tx, requestCutoff);
    if (ids.length > 0) {
      // Their own history may name the driver: it goes, and one line per deleted request stays.
      await tx.delete(requestEvents).where(inArray(requestEvents.requestId, ids));
      await tx
        .insert(requestEvents)
        .values(ids.map((id) => ({ requestId: id, kind: "deleted" as const, actor: RETENTION_ACTOR })));
    }
    return { locationsErased: erasedIds.length, requestsDeleted: ids.length, ran: true };
  });
}
