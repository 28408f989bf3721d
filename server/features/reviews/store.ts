import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import {
  type DeskReview,
  type DriverReview,
  REVIEW_EDIT_MS,
  type RequestReviewState,
  type ReviewAction,
} from "../../../src/shared/review";
import type { ReviewInput } from "../../../src/shared/review-schema";
import type { Db, Tx } from "../../db/client";
import {
  type AlertChannel,
  alertOutbox,
  holdsTheJob,
  partnerOffers,
  partners,
  type ReviewRow,
  reviews,
  type ServiceRequestRow,
  serviceRequests,
} from "../../db/schema";
import { reviewRequestTime } from "./timing";

/** Reviews in the database: asking for one, the driver's writing, the desk's decisions, the carousel's reading. */

/**
 * Queues the one "How did it go?" e-mail of a request that just became done, inside the status
 * change's transaction: only when e-mail is a channel of this installation and the driver gave an
 * address. The unique index alert_outbox_review_request_once_idx makes a second Done (reopened and
 * done again, by the desk or the partner) queue nothing.
 */
export async function queueReviewRequest(
  tx: Tx | Db,
  requestId: number,
  doneAt: Date,
  timeZone: string,
  channels: readonly AlertChannel[],
): Promise<void> {
  if (!channels.includes("email")) return;
  const due = reviewRequestTime(doneAt, timeZone);
  await tx.execute(sql`
    insert into ${alertOutbox} (contact_request_id, channel, kind, next_attempt_at, created_at)
    select ${serviceRequests.id}, 'email', 'review_request', ${due.toISOString()}::timestamptz, ${doneAt.toISOString()}::timestamptz
    from ${serviceRequests}
    where ${serviceRequests.id} = ${requestId} and btrim(${serviceRequests.email}) <> ''
    on conflict (contact_request_id, channel) where kind = 'review_request' do nothing`);
}

const driverReview = (row: ReviewRow): DriverReview => ({
  stars: row.stars,
  comment: row.comment,
  consent: row.consent,
  writtenAt: row.createdAt.toISOString(),
  editableUntil: new Date(row.createdAt.getTime() + REVIEW_EDIT_MS).toISOString(),
});

const canEdit = (row: ReviewRow, now: Date) => now.getTime() < row.createdAt.getTime() + REVIEW_EDIT_MS;

export async function reviewOfRequest(db: Db, requestId: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.serviceRequestId, requestId));
  return row;
}

/** What the driver's page shows of reviews for a request, at `now`. */
export function reviewState(request: Pick<ServiceRequestRow, "status">, review: ReviewRow | undefined, now: Date) {
  const asking = request.status === "completed";
  const state: RequestReviewState = {
    asking: asking || review !== undefined,
    review: review ? driverReview(review) : null,
    editable: asking && (!review || canEdit(review, now)),
  };
  return state;
}

/** "Maria" of "  Maria   del Carmen Ruiz": what the carousel may show, and nothing more of the name. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? "";

export type SaveOutcome =
  /** carouselChanged: the save took a review off the website, so the home pages must be read again. */
  | { saved: ReviewRow; created: boolean; carouselChanged: boolean }
  | { notDone: true }
  | { closed: ReviewRow }
  | undefined;

/**
 * The driver writes or changes the request's review. On the locked request row: only once it is done,
 * one review per request (a unique index as well), changed only for 7 days after it was first
 * written. Copied at the first writing: the partner of the accepted offer, the language, the first
 * name and the town, so a published review outlives its request. Withdrawing consent unpublishes it,
 * and so does any change of the stars or the words: the owner published what they read, so changed
 * words wait, off the website, until the owner publishes them again.
 */
