import { and, inArray, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { partnerOffers, requestEvents, reviews, serviceRequests } from "../../db/schema";
import { rewriteTextOfEnded } from "../service-requests/changes";
import { ERASED_POSITION_TEXT, POSITION_IN_TEXT_PATTERN } from "./position-text";

const holdsPosition = (column: AnyPgColumn) => sql`${column} ~ ${POSITION_IN_TEXT_PATTERN}`;
const scrub = (column: AnyPgColumn) =>
  sql`regexp_replace(${column}, ${POSITION_IN_TEXT_PATTERN}, ${ERASED_POSITION_TEXT}, 'g')`;

/**
 * Erases the positions a person typed about each request that ended before `cutoff` (position-text.ts's
 * pattern, replaced by "(position erased)"), in every text that can hold one:
 * - the request's own words (pickup, drop-off, car, note, the owner's message, the cancel reason, the
 *   desk's car: service-requests/changes.ts);
 * - its history's notes, which copy some of those (the owner's message, a caller's place on /here, the
 *   cancel reason) and hold the desk's own notes and the partners' reasons;
 * - its partner offers' decline and could-not-complete reasons;
 * - its review's words (a published card shows the change within the home page's cache time).
 * The alert outbox holds no typed text (alerts read the request when they send). Returns the ids of the
 * requests something was erased from (repeats possible).
 */
export async function erasePositionText(tx: Tx, cutoff: Date): Promise<number[]> {
  const request = await rewriteTextOfEnded(tx, cutoff, POSITION_IN_TEXT_PATTERN, ERASED_POSITION_TEXT);
  const endedIds = tx
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(lt(serviceRequests.endedAt, cutoff));
  const events = await tx
    .update(requestEvents)
    .set({ note: scrub(requestEvents.note) })
    .where(and(inArray(requestEvents.requestId, endedIds), holdsPosition(requestEvents.note)))
    .returning({ id: requestEvents.requestId });
  const offers = await tx
    .update(partnerOffers)
    .set({
      declineReason: scrub(partnerOffers.declineReason),
      notCompletedReason: scrub(partnerOffers.notCompletedReason),
    })
    .where(
      and(
        inArray(partnerOffers.serviceRequestId, endedIds),
        or(holdsPosition(partnerOffers.declineReason), holdsPosition(partnerOffers.notCompletedReason)),
      ),
    )
    .returning({ id: partnerOffers.serviceRequestId });
  const review = await tx
    .update(reviews)
    .set({ comment: scrub(reviews.comment) })
    .where(and(inArray(reviews.serviceRequestId, endedIds), holdsPosition(reviews.comment)))
    .returning({ id: reviews.serviceRequestId });
  const others = [...events, ...offers, ...review].flatMap(({ id }) => (id === null ? [] : [id]));
  return [...request, ...others];
}
