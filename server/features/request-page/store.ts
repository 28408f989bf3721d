import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { RequestStatus } from "../../../src/shared/desk-schema";
import type { DriverPartnerView } from "../../../src/shared/partner-schema";
import {
  cancellableStatuses,
  driverStatusWith,
  lastFourDigits,
  PAGE_LIFETIME_AFTER_END_DAYS,
  type RequestPageFacts,
  type RequestPageLive,
} from "../../../src/shared/request-page";
import type { Db, Tx } from "../../db/client";
import {
  type AlertChannel,
  DRIVER_ACTOR,
  type JobStep,
  partnerOffers,
  partners,
  requestPageLinks,
  type ServiceRequestRow,
  serviceRequests,
} from "../../db/schema";
import { partnerAlertChannels } from "../../shared/partner-alert-channels";
import { transition } from "../service-requests/transition";

/** Reading a request through its page's token, and the driver's one write: cancelling it. */

const LIFETIME_MS = PAGE_LIFETIME_AFTER_END_DAYS * 24 * 60 * 60 * 1000;

/** A request whose page still works at `now`: open, or ended less than 30 days ago. */
const pageAlive = (now: Date) =>
  or(isNull(serviceRequests.endedAt), gt(serviceRequests.endedAt, new Date(now.getTime() - LIFETIME_MS)));

/**
 * The partner who accepted a request's job: the one who holds it (partner_offers_one_accepted_idx
 * allows one), or else the last who could not complete it, until the owner's next offer is accepted.
 */
export interface AcceptedPartner {
  offerId: number;
  partnerId: number;
  companyName: string;
  phone: string;
  webhookUrl: string | null;
  acceptedAt: Date | null;
  etaMinutes: number | null;
  step: JobStep | null;
  stepAt: Date | null;
}

/**
 * The latest accepted offer joined to a request (left: most requests have none), and its partner. A
 * job is accepted again only once the last acceptance could not complete it, so the latest accepted
 * offer is the one that holds the job, if any does.
 */
const acceptedOfferOn = eq(
  partnerOffers.id,
  sql`(select max(o.id) from ${partnerOffers} o where o.contact_request_id = ${serviceRequests.id} and o.state = 'accepted')`,
);
const partnerColumns = {
  offerId: partnerOffers.id,
  partnerId: partners.id,
  companyName: partners.companyName,
  phone: partners.phone,
  webhookUrl: partners.webhookUrl,
  acceptedAt: partnerOffers.answeredAt,
  etaMinutes: partnerOffers.etaMinutes,
  step: partnerOffers.step,
  stepAt: partnerOffers.stepAt,
};
type PartnerColumns = { [K in keyof AcceptedPartner]: AcceptedPartner[K] | null };
const acceptedPartner = (row: PartnerColumns | null): AcceptedPartner | null =>
  row !== null && row.offerId !== null && row.partnerId !== null && row.companyName !== null && row.phone !== null
    ? {
        offerId: row.offerId,
        partnerId: row.partnerId,
        companyName: row.companyName,
        phone: row.phone,
        webhookUrl: row.webhookUrl,
        acceptedAt: row.acceptedAt,
        etaMinutes: row.etaMinutes,
        step: row.step,
        stepAt: row.stepAt,
      }
    : null;

/** A request as its page shows it: the row, and the partner who accepted its job, if one did. */
export type PageRow = ServiceRequestRow & { partner: AcceptedPartner | null };

/**
 * The request a page token's hash opens, or undefined: unknown, malformed, deleted and expired alike.
 * The caller (server/shared/private-link.ts) hashes every candidate, whatever it looks like, and this
 * is the same one query for each, so none of those answers sooner than another.
 */
export async function requestByPageToken(db: Db, tokenSha256: string, now: Date): Promise<PageRow | undefined> {
  const [row] = await db
    .select({ request: serviceRequests, partner: partnerColumns })
    .from(requestPageLinks)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPageLinks.serviceRequestId))
    .leftJoin(partnerOffers, acceptedOfferOn)
    .leftJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .where(and(eq(requestPageLinks.tokenSha256, tokenSha256), pageAlive(now)))
    .limit(1);
  return row && { ...row.request, partner: acceptedPartner(row.partner) };
}

/** What the live part of a page is made of (pageLive). */
const liveColumns = {
  id: serviceRequests.id,
  status: serviceRequests.status,
  driverMessage: serviceRequests.driverMessage,
  driverMessageAt: serviceRequests.driverMessageAt,
  cancelledAt: serviceRequests.cancelledAt,
};
export type LiveRow = Pick<ServiceRequestRow, keyof typeof liveColumns> & { partner: AcceptedPartner | null };

