import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { closedStatuses, type RequestStatus } from "../../../src/shared/desk-schema";
import { type JobStepName, nextJobStep } from "../../../src/shared/partner-schema";
import type { Db, Tx } from "../../db/client";
import {
  type AlertChannel,
  alertOutbox,
  holdsTheJob,
  type PartnerOfferRow,
  partnerOffers,
  partners,
  requestEvents,
  serviceRequests,
} from "../../db/schema";
import { partnerAlertChannels } from "../../shared/partner-alert-channels";
import { transition } from "../service-requests/transition";

/**
 * The partner's answers to an offer: accept (with their own arrival estimate), decline, and the steps
 * of an accepted job. Each runs in one transaction that first locks the request's row, the lock
 * transition() (every status change: the desk's, the driver's cancel, these) takes too, so on one request an acceptance, a cancel
 * and a desk change happen one after the other, never interleaved. The first acceptance wins: the
 * offer moves to accepted only while it is still open (offered, not past expires_at), and the unique
 * index partner_offers_one_accepted_idx allows one accepted offer per request on any number of
 * servers; a second acceptance meeting it is told the job was taken.
 */

/** Why an answer changed nothing: the offer or the request is no longer where the answer needs it. */
export type OfferRefusal =
  /** Another partner accepted the job first. */
  | "taken"
  /** The offer was withdrawn for another reason (the desk took it back). */
  | "withdrawn"
  /** Past its time (expired by the sweep, or not yet swept). */
  | "expired"
  /** This partner declined it before. */
  | "declined"
  /** The driver cancelled the request. */
  | "cancelled"
  /** The desk closed the request (completed, lost, spam). */
  | "closed"
  /** A step reported on an offer that is not accepted. */
  | "not_accepted"
  /** A step after the job ended (done or could not complete), or one going back. */
  | "finished"
  | "backwards"
  /** A step that skips the one before it: the partner reports that one first. */
  | "on_the_way_first"
  | "on_scene_first"
  /** Accepted already: a decline after one's own acceptance. */
  | "accepted";

/** Where the offer and its request stand after an answer, for the answer's JSON. */
export interface AnswerResult {
  offer: PartnerOfferRow;
  requestStatus: RequestStatus;
  /** Another partner holds the job's accepted offer. */
  taken: boolean;
}
export type AnswerOutcome = (({ changed: boolean } | { refused: OfferRefusal }) & AnswerResult) | undefined;

const UNIQUE_VIOLATION = "23505";
const ONE_ACCEPTED_INDEX = "partner_offers_one_accepted_idx";

/** The database's "another row already holds this" for the one-accepted index, through drizzle's wrapping. */
function isOneAcceptedViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || constraint === ONE_ACCEPTED_INDEX;
  }
  return false;
}

/** Which offer an answer is about, as its link's lookup found it: the request and the partner never change. */
export interface OfferKey {
  offerId: number;
  requestId: number;
  companyName: string;
}

/** The offer and its request's status, the request's row locked for the rest of the transaction. */
async function lockOffer(tx: Tx, key: OfferKey) {
  const [request] = await tx
    .select({ status: serviceRequests.status })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, key.requestId))
    .for("update");
  if (!request) return undefined;
  // Read under the lock: an answer committed while this one waited is seen.
  const [offer] = await tx.select().from(partnerOffers).where(eq(partnerOffers.id, key.offerId)).for("update");
  if (!offer) return undefined;
  return { offer, status: request.status, companyName: key.companyName };
}

/**
 * Whether the request's job was taken: a partner holds it now, or, for a withdrawn offer (withdrawn
 * only because another partner accepted), was ever accepted, even if that partner could not complete it.
 */
async function acceptedOn(tx: Tx, requestId: number, ever = false): Promise<boolean> {
  const [winner] = await tx
    .select({ id: partnerOffers.id })
    .from(partnerOffers)
    .where(and(eq(partnerOffers.serviceRequestId, requestId), ever ? eq(partnerOffers.state, "accepted") : holdsTheJob))
    .limit(1);
  return winner !== undefined;
}

