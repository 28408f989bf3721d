import { and, inArray, isNotNull, lt } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { partnerOffers, requestLocations, serviceRequests } from "../../db/schema";
import { erasePositionColumns, rewritePlacesOfEnded } from "../service-requests/changes";
import { ERASED_POSITION_TEXT, POSITION_IN_TEXT_PATTERN } from "./position-text";

/**
 * Erases the position of every request that ended before `cutoff`, in every place it has a copy:
 * - the request's columns (coordinates, accuracy, fix time, nearest town and the distance to it);
 * - its earlier positions (request_locations);
 * - its partner offers' distance from the town's centre (a distance to a point is a copy of the point;
 *   the town the job was matched on stays, as /privacy says);
 * - its pickup and drop-off words, where a request sent before the form kept positions out of them
 *   (or a driver who typed one) holds coordinates (position-text.ts).
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
  const text = await rewritePlacesOfEnded(tx, cutoff, POSITION_IN_TEXT_PATTERN, ERASED_POSITION_TEXT);
  return [...new Set([...columns, ...[...history, ...offers].map(({ id }) => id), ...text])];
}
