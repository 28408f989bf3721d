import { and, asc, count, eq, gt, inArray, lte, min, ne, or, type SQL, sql } from "drizzle-orm";
import { site } from "../../../src/shared/site";
import { DEFAULT_OFFER_LINK_HOURS } from "../../config";
import type { Db } from "../../db/client";
import {
  type AlertChannel,
  type AlertKind,
  alertOutbox,
  offerLinks,
  partnerOffers,
  partners,
  requestPageLinks,
  reviews,
  serviceRequests,
} from "../../db/schema";
import { newPageToken, pageTokenHash } from "../../shared/page-tokens";
import { isQuietHour } from "../reviews/timing";
import type { ClaimedAlert, ClaimedOffer } from "./channel";

/** The e-mails to the driver, which carry a new link to the request's page. */
const kindsWithPageLink: readonly AlertKind[] = ["driver_confirmation", "review_request"];

/** What a worker can send: a channel, and on it every kind or only these. */
export interface AlertRoute {
  channel: AlertChannel;
  kinds?: readonly AlertKind[];
}

/**
 * A new link to the offer of each of these alerts, for the offer e-mails and webhooks about to go out,
 * made like the driver's page link (mintPageTokens): only its hash is stored, with when it stops
 * working; one per alert and attempt (an offer's e-mail and webhook each carry their own), and a failed
 * attempt's is removed. An offer deleted since the claim gets none. Answers the token by alert id.
 */
async function mintOfferTokens(
  db: Db,
  alerts: { alertId: string; offerId: number }[],
  expiresAt: Date,
): Promise<Map<string, string>> {
  const made = alerts.map((a) => ({ ...a, token: newPageToken() }));
  if (made.length === 0) return new Map();
  const values = sql.join(
    made.map((m) => sql`(${m.offerId}::integer, ${pageTokenHash(m.token)}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${offerLinks} (${sql.identifier(offerLinks.offerId.name)}, ${sql.identifier(offerLinks.tokenSha256.name)}, ${sql.identifier(offerLinks.expiresAt.name)})
    select v.id, v.hash, ${expiresAt.toISOString()}::timestamptz from (values ${values}) as v(id, hash)
    join ${partnerOffers} on ${partnerOffers.id} = v.id`);
  return new Map(made.map((m) => [m.alertId, m.token]));
}

/** Which of these requests already have the driver's review. */
async function reviewedRequests(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: reviews.serviceRequestId })
    .from(reviews)
    .where(inArray(reviews.serviceRequestId, ids));
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}