/** Why an offer that is not open refuses an acceptance or a decline, and whether its job was taken. */
async function whyNotOpen(tx: Tx, offer: PartnerOfferRow): Promise<{ refused: OfferRefusal; taken: boolean }> {
  switch (offer.state) {
    case "accepted":
      return { refused: "accepted", taken: false };
    case "declined":
      return { refused: "declined", taken: await acceptedOn(tx, offer.serviceRequestId) };
    case "withdrawn": {
      const taken = await acceptedOn(tx, offer.serviceRequestId, true);
      return { refused: taken ? "taken" : "withdrawn", taken };
    }
    default:
      return { refused: "expired", taken: await acceptedOn(tx, offer.serviceRequestId) };
  }
}

/**
 * Moves the offer to accepted, with the partner's arrival estimate, while it is still open: the offer
 * won, undefined when it is no longer open, or "taken" when another partner won on a path that did not
 * wait for this lock (the one-accepted index refused this one).
 */
async function markAccepted(
  tx: Tx,
  key: OfferKey,
  etaMinutes: number,
  now: Date,
): Promise<PartnerOfferRow | undefined | "taken"> {
  try {
    // A savepoint: a unique violation undoes this statement only, and the transaction goes on to record it.
    const [won] = await tx.transaction((sp) =>
      sp
        .update(partnerOffers)
        .set({ state: "accepted", answeredAt: now, etaMinutes, step: "accepted", stepAt: now })
        .where(
          and(eq(partnerOffers.id, key.offerId), eq(partnerOffers.state, "offered"), gt(partnerOffers.expiresAt, now)),
        )
        .returning(),
    );
    return won;
  } catch (error) {
    if (!isOneAcceptedViolation(error)) throw error;
    return "taken";
  }
}

/** Closes an offer whose job another partner took first as withdrawn, in the request's history too. */
async function closeAsTaken(tx: Tx, offer: PartnerOfferRow, companyName: string, now: Date) {
  const [closed] = await tx
    .update(partnerOffers)
    .set({ state: "withdrawn", answeredAt: now })
    .where(and(eq(partnerOffers.id, offer.id), eq(partnerOffers.state, "offered")))
    .returning();
  await tx.insert(requestEvents).values({
    requestId: offer.serviceRequestId,
    kind: "offer_withdrawn",
    actor: companyName,
    note: companyName,
    partnerId: offer.partnerId,
    at: now,
  });
  return closed ?? offer;
}

/** Withdraws the request's other open offers, once one is accepted: answers which, and whose. */
function withdrawOtherOffers(tx: Tx, accepted: PartnerOfferRow, now: Date) {
  return tx
    .update(partnerOffers)
    .set({ state: "withdrawn", answeredAt: now })
    .where(
      and(
        eq(partnerOffers.serviceRequestId, accepted.serviceRequestId),
        eq(partnerOffers.state, "offered"),
        ne(partnerOffers.id, accepted.id),
      ),
    )
    .returning({ id: partnerOffers.id, partnerId: partnerOffers.partnerId });
}

/** Records the withdrawn offers in the request's history and tells their partners through the outbox. */
async function tellWithdrawn(
  tx: Tx,
  requestId: number,
  withdrawn: { id: number; partnerId: number }[],
  companyName: string,
  now: Date,
) {
  if (withdrawn.length === 0) return;
  const told = await tx
    .select({ id: partners.id, companyName: partners.companyName, webhookUrl: partners.webhookUrl })
    .from(partners)
    .where(
      inArray(
        partners.id,
        withdrawn.map((w) => w.partnerId),
      ),
    );
  const byId = new Map(told.map((p) => [p.id, p]));
  await tx.insert(requestEvents).values(
    withdrawn.map((w) => ({
      requestId,
      kind: "offer_withdrawn" as const,
      actor: companyName,
      note: byId.get(w.partnerId)?.companyName ?? null,
      partnerId: w.partnerId,
      at: now,
    })),
  );
  await tx.insert(alertOutbox).values(
    withdrawn.flatMap((w) =>
      partnerAlertChannels({ webhookUrl: byId.get(w.partnerId)?.webhookUrl ?? null }).map((channel) => ({
        serviceRequestId: requestId,
        channel,
        kind: "offer_withdrawn" as const,
        offerId: w.id,
      })),
    ),
  );
}

