import { and, asc, eq, inArray } from "drizzle-orm";
import { endedStatuses, type RequestStatus } from "../../../src/shared/desk-schema";
import type { DeskOffer } from "../../../src/shared/partner-schema";
import { site } from "../../../src/shared/site";
import type { Db, Tx } from "../../db/client";
import {
  alertOutbox,
  holdsTheJob,
  type PartnerRow,
  partnerOffers,
  partners,
  requestEvents,
  serviceRequests,
} from "../../db/schema";
import { partnerAlertChannels } from "../../shared/partner-alert-channels";
import { businessDay, candidatesAmong, serviceSlugOf } from "./store";

/**
 * Offering a job to partners: one offer row per partner, its alerts in the outbox (an e-mail always, a
 * webhook event for a partner with a system of its own), one offer_sent event each, and the partner
 * moved to the back of the rotation: all in one transaction, with the request's row locked, so an
 * offer never goes out on a request the driver cancelled or a partner took at that same moment.
 */

/** Statuses in which a job is over: offering it again needs the desk to reopen it first. */

export type SendOffersResult =
  | { kind: "sent"; offerIds: number[] }
  | { kind: "missing" }
  | { kind: "cancelled" }
  | { kind: "ended"; status: RequestStatus }
  | { kind: "taken"; companyName: string }
  | { kind: "needs_town" }
  | { kind: "no_service" }
  | { kind: "not_candidates"; ids: number[] }
  | { kind: "already_offered"; companyNames: string[] };

export interface SendOffersInput {
  requestId: number;
  partnerIds: readonly number[];
  /** The town the owner chose: used only when the driver's position gave no nearest town. */
  town?: string;
  actor: string;
  now: Date;
  timeoutMinutes: number;
}

/** The town a request's job matches on: the driver's nearest town, else the owner's choice. */
export const jobTown = (nearestTown: string | null, chosen: string | undefined) => nearestTown ?? chosen ?? null;

/** The job a request offers: where, and the service's slug the partners must cover. */
interface Job {
  town: string;
  slug: string;
  /** The driver's distance from the town's centre: known only when the town is the nearest one. */
  distanceKm: number | null;
}

/** Locks the request's row and answers its job, or why it cannot be offered now. */
async function lockJob(tx: Tx, requestId: number, chosenTown: string | undefined): Promise<Job | SendOffersResult> {
  const [request] = await tx
    .select({
      status: serviceRequests.status,
      service: serviceRequests.service,
      nearestTown: serviceRequests.nearestTown,
      nearestTownKm: serviceRequests.nearestTownKm,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId))
    .for("update");
  if (!request) return { kind: "missing" };
  if (request.status === "cancelled") return { kind: "cancelled" };
  if (endedStatuses.includes(request.status)) return { kind: "ended", status: request.status };
  const [accepted] = await tx
    .select({ companyName: partners.companyName })
    .from(partnerOffers)
    .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .where(and(eq(partnerOffers.serviceRequestId, requestId), holdsTheJob));
  if (accepted) return { kind: "taken", companyName: accepted.companyName };
  const town = jobTown(request.nearestTown, chosenTown);
  if (town === null) return { kind: "needs_town" };
  const slug = serviceSlugOf(request.service);
  if (!slug) return { kind: "no_service" };
  return { town, slug, distanceKm: request.nearestTown === town ? request.nearestTownKm : null };
}

/** The partners asked for, when each may be offered this job: a candidate for it, with no offer open on it. */
async function partnersToOffer(
  tx: Tx,
  requestId: number,
  ids: number[],
  job: Job,
  now: Date,
): Promise<PartnerRow[] | SendOffersResult> {
  const chosen = await candidatesAmong(tx, ids, job.slug, job.town, businessDay(now));
  const missing = ids.filter((id) => !chosen.some((p) => p.id === id));
  if (missing.length > 0) return { kind: "not_candidates", ids: missing };
  const open = await tx
    .select({ companyName: partners.companyName })
    .from(partnerOffers)
    .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .where(
      and(
        eq(partnerOffers.serviceRequestId, requestId),
        eq(partnerOffers.state, "offered"),
        inArray(partnerOffers.partnerId, ids),
      ),
    );
  if (open.length > 0) return { kind: "already_offered", companyNames: open.map((o) => o.companyName) };
  return chosen;
}