/** The offers (and their partners) the claimed alerts are about: the partners' alerts, and job_not_completed. */
async function offersOf(db: Db, ids: number[]): Promise<Map<number, ClaimedOffer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: partnerOffers.id,
      state: partnerOffers.state,
      town: partnerOffers.town,
      distanceKm: partnerOffers.distanceKm,
      createdAt: partnerOffers.createdAt,
      expiresAt: partnerOffers.expiresAt,
      answeredAt: partnerOffers.answeredAt,
      notCompletedReason: partnerOffers.notCompletedReason,
      partner: {
        id: partners.id,
        companyName: partners.companyName,
        email: partners.email,
        webhookUrl: partners.webhookUrl,
      },
    })
    .from(partnerOffers)
    .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .where(inArray(partnerOffers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which rows the routes take: a channel whole, or only some of its kinds. */
const routesWhere = (routes: readonly AlertRoute[]): SQL | undefined =>
  or(
    ...routes.map((r) =>
      r.kinds
        ? and(eq(alertOutbox.channel, r.channel), inArray(alertOutbox.kind, [...r.kinds]))
        : eq(alertOutbox.channel, r.channel),
    ),
  );

/**
 * A new link to each request's page, for the confirmation e-mails about to go out: only its hash is
 * stored, so the token is made when the e-mail is, never kept. A request deleted since the claim gets none.
 *
 * One link per attempt, and a failed attempt takes its link back (markFailedAttempt): so retries never
 * pile up live links, and the one that stays is the one in the e-mail that went out. Minting once per
 * alert instead would need the token again at each retry, and only its hash is stored. Left behind: the
 * link of an attempt whose process died mid-send (its lease runs out and the retry mints another), and
 * that of an attempt the mail server took but whose answer was lost (its e-mail's link then no longer
 * works; the retry's e-mail carries one that does).
 */
async function mintPageTokens(db: Db, requestIds: number[]): Promise<Map<number, string>> {
  const tokens = new Map(requestIds.map((id) => [id, newPageToken()]));
  if (tokens.size === 0) return tokens;
  const values = sql.join(
    [...tokens].map(([id, token]) => sql`(${id}::integer, ${pageTokenHash(token)}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${requestPageLinks} (${sql.identifier(requestPageLinks.serviceRequestId.name)}, ${sql.identifier(requestPageLinks.tokenSha256.name)})
    select v.id, v.hash from (values ${values}) as v(id, hash)
    join ${serviceRequests} on ${serviceRequests.id} = v.id`);
  return tokens;
}

/**
 * Marks up to `limit` due alerts on the `routes` this worker can send (a channel, or some of its kinds:
 * a server without the owner's webhook still posts the partners' offers to theirs) as claimed, and
 * answers them. FOR UPDATE SKIP LOCKED lets several servers on one PostgreSQL claim at once without
 * taking the same row; the claim pushes next_attempt_at a lease ahead, so an alert whose worker died
 * mid-send becomes due again when the lease ends. A server without a channel (no SMTP_URL, say) leaves
 * that channel's alerts to the servers that have it, rather than taking them only to put them off with
 * an error. In the quiet hours (21:00 to 08:00 on the business's clock) a "How did it go?" e-mail is
 * not taken at all, so neither a retry nor a server that was down sends one at night: it waits for 08:00.
 */
function claimRows(db: Db, now: Date, limit: number, leaseMs: number, routes: readonly AlertRoute[]) {
  const due = db
    .select({ id: alertOutbox.id })
    .from(alertOutbox)
    .where(
      and(
        eq(alertOutbox.state, "pending"),
        lte(alertOutbox.nextAttemptAt, now),
        routesWhere(routes),
        isQuietHour(now, site.timeZone) ? ne(alertOutbox.kind, "review_request") : undefined,
      ),
    )
    .orderBy(asc(alertOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(alertOutbox)
    .set({
      attempts: sql`${alertOutbox.attempts} + 1`,
      lastAttemptAt: now,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(alertOutbox.id, due))
    .returning({
      id: alertOutbox.id,
      channel: alertOutbox.channel,
      kind: alertOutbox.kind,
      attempts: alertOutbox.attempts,
      createdAt: alertOutbox.createdAt,
      serviceRequestId: alertOutbox.serviceRequestId,
      offerId: alertOutbox.offerId,
    });
}

/** An outbox row as claimRows took it. */
type ClaimedRow = Awaited<ReturnType<typeof claimRows>>[number];

/** The claimed alerts' requests by id; a request deleted since the claim is not among them. */
async function requestsOf(db: Db, ids: number[]) {
  const requests = await db.select().from(serviceRequests).where(inArray(serviceRequests.id, ids));
  return new Map(requests.map((r) => [r.id, r]));
}

/**
 * The links of the offer e-mails and webhooks about to go out, by alert id, and when they stop working.
 * An offer's link is made only while the offer can still be answered: one that closed before its
 * e-mail went out (taken, expired) gets no link, and its offer_created is dropped by the senders.
 */
async function mintOpenOfferTokens(
  db: Db,
  claimed: ClaimedRow[],
  offers: Map<number, ClaimedOffer>,
  now: Date,
  offerLinkHours: number,
) {
  const expiresAt = new Date(now.getTime() + offerLinkHours * 60 * 60 * 1000);
  const openOffer = (c: ClaimedRow) => {
    const offer = c.offerId !== null ? offers.get(c.offerId) : undefined;
    return c.kind === "offer_created" && offer?.state === "offered" && offer.expiresAt > now ? offer : undefined;
  };
  const tokens = await mintOfferTokens(
    db,
    claimed.flatMap((c) => {
      const offer = openOffer(c);
      return offer ? [{ alertId: c.id, offerId: offer.id }] : [];
    }),
    expiresAt,
  );
  return { tokens, expiresAt };
}

/**
 * Takes up to `limit` due alerts for this worker (claimRows says which and how), with what their
 * senders need: the request, the offer and its partner, and new links to the driver's page or the offer.
 */
async function claimDue(
  db: Db,
  offerLinkHours: number,
  now: Date,
  limit: number,
  leaseMs: number,
  routes: readonly AlertRoute[],
): Promise<ClaimedAlert[]> {
  if (routes.length === 0) return [];
  const claimed = await claimRows(db, now, limit, leaseMs, routes);
  if (claimed.length === 0) return [];
  const byId = await requestsOf(
    db,
    claimed.map((c) => c.serviceRequestId),
  );
  // A driver who already answered "How did it go?" on their page is not asked again by e-mail.
  const reviewed = await reviewedRequests(
    db,
    claimed.filter((c) => c.kind === "review_request").map((c) => c.serviceRequestId),
  );
  const asked = (c: ClaimedRow) => c.kind === "review_request" && reviewed.has(c.serviceRequestId);
  const tokens = await mintPageTokens(
    db,
    claimed
      .filter((c) => kindsWithPageLink.includes(c.kind) && byId.has(c.serviceRequestId) && !asked(c))
      .map((c) => c.serviceRequestId),
  );
  const offers = await offersOf(db, [
    ...new Set(claimed.flatMap((c) => (c.offerId !== null && byId.has(c.serviceRequestId) ? [c.offerId] : []))),
  ]);
  const offerLinksMade = await mintOpenOfferTokens(db, claimed, offers, now, offerLinkHours);
  return claimed.flatMap((c): ClaimedAlert[] => {
    const request = byId.get(c.serviceRequestId);
    // A request deleted since the claim took its alerts with it (ON DELETE CASCADE).
    if (!request) return [];
    const offer = c.offerId !== null ? offers.get(c.offerId) : undefined;
    const offerToken = offerLinksMade.tokens.get(c.id);
    const alert: ClaimedAlert = {
      id: c.id,
      channel: c.channel,
      kind: c.kind,
      attempt: c.attempts,
      createdAt: c.createdAt,
      request,
    };
    const pageToken = kindsWithPageLink.includes(c.kind) ? tokens.get(c.serviceRequestId) : undefined;
    return [
      {
        ...alert,
        ...(pageToken ? { pageToken } : {}),
        ...(offer ? { offer } : {}),
        ...(offerToken ? { offerToken, offerLinkExpiresAt: offerLinksMade.expiresAt } : {}),
        ...(asked(c) ? { alreadyReviewed: true } : {}),
      },
    ];
  });
}

/** Taking due alerts to send, and holding or letting go of them while they are sent. */
function outboxClaims(db: Db, offerLinkHours: number) {
  return {
    /** Takes up to `limit` due alerts for this worker, on the `routes` it can send (see claimRows). */
    claimDue: (now: Date, limit: number, leaseMs: number, routes: readonly AlertRoute[]) =>
      claimDue(db, offerLinkHours, now, limit, leaseMs, routes),

    /**
     * Makes every pending alert due now. Only for a database this process owns alone (PGlite): at
     * start, any alert still claimed belongs to a process that died mid-send, so it need not wait out
     * its lease. Alerts waiting out a backoff are tried at once too: a restart is a fair time to retry.
     */
    async releaseClaims(now: Date): Promise<void> {
      await db
        .update(alertOutbox)
        .set({ nextAttemptAt: now })
        .where(and(eq(alertOutbox.state, "pending"), gt(alertOutbox.nextAttemptAt, now)));
    },

    /**
     * Holds the claim of alerts still being sent for another lease from `now`, so that a slow send
     * (an SMTP server taking its time) is not taken again by another server while it is under way.
     */
    async renewClaims(ids: string[], now: Date, leaseMs: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(alertOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(and(inArray(alertOutbox.id, ids), eq(alertOutbox.state, "pending")));
    },
  };
}

/** Recording what became of an attempt: sent, nothing to send, or failed. */
function outboxOutcomes(db: Db) {
  return {
    async markSent(ids: string[], now: Date): Promise<void> {
      await db
        .update(alertOutbox)
        .set({ state: "sent", sentAt: now, lastError: null })
        .where(inArray(alertOutbox.id, ids));
    },

    /** Alerts with nothing left to send (an offer that closed first): done, but never said to be sent. */
    async markSkipped(ids: string[]): Promise<void> {
      await db
        .update(alertOutbox)
        .set({ state: "skipped", lastError: null })
        .where(and(inArray(alertOutbox.id, ids), eq(alertOutbox.state, "pending")));
    },

    /**
     * Records a failed attempt: due again at `retryAt`, or failed for good when `retryAt` is null. The
     * link made for the attempt (a driver's page, a partner's offer), which nothing carried, stops working.
     */
    async markFailedAttempt(
      id: string,
      error: string,
      retryAt: Date | null,
      links: { pageToken?: string; offerToken?: string } = {},
    ): Promise<void> {
      const { pageToken, offerToken } = links;
      await db.transaction(async (tx) => {
        if (pageToken)
          await tx.delete(requestPageLinks).where(eq(requestPageLinks.tokenSha256, pageTokenHash(pageToken)));
        if (offerToken) await tx.delete(offerLinks).where(eq(offerLinks.tokenSha256, pageTokenHash(offerToken)));
        await tx
          .update(alertOutbox)
          .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, state: "failed" })
          // A slower duplicate of an attempt that already succeeded must not undo it.
          .where(and(eq(alertOutbox.id, id), eq(alertOutbox.state, "pending")));
      });
    },
  };
}

/** What /metrics and a monitor read of the outbox. */
function outboxReadings(db: Db) {
  return {
    /** The pending alerts of each channel that has some, and how long the oldest has waited (/metrics). */
    async pendingByChannel(
      now: Date,
    ): Promise<{ channel: AlertChannel; pending: number; oldestPendingAgeSeconds: number }[]> {
      const rows = await db
        .select({ channel: alertOutbox.channel, n: count(), oldest: min(alertOutbox.createdAt) })
        .from(alertOutbox)
        .where(eq(alertOutbox.state, "pending"))
        .groupBy(alertOutbox.channel);
      return rows.map((r) => ({
        channel: r.channel,
        pending: Number(r.n),
        oldestPendingAgeSeconds: r.oldest ? Math.max(0, (now.getTime() - new Date(r.oldest).getTime()) / 1000) : 0,
      }));
    },

    /** What a monitor needs: how many alerts wait or failed, and how long the oldest has waited. */
    async stats(now: Date): Promise<{ pending: number; failed: number; oldestPendingAgeSeconds: number | null }> {
      const rows = await db
        .select({ state: alertOutbox.state, n: count(), oldest: min(alertOutbox.createdAt) })
        .from(alertOutbox)
        .where(inArray(alertOutbox.state, ["pending", "failed"]))
        .groupBy(alertOutbox.state);
      const pending = rows.find((r) => r.state === "pending");
      const failed = rows.find((r) => r.state === "failed");
      const oldest = pending?.oldest ? new Date(pending.oldest) : null;
      return {
        pending: Number(pending?.n ?? 0),
        failed: Number(failed?.n ?? 0),
        oldestPendingAgeSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : null,
      };
    },
  };
}

/**
 * The database side of alert delivery: claiming due alerts and recording what happened.
 * `offerLinkHours` is how long an offer's link works (OFFER_LINK_HOURS).
 */
export function outboxStore(db: Db, { offerLinkHours = DEFAULT_OFFER_LINK_HOURS }: { offerLinkHours?: number } = {}) {
  return { ...outboxClaims(db, offerLinkHours), ...outboxOutcomes(db), ...outboxReadings(db) };
}

export type OutboxStore = ReturnType<typeof outboxStore>;
