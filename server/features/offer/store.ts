import { and, eq, gt, ne } from "drizzle-orm";
import type { RequestStatus } from "../../../src/shared/desk-schema";
import type { OfferPageState } from "../../../src/shared/partner-schema";
import type { Db } from "../../db/client";
import {
  holdsTheJob,
  offerLinks,
  type PartnerOfferRow,
  type PartnerRow,
  partnerOffers,
  partners,
  type ServiceRequestRow,
  serviceRequests,
} from "../../db/schema";

/** Reading an offer through its link's token: the offer, its partner and its request. */

export interface FoundOffer {
  offer: PartnerOfferRow;
  partner: PartnerRow;
  request: ServiceRequestRow;
}

/**
 * The offer a token's hash opens, or undefined: unknown, malformed, expired link and deleted request
 * alike. The caller (server/shared/private-link.ts) hashes every candidate, whatever it looks like, and
 * this is the same one query for each, so none of those answers sooner than another. The link grants this one offer and nothing else: the rest of the
 * request is read through the offer's own foreign keys.
 */
export async function offerByToken(db: Db, tokenSha256: string, now: Date): Promise<FoundOffer | undefined> {
  const [row] = await db
    .select({ offer: partnerOffers, partner: partners, request: serviceRequests })
    .from(offerLinks)
    .innerJoin(partnerOffers, eq(partnerOffers.id, offerLinks.offerId))
    .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, partnerOffers.serviceRequestId))
    .where(and(eq(offerLinks.tokenSha256, tokenSha256), gt(offerLinks.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Whether another partner took the job: holds it now, or, for a withdrawn offer (withdrawn only because
 * another partner accepted), accepted it, even if they could not complete it: what that partner was told.
 * A partner who still holds the job was taken by nobody; one who could not complete it may see the job
 * go to the next.
 */
async function acceptedElsewhere(db: Db, offer: PartnerOfferRow): Promise<boolean> {
  if (offer.state === "accepted" && offer.step !== "not_completed") return false;
  const taken = offer.state === "withdrawn" ? eq(partnerOffers.state, "accepted") : holdsTheJob;
  const [other] = await db
    .select({ id: partnerOffers.id })
    .from(partnerOffers)
    .where(and(eq(partnerOffers.serviceRequestId, offer.serviceRequestId), taken, ne(partnerOffers.id, offer.id)))
    .limit(1);
  return other !== undefined;
}

/** Whether an open offer can still be answered at `now`. */
export const isOpen = (offer: PartnerOfferRow, now: Date) =>
  offer.state === "offered" && offer.expiresAt.getTime() > now.getTime();

/**
 * The offer as its partner's page describes it. Whether another partner took the job is read here,
 * for the page only: the answers learn it in their own transaction.
 */
export const offerPageState = async (db: Db, found: FoundOffer, now: Date): Promise<OfferPageState> =>
  stateOf(found.offer, found.request.status, await acceptedElsewhere(db, found.offer), now);

/** The offer as its partner's page and JSON answers describe it, from the offer, its request's status and whether another partner took the job. */
export function stateOf(
  offer: PartnerOfferRow,
  requestStatus: RequestStatus,
  taken: boolean,
  now: Date,
): OfferPageState {
  const lapsed = offer.state === "offered" && !isOpen(offer, now);
  return {
    state: lapsed ? "expired" : offer.state,
    // An accepted offer counts as taken only once its partner could not complete it and another took it.
    taken: (offer.state !== "accepted" || offer.step === "not_completed") && taken,
    driverCancelled: requestStatus === "cancelled",
    expiresAt: offer.expiresAt.toISOString(),
    answeredAt: offer.answeredAt ? offer.answeredAt.toISOString() : null,
    etaMinutes: offer.etaMinutes,
    step: offer.step,
    stepAt: offer.stepAt ? offer.stepAt.toISOString() : null,
  };
}