/** Stores one offer per partner, its alerts and its offer_sent event, and moves the partners to the back of the rotation. */
async function storeOffers(tx: Tx, input: SendOffersInput, job: Job, chosen: PartnerRow[]): Promise<number[]> {
  const { requestId, now, actor } = input;
  const expiresAt = new Date(now.getTime() + input.timeoutMinutes * 60_000);
  const offers = await tx
    .insert(partnerOffers)
    .values(
      chosen.map((p) => ({
        serviceRequestId: requestId,
        partnerId: p.id,
        town: job.town,
        distanceKm: job.distanceKm,
        offeredBy: actor,
        createdAt: now,
        expiresAt,
      })),
    )
    .returning({ id: partnerOffers.id, partnerId: partnerOffers.partnerId });
  const partnerOf = new Map(chosen.map((p) => [p.id, p]));
  await tx.insert(alertOutbox).values(
    offers.flatMap(({ id, partnerId }) => {
      return partnerAlertChannels({ webhookUrl: partnerOf.get(partnerId)?.webhookUrl ?? null }).map((channel) => ({
        serviceRequestId: requestId,
        channel,
        kind: "offer_created" as const,
        offerId: id,
      }));
    }),
  );
  await tx.insert(requestEvents).values(
    offers.map(({ partnerId }) => ({
      requestId,
      kind: "offer_sent" as const,
      actor,
      note: partnerOf.get(partnerId)?.companyName ?? null,
      partnerId,
      at: now,
    })),
  );
  await tx
    .update(partners)
    .set({ lastOfferedAt: now })
    .where(
      inArray(
        partners.id,
        chosen.map((p) => p.id),
      ),
    );
  return offers.map((o) => o.id);
}

export async function sendOffers(db: Db, input: SendOffersInput): Promise<SendOffersResult> {
  return db.transaction(async (tx): Promise<SendOffersResult> => {
    const job = await lockJob(tx, input.requestId, input.town);
    if ("kind" in job) return job;
    const chosen = await partnersToOffer(tx, input.requestId, [...new Set(input.partnerIds)], job, input.now);
    if (!Array.isArray(chosen)) return chosen;
    return { kind: "sent", offerIds: await storeOffers(tx, input, job, chosen) };
  });
}

/** "4:52 AM" in the business's time zone. */
const clockTime = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { timeZone: site.timeZone, hour: "numeric", minute: "2-digit" }).format(date);

/**
 * The text the owner can send from their own phone: what the partner needs to decide (the service,
 * the town and distance, when), never the driver's details, and no private link (the e-mail carries it).
 */
export function offerSmsText(offer: {
  requestId: number;
  service: string;
  town: string;
  distanceKm: number | null;
  requestedAt: Date;
  expiresAt: Date;
}): string {
  const where = offer.distanceKm === null ? offer.town : `${offer.town} (${offer.distanceKm.toFixed(1)} km from town)`;
  return (
    `${site.name}: job offer #${offer.requestId}, ${offer.service} near ${where}, requested ${clockTime(offer.requestedAt)}. ` +
    `Accept or decline with the link in our e-mail before ${clockTime(offer.expiresAt)}.`
  );
}

/** An sms: link with the text prefilled (RFC 5724): the number's digits and a body. */
export function smsHref(phone: string, text: string): string {
  const number = phone.replace(/[^\d+]/g, "");
  return `sms:${number}?body=${encodeURIComponent(text)}`;
}

/** The offers on a request so far, oldest first, as the desk shows them. */
export async function offersOf(db: Db, requestId: number): Promise<DeskOffer[]> {
  const rows = await db
    .select({
      offer: partnerOffers,
      partner: { companyName: partners.companyName, phone: partners.phone },
      request: { service: serviceRequests.service, createdAt: serviceRequests.createdAt },
    })
    .from(partnerOffers)
    .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, partnerOffers.serviceRequestId))
    .where(eq(partnerOffers.serviceRequestId, requestId))
    .orderBy(asc(partnerOffers.id));
  return rows.map(({ offer, partner, request }) => ({
    id: offer.id,
    partnerId: offer.partnerId,
    companyName: partner.companyName,
    phone: partner.phone,
    smsHref: smsHref(
      partner.phone,
      offerSmsText({
        requestId,
        service: request.service,
        town: offer.town,
        distanceKm: offer.distanceKm,
        requestedAt: request.createdAt,
        expiresAt: offer.expiresAt,
      }),
    ),
    state: offer.state,
    town: offer.town,
    createdAt: offer.createdAt.toISOString(),
    expiresAt: offer.expiresAt.toISOString(),
    answeredAt: offer.answeredAt ? offer.answeredAt.toISOString() : null,
    etaMinutes: offer.etaMinutes,
    declineReason: offer.declineReason,
    step: offer.step,
    stepAt: offer.stepAt ? offer.stepAt.toISOString() : null,
    notCompletedReason: offer.notCompletedReason,
  }));
}
