import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import {
  cancellableStatuses,
  driverStatusOf,
  lastFourDigits,
  PAGE_LIFETIME_AFTER_END_DAYS,
  type RequestPageFacts,
  type RequestPageLive,
} from "../../../src/shared/request-page";
import type { Db } from "../../db/client";
import {
  type AlertChannel,
  alertOutbox,
  DRIVER_ACTOR,
  requestEvents,
  requestPageLinks,
  type ServiceRequestRow,
  serviceRequests,
} from "../../db/schema";
import { pageTokenHash } from "./tokens";

/** Reading a request through its page's token, and the driver's one write: cancelling it. */

const LIFETIME_MS = PAGE_LIFETIME_AFTER_END_DAYS * 24 * 60 * 60 * 1000;

/** A request whose page still works at `now`: open, or ended less than 30 days ago. */
const pageAlive = (now: Date) =>
  or(isNull(serviceRequests.endedAt), gt(serviceRequests.endedAt, new Date(now.getTime() - LIFETIME_MS)));

/**
 * The request a token opens, or undefined: unknown, malformed, deleted and expired alike. Every
 * candidate is hashed and looked up by the same one query, whatever it looks like, so none of those
 * answers sooner than another.
 */
export async function requestByPageToken(db: Db, candidate: string, now: Date): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .select({ request: serviceRequests })
    .from(requestPageLinks)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPageLinks.serviceRequestId))
    .where(and(eq(requestPageLinks.tokenSha256, pageTokenHash(candidate)), pageAlive(now)))
    .limit(1);
  return row?.request;
}

/** What the live part of a page is made of (pageLive). */
const liveColumns = {
  id: serviceRequests.id,
  status: serviceRequests.status,
  driverMessage: serviceRequests.driverMessage,
  driverMessageAt: serviceRequests.driverMessageAt,
  cancelledAt: serviceRequests.cancelledAt,
};
export type LiveRow = Pick<ServiceRequestRow, keyof typeof liveColumns>;

/** The live part of the followed requests' pages, by id; a deleted or expired one is absent. */
export async function liveRequests(db: Db, ids: number[], now: Date): Promise<Map<number, LiveRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(liveColumns)
    .from(serviceRequests)
    .where(and(inArray(serviceRequests.id, ids), pageAlive(now)));
  return new Map(rows.map((r) => [r.id, r]));
}

export function pageFacts(row: ServiceRequestRow): RequestPageFacts {
  return {
    id: row.id,
    service: row.service,
    pickupLocation: row.pickupLocation,
    sentAt: row.createdAt.toISOString(),
    phoneLast4: lastFourDigits(row.phone),
  };
}

export function pageLive(row: LiveRow): RequestPageLive {
  return {
    status: driverStatusOf[row.status],
    message:
      row.driverMessage && row.driverMessageAt
        ? { text: row.driverMessage, at: row.driverMessageAt.toISOString() }
        : null,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    canCancel: cancellableStatuses.includes(row.status),
  };
}

type CancelOutcome = { cancelled: ServiceRequestRow } | { refused: ServiceRequestRow } | undefined;

/**
 * The driver's "I no longer need help": once, and only while the request is open (new, contacted or
 * dispatched). In one transaction, on the locked row: the status, when and why, the history's line
 * (by the driver), and the owner's alerts on every configured channel, so a cancel is never stored
 * without its alerts. Undefined when the request is gone.
 */
export async function cancelByDriver(
  db: Db,
  id: number,
  reason: string | undefined,
  now: Date,
  channels: readonly AlertChannel[],
): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).for("update");
    if (!current) return undefined;
    if (!cancellableStatuses.includes(current.status)) return { refused: current };
    const [cancelled] = await tx
      .update(serviceRequests)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: reason ?? null, endedAt: now })
      .where(eq(serviceRequests.id, id))
      .returning();
    if (!cancelled) return undefined;
    await tx.insert(requestEvents).values({
      requestId: id,
      kind: "status",
      actor: DRIVER_ACTOR,
      fromStatus: current.status,
      toStatus: "cancelled",
      note: reason ?? null,
    });
    if (channels.length > 0) {
      await tx
        .insert(alertOutbox)
        .values(channels.map((channel) => ({ serviceRequestId: id, channel, kind: "cancelled" as const })));
    }
    return { cancelled };
  });
}