/** acceptOffer's transaction: refuses what the locked offer and request no longer allow, else accepts. */
async function acceptLocked(tx: Tx, key: OfferKey, etaMinutes: number, now: Date): Promise<AnswerOutcome> {
  const locked = await lockOffer(tx, key);
  if (!locked) return undefined;
  const { offer, status, companyName } = locked;
  const as = (requestStatus: RequestStatus, taken = false) => ({ offer, requestStatus, taken });
  if (offer.state === "accepted") return { changed: false, ...as(status) };
  if (status === "cancelled") return { refused: "cancelled", ...as(status) };
  if (closedStatuses.includes(status)) return { refused: "closed", ...as(status) };
  if (offer.state !== "offered" || offer.expiresAt.getTime() <= now.getTime()) {
    const why = await whyNotOpen(tx, offer);
    return { refused: why.refused, ...as(status, why.taken) };
  }

  const won = await markAccepted(tx, key, etaMinutes, now);
  if (won === "taken") {
    return {
      refused: "taken",
      offer: await closeAsTaken(tx, offer, companyName, now),
      requestStatus: status,
      taken: true,
    };
  }
  if (!won) {
    const why = await whyNotOpen(tx, offer);
    return { refused: why.refused, ...as(status, why.taken) };
  }

  const withdrawn = await withdrawOtherOffers(tx, offer, now);
  await tx.insert(requestEvents).values({
    requestId: offer.serviceRequestId,
    kind: "offer_accepted",
    actor: companyName,
    note: String(etaMinutes),
    partnerId: offer.partnerId,
    at: now,
  });
  await tellWithdrawn(tx, offer.serviceRequestId, withdrawn, companyName, now);
  // The one status writer, as for the desk's and the driver's moves. The cancel was ruled out above,
  // under the request's lock, which this transaction still holds.
  await transition(tx, { id: offer.serviceRequestId, to: "dispatched", actor: companyName, now });
  return { changed: true, offer: won, requestStatus: "dispatched", taken: false };
}

/**
 * The partner accepts with their own arrival estimate. In one transaction: the offer becomes accepted
 * (first acceptance only), the other open offers on the job are withdrawn and their partners told
 * through the outbox (offer_withdrawn), the history records both, and the request moves to dispatched
 * through transition(), actor the partner's company. Undefined when the offer is gone.
 */
export async function acceptOffer(db: Db, key: OfferKey, etaMinutes: number, now: Date): Promise<AnswerOutcome> {
  return db.transaction((tx) => acceptLocked(tx, key, etaMinutes, now));
}

/** The partner declines an open offer, with a reason if they gave one. Undefined when the offer is gone. */
export async function declineOffer(db: Db, key: OfferKey, reason: string, now: Date): Promise<AnswerOutcome> {
  return db.transaction(async (tx): Promise<AnswerOutcome> => {
    const locked = await lockOffer(tx, key);
    if (!locked) return undefined;
    const { offer, status, companyName } = locked;
    if (offer.state === "declined") {
      return { changed: false, offer, requestStatus: status, taken: await acceptedOn(tx, offer.serviceRequestId) };
    }
    const [declined] = await tx
      .update(partnerOffers)
      .set({ state: "declined", answeredAt: now, declineReason: reason === "" ? null : reason })
      .where(
        and(eq(partnerOffers.id, key.offerId), eq(partnerOffers.state, "offered"), gt(partnerOffers.expiresAt, now)),
      )
      .returning();
    if (!declined) {
      const why = await whyNotOpen(tx, offer);
      return { refused: why.refused, offer, requestStatus: status, taken: why.taken };
    }
    await tx.insert(requestEvents).values({
      requestId: offer.serviceRequestId,
      kind: "offer_declined",
      actor: companyName,
      note: reason === "" ? null : reason,
      partnerId: offer.partnerId,
      at: now,
    });
    return { changed: true, offer: declined, requestStatus: status, taken: false };
  });
}

