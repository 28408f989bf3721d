import type { AlertChannel, AlertKind, OfferState, ServiceRequestRow } from "../../db/schema";

/** The offer a partner's alert is about, and the partner it goes to (read when the alert is claimed). */
export interface ClaimedOffer {
  id: number;
  state: OfferState;
  town: string;
  distanceKm: number | null;
  createdAt: Date;
  expiresAt: Date;
  answeredAt: Date | null;
  /** Why the partner could not complete the accepted job, as they said it (job_not_completed). */
  notCompletedReason: string | null;
  partner: { id: number; companyName: string; email: string; webhookUrl: string | null };
}

/** One alert the worker has claimed, with the request it announces. */
export interface ClaimedAlert {
  id: string;
  channel: AlertChannel;
  kind: AlertKind;
  /** This attempt's number, from 1. */
  attempt: number;
  /** When the alert was queued: retries stop 48 hours after it. */
  createdAt: Date;
  request: ServiceRequestRow;
  /**
   * The driver's confirmation only: a page token made for this attempt (its hash is stored, the
   * token itself only travels in the e-mail; a failed attempt's link is removed).
   */
  pageToken?: string;
  /** review_request only: the driver already answered on their page, so the e-mail is not sent. */
  alreadyReviewed?: boolean;
  /** A partner's alert (offer_*), or job_not_completed: the offer and its partner; absent if the offer is gone. */
  offer?: ClaimedOffer;
  /**
   * offer_created only, while the offer is still open: the offer page's token made for this attempt
   * (only its hash is stored, in offer_links, until offerLinkExpiresAt; a failed attempt's is removed).
   */
  offerToken?: string;
  offerLinkExpiresAt?: Date;
}

/**
 * An alert with nothing left to say, and why in words about the alert (never the visitor's data): an
 * offer that closed before it went out, say. Logged and kept in the outbox as skipped, never as sent.
 */
export interface Skipped {
  skipped: string;
}
export const OFFER_CLOSED: Skipped = { skipped: "the offer closed before its alert went out" };

/**
 * Carries alerts on one channel; send() resolves once the receiver accepted the alert, or with Skipped
 * when there was nothing to send.
 */
export interface AlertSender {
  channel: AlertChannel;
  /** The kinds it carries; all of its channel's when absent (the partners' webhook alone takes only theirs). */
  kinds?: readonly AlertKind[];
  send(alert: ClaimedAlert): Promise<Skipped | undefined>;
  close?(): void;
}

/**
 * A delivery that did not go through, described by what the receiver did ("HTTP 500", "connection
 * refused"). Its message is logged and stored, so it never holds the visitor's data or a secret.
 */
export class DeliveryError extends Error {
  override name = "DeliveryError";
}
