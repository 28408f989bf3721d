import { eq } from "drizzle-orm";
import { endedStatuses, type RequestStatus } from "../../../src/shared/desk-schema";
import { site } from "../../../src/shared/site";
import type { Db, Tx } from "../../db/client";
import {
  type AlertChannel,
  alertOutbox,
  requestEvents,
  type ServiceRequestRow,
  serviceRequests,
} from "../../db/schema";
// The review request is queued in the move's own transaction (a completed request and its "How did it
// go?" e-mail are written together or not at all), so the move calls the reviews folder's writer.
import { queueReviewRequest } from "../reviews/store";
import { countRequests, refreshWaits } from "./numbers-rollups";

/** An alert written with a move, in its transaction. */
export type MoveAlert = typeof alertOutbox.$inferInsert;

export interface Move<Refusal> {
  id: number;
  to: RequestStatus;
  /** Who moved it, as the history says: a desk user's e-mail, DRIVER_ACTOR, a partner's company. */
  actor: string;
  now: Date;
  /** The history line's note (the driver's reason for a cancel). */
  note?: string | null;
  /** Looks at the locked row first: an answer here refuses the move, and nothing is written. */
  refuse?: (current: ServiceRequestRow) => Refusal | undefined;
  /** The alerts the move sends (besides the driver's review request, queued on every move to completed). */
  alerts?: (current: ServiceRequestRow, tx: Tx) => Promise<MoveAlert[]> | MoveAlert[];
  /** The installation's channels: with e-mail, a move to completed queues the "How did it go?" e-mail. */
  alertChannels?: readonly AlertChannel[];
}

export type Moved<Refusal> =
  | { refused: Refusal; row: ServiceRequestRow }
  | { changed: false; row: ServiceRequestRow }
  | { changed: true; row: ServiceRequestRow; from: RequestStatus }
  | undefined;

/**
 * The one way a service request changes status, for the desk, the driver and a partner alike (an
 * offer's expiry moves no status; retention's erasing and deleting are in changes.ts). In one
 * transaction, on the row locked first (so a cancel and a desk change at the same moment are one after
 * the other): the status and when it ended, the history's line, the move's alerts, and the numbers
 * page's rollups (numbers-rollups.ts). A move to the status it has writes nothing but the waits (a
 * partner's acceptance just added to the history). Undefined when there is no such request.
 */
export async function transition<Refusal = never>(db: Db | Tx, move: Move<Refusal>): Promise<Moved<Refusal>> {
  return db.transaction(async (tx): Promise<Moved<Refusal>> => {
    const [current] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, move.id)).for("update");
    if (!current) return undefined;
    const refusal = move.refuse?.(current);
    if (refusal !== undefined) return { refused: refusal, row: current };
    if (current.status === move.to) {
      await refreshWaits(tx, [move.id]);
      return { changed: false, row: current };
    }
    // A page's 30 days count from when the request first ended (completed then spam keeps the first
    // time); reopened, it has no end. A driver's cancel records when, and why if they said.
    const ends = endedStatuses.includes(move.to);
    const cancel = move.to === "cancelled" ? { cancelledAt: move.now, cancelReason: move.note ?? null } : {};
    await countRequests(tx, [move.id], -1);
    const [row] = await tx
      .update(serviceRequests)
      .set({ status: move.to, endedAt: ends ? (current.endedAt ?? move.now) : null, ...cancel })
      .where(eq(serviceRequests.id, move.id))
      .returning();
    // The row is locked above (for update), so it cannot have gone; were it gone, returning would
    // commit the count just taken off: throwing rolls the transaction back instead.
    if (!row) throw new Error(`Service request ${move.id} vanished under its row lock while moving to ${move.to}.`);
    await tx.insert(requestEvents).values({
      requestId: move.id,
      kind: "status",
      actor: move.actor,
      fromStatus: current.status,
      toStatus: move.to,
      note: move.note ?? null,
    });
    const alerts = (await move.alerts?.(current, tx)) ?? [];
    if (alerts.length > 0) await tx.insert(alertOutbox).values(alerts);
    if (move.to === "completed")
      await queueReviewRequest(tx, move.id, move.now, site.timeZone, move.alertChannels ?? []);
    await countRequests(tx, [move.id], 1);
    await refreshWaits(tx, [move.id]);
    return { changed: true, row, from: current.status };
  });
}