/**
 * The live part of the followed requests' pages, by id; a deleted or expired one is absent. One query
 * for all of them, the accepted offer and its partner joined in (an index finds each request's one).
 */
export async function liveRequests(db: Db, ids: number[], now: Date): Promise<Map<number, LiveRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ live: liveColumns, partner: partnerColumns })
    .from(serviceRequests)
    .leftJoin(partnerOffers, acceptedOfferOn)
    .leftJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .where(and(inArray(serviceRequests.id, ids), pageAlive(now)));
  return new Map(rows.map((r) => [r.live.id, { ...r.live, partner: acceptedPartner(r.partner) }]));
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

/** Statuses on which the page no longer shows the partner: the job is off (the partner was told). */
const partnerHiddenOn: readonly RequestStatus[] = ["cancelled", "lost", "spam"];

/**
 * The partner as the driver sees them: their company, when they accepted and their own estimate (an
 * acceptance always carries one; without it nothing is shown rather than a figure of ours), their
 * latest step, and their phone only when the business chose to show it (PARTNER_PHONE_TO_DRIVER).
 */
function driverPartnerView(row: LiveRow, showPhone: boolean): DriverPartnerView | null {
  const p = row.partner;
  if (!p || p.acceptedAt === null || p.etaMinutes === null || partnerHiddenOn.includes(row.status)) return null;
  const acceptedAt = p.acceptedAt.toISOString();
  const reported = p.step !== null && p.step !== "accepted" && p.stepAt !== null;
  return {
    companyName: p.companyName,
    acceptedAt,
    etaMinutes: p.etaMinutes,
    step: reported ? (p.step as NonNullable<typeof p.step>) : "accepted",
    stepAt: reported && p.stepAt ? p.stepAt.toISOString() : acceptedAt,
    phone: showPhone ? p.phone : null,
  };
}

/** What the page's live part shows; `showPartnerPhone` is PARTNER_PHONE_TO_DRIVER. */
export function pageLive(row: LiveRow, showPartnerPhone = false): RequestPageLive {
  const partner = driverPartnerView(row, showPartnerPhone);
  return {
    status: driverStatusWith(row.status, partner),
    message:
      row.driverMessage && row.driverMessageAt
        ? { text: row.driverMessage, at: row.driverMessageAt.toISOString() }
        : null,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    canCancel: cancellableStatuses.includes(row.status),
    partner,
  };
}

type CancelOutcome = { cancelled: PageRow } | { refused: PageRow } | undefined;

/**
 * The driver's "I no longer need help": once, and only while the request is open (new, contacted or
 * dispatched). In one transaction, on the locked row: the status, when and why, the history's line
 * (by the driver), the owner's alerts on every configured channel, and, when a partner had accepted
 * the job, their offer_cancelled alerts (so they do not drive out to no one); a cancel is never stored
 * without its alerts. Undefined when the request is gone.
 */
export async function cancelByDriver(
  db: Db,
  id: number,
  reason: string | undefined,
  now: Date,
  channels: readonly AlertChannel[],
): Promise<CancelOutcome> {
  // Read under the request's lock (transition() locks it first), so no acceptance can come in between.
  const seen: { partner: AcceptedPartner | null } = { partner: null };
  const moved = await transition(db, {
    id,
    to: "cancelled",
    actor: DRIVER_ACTOR,
    now,
    note: reason ?? null,
    refuse: (current) => (cancellableStatuses.includes(current.status) ? undefined : ("not open" as const)),
    alerts: async (_current, tx) => {
      const partner = await acceptedPartnerOf(tx, id);
      seen.partner = partner;
      // A partner who could not complete the job is no longer on the way: nothing to call off.
      const onTheJob = partner !== null && partner.step !== "not_completed";
      return [
        ...channels.map((channel) => ({ serviceRequestId: id, channel, kind: "cancelled" as const })),
        ...(partner && onTheJob
          ? partnerAlertChannels(partner).map((channel) => ({
              serviceRequestId: id,
              channel,
              kind: "offer_cancelled" as const,
              offerId: partner.offerId,
            }))
          : []),
      ];
    },
  });
  if (!moved) return undefined;
  if ("refused" in moved) return { refused: { ...moved.row, partner: await acceptedPartnerOf(db, id) } };
  return { cancelled: { ...moved.row, partner: seen.partner } };
}

async function acceptedPartnerOf(db: Db | Tx, id: number): Promise<AcceptedPartner | null> {
  const [joined] = await db
    .select({ partner: partnerColumns })
    .from(serviceRequests)
    .leftJoin(partnerOffers, acceptedOfferOn)
    .leftJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .where(eq(serviceRequests.id, id));
  return acceptedPartner(joined?.partner ?? null);
}
