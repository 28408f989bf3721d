import { and, eq, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { requestEvents, serviceRequests } from "../../db/schema";
// A deleted request's review goes in the same transaction as the request (never a review of nothing),
// so the delete calls the reviews folder's writer.
import { deleteReviewOfRequest } from "../reviews/store";
import { countRequests } from "./numbers-rollups";

/** What a desk change answers: done, nothing to do, or refused because the driver cancelled. */
export type DeskChange = { changed: boolean } | { cancelledByDriver: true };

/**
 * The writes of a service request other than its status (transition.ts) and its arrival (store.ts):
 * this folder owns the table, so every change to it is here, and keeps the numbers page's rollups.
 */

/**
 * Sets (or, with an empty text, removes) the owner's message to the driver, shown on their page.
 * Refused once the driver cancelled: they no longer follow it.
 */
export async function setDriverMessage(
  db: Db,
  id: number,
  message: string,
  actor: string,
  now: Date,
): Promise<DeskChange | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: serviceRequests.status, driverMessage: serviceRequests.driverMessage })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .for("update");
    if (!current) return undefined;
    if (current.status === "cancelled") return { cancelledByDriver: true };
    const next = message === "" ? null : message;
    if (current.driverMessage === next) return { changed: false };
    await tx
      .update(serviceRequests)
      .set({ driverMessage: next, driverMessageAt: next === null ? null : now })
      .where(eq(serviceRequests.id, id));
    // The history keeps what the driver was told, as a note does.
    await tx.insert(requestEvents).values({ requestId: id, kind: "driver_message", actor, note: next });
    return { changed: true };
  });
}

/**
 * The car's details the owner adds for the operator (CVC 22513(a)(2) asks for year, make, model and
 * plate): empty text clears a field. One "vehicle" event records who and when, not the plate.
 */
export async function setDeskVehicle(
  db: Db,
  requestId: number,
  vehicle: { deskVehicle: string; licensePlate: string },
  actor: string,
  now: Date,
): Promise<DeskChange | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: serviceRequests.status,
        deskVehicle: serviceRequests.deskVehicle,
        licensePlate: serviceRequests.licensePlate,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, requestId))
      .for("update");
    if (!current) return undefined;
    if (current.status === "cancelled") return { cancelledByDriver: true };
    const deskVehicle = vehicle.deskVehicle === "" ? null : vehicle.deskVehicle;
    // Plates are written in capitals; "7abc123" and "7ABC123" are one plate.
    const licensePlate = vehicle.licensePlate === "" ? null : vehicle.licensePlate.toUpperCase();
    if (current.deskVehicle === deskVehicle && current.licensePlate === licensePlate) return { changed: false };
    await tx.update(serviceRequests).set({ deskVehicle, licensePlate }).where(eq(serviceRequests.id, requestId));
    await tx.insert(requestEvents).values({ requestId, kind: "vehicle", actor, at: now });
    return { changed: true };
  });
}

/**
 * Forgets a request (a person asked to be forgotten): the row, its review, its alerts (cascade) and its own
 * history (notes may name the person) go; one "deleted" event with the id, who and when stays.
 */
