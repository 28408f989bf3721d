import { createHmac } from "node:crypto";
import { DEFAULT_OFFER_TIMEOUT_MINUTES, type WebhookAlertConfig } from "../../config";
import { type HostResolver, systemResolver } from "../../shared/endpoint-address";
import { describeNetworkError } from "../../shared/network-error";
import { isPartnerAlert, PARTNER_ALERT_KINDS, type PartnerAlertKind } from "../../shared/partner-alert-channels";
import { postToCheckedAddress } from "../../shared/pinned-post";
import { addressRefusal, type PushEndpointRule } from "../../shared/public-endpoint";
import { type AlertSender, type ClaimedAlert, DeliveryError, OFFER_CLOSED, type Skipped } from "./channel";
import {
  cancelledWebhookPayload,
  noPartnerWebhookPayload,
  notCompletedWebhookPayload,
  webhookPayload,
} from "./message";
import { offerFactsOf, partnerWebhookPayload } from "./partner-message";

const WEBHOOK_TIMEOUT_MS = 10_000;
const USER_AGENT = "stockton-towing-alerts/1";

/** `sha256=<hex HMAC-SHA256 of the raw body>`, the convention GitHub uses for X-Hub-Signature-256. */
function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * The key one partner's webhooks are signed with: HMAC-SHA256 of "partner:{id}" under
 * PARTNER_WEBHOOK_SECRET, in hex. Each partner gets its own (given to them by the owner), so no
 * partner can sign an event that another partner's system would believe.
 */
export const partnerWebhookKey = (secret: string, partnerId: number) =>
  createHmac("sha256", secret).update(`partner:${partnerId}`).digest("hex");

/** How the partners' webhooks are posted. */
export interface PartnerWebhookOptions {
  /** PARTNER_WEBHOOK_SECRET: with it each event carries X-Signature-256 under the partner's own key. */
  secret?: string;
  /**
   * Which addresses may be posted to: a partner's webhook address is typed in the desk, so the rule of
   * the desk's push endpoints applies (https, public hosts, checked again after resolving). Tests
   * allow this machine, for their local receiver.
   */
  rule?: PushEndpointRule;
  resolve?: HostResolver;
}

interface WebhookSenderOptions {
  /** The owner's webhook (LEAD_ALERT_WEBHOOK_URL): the desk's alerts. Without it only partners' alerts are taken. */
  owner?: WebhookAlertConfig;
  partners?: PartnerWebhookOptions;
  /** The public origin of the offers' links (PUBLIC_SITE_URL). */
  siteUrl: string;
  /** OFFER_TIMEOUT_MINUTES, in the no-partner event. */
  offerTimeoutMinutes?: number;
  timeoutMs?: number;
}

/** The owner's event for an alert of the desk. */
function ownerBody(alert: ClaimedAlert, offerTimeoutMinutes: number): string {
  switch (alert.kind) {
    case "new_request":
      return JSON.stringify(webhookPayload(alert.request));
    case "cancelled":
      return JSON.stringify(cancelledWebhookPayload(alert.request));
    case "no_partner":
      return JSON.stringify(noPartnerWebhookPayload(alert.request, offerTimeoutMinutes));
    case "job_not_completed":
      if (!alert.offer) throw new DeliveryError("the offer of this job_not_completed alert is gone");
      return JSON.stringify(
        notCompletedWebhookPayload(alert.request, alert.offer.partner.companyName, alert.offer.notCompletedReason),
      );
    default:
      // The driver's confirmation (and the review request) go by e-mail only.
      throw new DeliveryError(`the ${alert.kind} alert goes by e-mail only`);
  }
}

const checkStatus = (status: number) => {
  if (status < 200 || status > 299) throw new DeliveryError(`HTTP ${status}`);
};

/**
 * Signed JSON POSTs; any answer but 2xx, a timeout or a network error is a failure to retry.
 * The desk's alerts go to the owner's webhook. A partner's (offer.created, offer.withdrawn,
 * offer.cancelled) go to that partner's webhook address, whether or not the owner has a webhook: so
 * every server has this sender, and without the owner's webhook it takes only the partners' kinds
 * (claimDue leaves the desk's webhook alerts to a server that has one).
 */
export function webhookSender(o: WebhookSenderOptions): AlertSender {
  const timeoutMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const offerTimeoutMinutes = o.offerTimeoutMinutes ?? DEFAULT_OFFER_TIMEOUT_MINUTES;
  const partnerRule = o.partners?.rule ?? {};
  const resolve = o.partners?.resolve ?? systemResolver;

  async function toOwner(alert: ClaimedAlert, owner: WebhookAlertConfig): Promise<undefined> {
    const body = ownerBody(alert, offerTimeoutMinutes);
    let response: Response;
    try {
      response = await fetch(owner.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          "idempotency-key": alert.id,
          "x-signature-256": signBody(body, owner.secret),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DeliveryError(describeNetworkError(error));
    }
    // The receiver's body is not read into the log: it may echo what we sent.
    await response.body?.cancel().catch(() => {});
    checkStatus(response.status);
  }

  async function toPartner(alert: ClaimedAlert, kind: PartnerAlertKind): Promise<Skipped | undefined> {
    const facts = offerFactsOf(alert, o.siteUrl);
    if (!facts) throw new DeliveryError(`the offer of this ${kind} alert is gone`);
    const address = facts.offer.partner.webhookUrl;
    // The partner removed their webhook since, or the offer closed before it went out: nothing to say.
    if (!address) return { skipped: "the partner has no webhook address any more" };
    if (kind === "offer_created" && !facts.link) return OFFER_CLOSED;
    // What the receiver did, never the address (a partner's address may hold a secret of theirs).
    if (addressRefusal(address, partnerRule))
      throw new DeliveryError("the partner's webhook address is not a public https address");
    const body = JSON.stringify(partnerWebhookPayload(kind, facts));
    const headers: Record<string, string | number> = {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      "user-agent": USER_AGENT,
      "idempotency-key": alert.id,
    };
    if (o.partners?.secret)
      headers["x-signature-256"] = signBody(body, partnerWebhookKey(o.partners.secret, facts.offer.partner.id));
    // To the address just checked, never to a second lookup's answer; redirects are not followed.
    const posted = await postToCheckedAddress(new URL(address), partnerRule, resolve, {
      headers,
      body: Buffer.from(body),
      timeoutMs,
    });
    if ("refused" in posted) throw new DeliveryError("the partner's webhook name resolves to a non-public address");
    if ("unresolved" in posted) throw new DeliveryError("the partner's webhook name did not resolve");
    if ("failed" in posted) throw new DeliveryError(posted.failed);
    checkStatus(posted.status);
  }

  return {
    channel: "webhook",
    ...(o.owner ? {} : { kinds: PARTNER_ALERT_KINDS }),
    async send(alert: ClaimedAlert) {
      if (isPartnerAlert(alert.kind)) return toPartner(alert, alert.kind);
      if (!o.owner) throw new DeliveryError("the owner's webhook is not configured on this server");
      return toOwner(alert, o.owner);
    },
  };
}
