import { and, inArray, isNotNull, lt } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { partnerOffers, requestLocations, serviceRequests } from "../../db/schema";
import { erasePositionColumns } from "../service-requests/changes";
import { erasePositionText } from "./erase-position-text";

/**
 * Erases the position of every request that ended before `cutoff`, in every place it has a copy:
 * - the request's columns (coordinates, accuracy, fix time, nearest town and the distance to it);
 * - its earlier positions (request_locations);
 * - its partner offers' distance from the town's centre (a distance to a point is a copy of the point;
 *   the town the job was matched on stays, as /privacy says);
 * - every text a person typed about it that holds coordinates (erase-position-text.ts): its pickup and
 *   drop-off words (a request sent before the form kept positions out of them), its notes and messages,
 *   its history, its offers' reasons, its review.
 * Returns the ids of the requests something was erased from, once each.
 */
export async function erasePositions(tx: Tx, cutoff: Date): Promise<number[]> {
  const ended = tx.select({ id: serviceRequests.id }).from(serviceRequests).where(lt(serviceRequests.endedAt, cutoff));
  const columns = await erasePositionColumns(tx, cutoff);
  const history = await tx
    .delete(requestLocations)
    .where(inArray(requestLocations.serviceRequestId, ended))
    .returning({ id: requestLocations.serviceRequestId });
  const offers = await tx
    .update(partnerOffers)
    .set({ distanceKm: null })
    .where(and(inArray(partnerOffers.serviceRequestId, ended), isNotNull(partnerOffers.distanceKm)))
    .returning({ id: partnerOffers.serviceRequestId });
  const text = await erasePositionText(tx, cutoff);
  return [...new Set([...columns, ...[...history, ...offers].map(({ id }) => id), ...text])];
}