export async function deleteRequest(
  db: Db,
  id: number,
  actor: string,
): Promise<{ reviewWasPublished: boolean } | undefined> {
  return db.transaction(async (tx) => {
    // Its review goes too: the desk deletes a request when a person asks to be forgotten, and the
    // review holds their first name, town and words (retention's deletion keeps it, as /privacy says).
    const review = await deleteReviewOfRequest(tx, id);
    await countRequests(tx, [id], -1);
    const [gone] = await tx
      .delete(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .returning({ id: serviceRequests.id });
    if (!gone) return undefined;
    await tx.delete(requestEvents).where(eq(requestEvents.requestId, id));
    await tx.insert(requestEvents).values({ requestId: id, kind: "deleted", actor });
    return { reviewWasPublished: review.carouselChanged };
  });
}

/**
 * Deletes every request that arrived before `cutoff` (the retention rule), with its alerts (cascade);
 * returns their ids. Their history is the caller's to replace.
 */
export async function deleteRequestsBefore(tx: Tx, cutoff: Date): Promise<number[]> {
  const old = await tx
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(lt(serviceRequests.createdAt, cutoff))
    .for("update");
  const ids = old.map(({ id }) => id);
  if (ids.length === 0) return [];
  await countRequests(tx, ids, -1);
  await tx.delete(serviceRequests).where(lt(serviceRequests.createdAt, cutoff));
  return ids;
}

/** A request's position as stored (service-requests/store.ts's storedFix), or all null to erase it. */
export interface StoredPosition {
  latitude: number | null;
  longitude: number | null;
  locationAccuracyM: number | null;
  locationFixedAt: Date | null;
  nearestTown: string | null;
  nearestTownKm: number | null;
}

const noPosition: StoredPosition = {
  latitude: null,
  longitude: null,
  locationAccuracyM: null,
  locationFixedAt: null,
  nearestTown: null,
  nearestTownKm: null,
};

/** Sets the position of the requests `where` picks; the nearest town moves their counts by town. */
async function setPosition(tx: Tx, where: SQL, position: StoredPosition) {
  const picked = await tx.select({ id: serviceRequests.id }).from(serviceRequests).where(where).for("update");
  const ids = picked.map(({ id }) => id);
  if (ids.length === 0) return [];
  await countRequests(tx, ids, -1);
  await tx.update(serviceRequests).set(position).where(where);
  await countRequests(tx, ids, 1);
  return ids;
}

/** A request's new position (a new fix from the driver's phone); its row is locked by the caller. */
export async function replacePosition(tx: Tx, requestId: number, position: StoredPosition) {
  await setPosition(tx, eq(serviceRequests.id, requestId), position);
}

/** Erases the position columns of every request that ended before `cutoff`; returns their ids. */
export function erasePositionColumns(tx: Tx, cutoff: Date): Promise<number[]> {
  return setPosition(
    tx,
    // drizzle's and()/or() may answer undefined (no condition); setPosition must never pick every request.
    sql`${lt(serviceRequests.endedAt, cutoff)} and (${isNotNull(serviceRequests.latitude)} or ${isNotNull(serviceRequests.nearestTown)})`,
    noPosition,
  );
}

/**
 * Rewrites every text of a request that a person typed (the pickup and drop-off words, the driver's
 * car and note, the owner's message to the driver, the driver's reason for cancelling, the car as the
 * desk heard it) for every request that ended before `cutoff` and holds a position in one of them
 * (`pattern`), with `replacement` where the position was; returns their ids. No figure counts these words.
 */
export async function rewriteTextOfEnded(tx: Tx, cutoff: Date, pattern: string, replacement: string) {
  const typed = {
    pickupLocation: serviceRequests.pickupLocation,
    dropoffLocation: serviceRequests.dropoffLocation,
    vehicle: serviceRequests.vehicle,
    note: serviceRequests.note,
    driverMessage: serviceRequests.driverMessage,
    cancelReason: serviceRequests.cancelReason,
    deskVehicle: serviceRequests.deskVehicle,
  } satisfies Partial<Record<keyof typeof serviceRequests.$inferInsert, AnyPgColumn>>;
  const columns = Object.values(typed);
  const scrub = (column: AnyPgColumn) => sql`regexp_replace(${column}, ${pattern}, ${replacement}, 'g')`;
  const rows = await tx
    .update(serviceRequests)
    .set(Object.fromEntries(Object.entries(typed).map(([key, column]) => [key, scrub(column)])))
    .where(and(lt(serviceRequests.endedAt, cutoff), or(...columns.map((column) => sql`${column} ~ ${pattern}`))))
    .returning({ id: serviceRequests.id });
  return rows.map(({ id }) => id);
}
