import type { AlertChannel, AlertKind, ServiceRequestRow } from "../../db/schema";

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
}

/** Carries alerts on one channel; send() resolves once the receiver accepted the alert. */
export interface AlertSender {
  channel: AlertChannel;
  send(alert: ClaimedAlert): Promise<void>;
  close?(): void;
}

/**
 * A delivery that did not go through, described by what the receiver did ("HTTP 500", "connection
 * refused"). Its message is logged and stored, so it never holds the visitor's data or a secret.
 */
export class DeliveryError extends Error {
  override name = "DeliveryError";
}

/** Network errors said by their code ("ECONNREFUSED"), which names no person and no secret. */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  const code = (error as { code?: unknown })?.code ?? cause?.code;
  if (typeof code === "string") return `network error ${code}`;
  if (error instanceof Error && error.name === "TimeoutError") return "timed out";
  return "network error";
}
