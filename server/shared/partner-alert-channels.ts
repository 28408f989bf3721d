import type { AlertChannel, AlertKind } from "../db/schema";

/**
 * Where a partner's alerts go: which kinds are theirs, and on which channels. Written by the features
 * that queue them (offering, an offer's answer, the driver's cancel) and read by the alerts' senders
 * and server directory (the webhook channel carries these kinds to the partner's own webhook).
 */

/** The kinds that go to a partner operator (their e-mail, their webhook), not to the desk. */
export const PARTNER_ALERT_KINDS = [
  "offer_created",
  "offer_withdrawn",
  "offer_cancelled",
] as const satisfies readonly AlertKind[];
export type PartnerAlertKind = (typeof PARTNER_ALERT_KINDS)[number];
export const isPartnerAlert = (kind: AlertKind): kind is PartnerAlertKind =>
  (PARTNER_ALERT_KINDS as readonly AlertKind[]).includes(kind);

/**
 * The partner's channels for an alert about their offer: e-mail always (their address is required),
 * and their webhook when they gave one.
 */
export const partnerAlertChannels = (partner: { webhookUrl: string | null }): AlertChannel[] =>
  partner.webhookUrl ? ["email", "webhook"] : ["email"];
