import type { AlertChannel } from "../db/schema";

/**
 * The partner's channels for an alert about their offer: e-mail always (their address is required),
 * and their webhook when they gave one.
 */
export const partnerAlertChannels = (partner: { webhookUrl: string | null }): AlertChannel[] =>
  partner.webhookUrl ? ["email", "webhook"] : ["email"];