export async function saveReview(db: Db, requestId: number, input: ReviewInput, now: Date): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, requestId)).for("update");
    if (!request) return undefined;
    if (request.status !== "completed") return { notDone: true };
    const [existing] = await tx.select().from(reviews).where(eq(reviews.serviceRequestId, requestId));
    if (existing) {
      if (!canEdit(existing, now)) return { closed: existing };
      const reworded = input.stars !== existing.stars || input.comment !== existing.comment;
      const [saved] = await tx
        .update(reviews)
        .set({
          stars: input.stars,
          comment: input.comment,
          consent: input.consent,
          updatedAt: now,
          publishedAt: input.consent && !reworded ? existing.publishedAt : null,
        })
        .where(eq(reviews.id, existing.id))
        .returning();
      if (!saved) return undefined;
      return { saved, created: false, carouselChanged: existing.publishedAt !== null && saved.publishedAt === null };
    }
    const [accepted] = await tx
      .select({ partnerId: partnerOffers.partnerId })
      .from(partnerOffers)
      .where(and(eq(partnerOffers.serviceRequestId, requestId), holdsTheJob))
      .limit(1);
    const [saved] = await tx
      .insert(reviews)
      .values({
        serviceRequestId: requestId,
        partnerId: accepted?.partnerId ?? null,
        stars: input.stars,
        comment: input.comment,
        consent: input.consent,
        language: request.language,
        firstName: firstNameOf(request.name),
        town: request.nearestTown ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return saved ? { saved, created: true, carouselChanged: false } : undefined;
  });
}

/** Every review (or the one `onlyId`), newest first, with the partner's company: the desk's list (hidden ones included). */
export async function listReviews(db: Db, onlyId?: number): Promise<DeskReview[]> {
  const rows = await db
    .select({ review: reviews, partnerCompany: partners.companyName })
    .from(reviews)
    .leftJoin(partners, eq(partners.id, reviews.partnerId))
    .where(onlyId === undefined ? undefined : eq(reviews.id, onlyId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(({ review: r, partnerCompany }) => ({
    id: r.id,
    stars: r.stars,
    comment: r.comment,
    consent: r.consent,
    language: r.language,
    firstName: r.firstName,
    town: r.town,
    requestId: r.serviceRequestId,
    partnerCompany,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    hidden: r.hidden,
  }));
}

/** carouselChanged: the review went on or off the website, so the home pages must be read again. */
export type ActionOutcome =
  | { review: ReviewRow; carouselChanged: boolean }
  | { noConsent: true }
  | { hidden: true }
  | undefined;

/**
 * The owner's decisions, on the locked row: publish (only with the driver's consent, never while
 * hidden), unpublish, hide (which also takes it off the website) and unhide. The words are never
 * touched: the update names no column of the driver's.
 */
export async function actOnReview(db: Db, id: number, action: ReviewAction, now: Date): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!row) return undefined;
    let change: Partial<Pick<ReviewRow, "publishedAt" | "hidden">>;
    switch (action) {
      case "publish":
        if (!row.consent) return { noConsent: true };
        if (row.hidden) return { hidden: true };
        change = { publishedAt: row.publishedAt ?? now };
        break;
      case "unpublish":
        change = { publishedAt: null };
        break;
      case "hide":
        change = { hidden: true, publishedAt: null };
        break;
      case "unhide":
        change = { hidden: false };
        break;
    }
    const [review] = await tx.update(reviews).set(change).where(eq(reviews.id, id)).returning();
    if (!review) return undefined;
    return { review, carouselChanged: (row.publishedAt === null) !== (review.publishedAt === null) };
  });
}

/**
 * Deletes a review (the driver asked, or the owner will not keep it): its words, name and town go
 * for good. Undefined when there is no such review; else whether it was on the website.
 */
export async function deleteReview(db: Db | Tx, id: number): Promise<{ carouselChanged: boolean } | undefined> {
  const [gone] = await db.delete(reviews).where(eq(reviews.id, id)).returning({ publishedAt: reviews.publishedAt });
  return gone ? { carouselChanged: gone.publishedAt !== null } : undefined;
}

/** Deletes the review of request `requestId`, if any, with the request (a person asking to be forgotten). */
export async function deleteReviewOfRequest(tx: Db | Tx, requestId: number): Promise<{ carouselChanged: boolean }> {
  const gone = await tx
    .delete(reviews)
    .where(eq(reviews.serviceRequestId, requestId))
    .returning({ publishedAt: reviews.publishedAt });
  return { carouselChanged: gone.some((r) => r.publishedAt !== null) };
}

/** What the home page's carousel may show: published, with consent, not hidden; newest first. */
export async function publishedReviews(db: Db, limit: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(and(isNotNull(reviews.publishedAt), eq(reviews.consent, true), eq(reviews.hidden, false)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