/** The order of an accepted job's steps; done and not_completed both end it. */
const stepRank: Record<JobStepName, number> = { accepted: 0, on_the_way: 1, on_scene: 2, done: 3, not_completed: 3 };
const ends = (step: JobStepName) => stepRank[step] === 3;

/**
 * A step of the accepted job: the next one in order (On the way, On scene, Done; the same step again
 * changes nothing, a skipped one is refused naming the step to report first) or Could not complete,
 * none after the job ended or the driver cancelled. Stamped on the offer and as a job_progress event
 * (note = the step); Done moves the request to completed through transition(). Could not complete leaves the status to
 * the desk, which is alerted (job_not_completed) and decides: offer it again (the partner no longer
 * holds the job), or close it.
 */
export async function reportStep(
  db: Db,
  key: OfferKey,
  step: Exclude<JobStepName, "accepted">,
  reason: string,
  now: Date,
  /** The channels the owner is told on; e-mail among them lets Done queue the driver's review e-mail. */
  alertChannels: readonly AlertChannel[] = [],
): Promise<AnswerOutcome> {
  return db.transaction(async (tx): Promise<AnswerOutcome> => {
    const locked = await lockOffer(tx, key);
    if (!locked) return undefined;
    const { offer, status, companyName } = locked;
    const as = { offer, requestStatus: status, taken: false };
    if (offer.state !== "accepted") {
      const taken = await acceptedOn(tx, offer.serviceRequestId);
      return { refused: "not_accepted", ...as, taken };
    }
    const current = offer.step ?? "accepted";
    if (current === step) return { changed: false, ...as };
    if (status === "cancelled") return { refused: "cancelled", ...as };
    // The desk closed it (spam, lost, or completed without the partner): no step reopens or completes it.
    if (closedStatuses.includes(status)) return { refused: "closed", ...as };
    if (ends(current)) return { refused: "finished", ...as };
    if (stepRank[step] < stepRank[current]) return { refused: "backwards", ...as };
    // In order, one at a time, as the page's buttons go (docs/partners.md); Could not complete at any step.
    const next = nextJobStep(current);
    // (A step past the next one skips On the way or On scene: nothing comes after Done.)
    if (step !== "not_completed" && next !== undefined && step !== next)
      return { refused: next === "on_the_way" ? "on_the_way_first" : "on_scene_first", ...as };
    const [moved] = await tx
      .update(partnerOffers)
      .set({ step, stepAt: now, notCompletedReason: step === "not_completed" ? reason || null : null })
      .where(eq(partnerOffers.id, key.offerId))
      .returning();
    await tx.insert(requestEvents).values({
      requestId: offer.serviceRequestId,
      kind: "job_progress",
      actor: companyName,
      note: step,
      partnerId: offer.partnerId,
      at: now,
    });
    const move = { id: offer.serviceRequestId, actor: companyName, now };
    if (step === "done") await transition(tx, { ...move, to: "completed", alertChannels });
    // Nobody is on the way any more: the request goes back to Contacted (the driver's page says help is
    // being arranged, and the next acceptance moves it to Dispatched again), and the desk is told at
    // once on its channels and can offer the job again. Not on a request the desk already closed.
    const stillOpen = !closedStatuses.includes(status);
    if (step === "not_completed" && stillOpen && status === "dispatched")
      await transition(tx, { ...move, to: "contacted" });
    if (step === "not_completed" && stillOpen && alertChannels.length > 0) {
      await tx.insert(alertOutbox).values(
        alertChannels.map((channel) => ({
          serviceRequestId: offer.serviceRequestId,
          channel,
          kind: "job_not_completed" as const,
          offerId: offer.id,
        })),
      );
    }
    return {
      changed: true,
      offer: moved ?? offer,
      requestStatus:
        step === "done" ? "completed" : step === "not_completed" && status === "dispatched" ? "contacted" : status,
      taken: false,
    };
  });
}
