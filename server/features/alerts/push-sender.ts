import webpush from "web-push";
import { DEFAULT_OFFER_TIMEOUT_MINUTES, type PushAlertConfig } from "../../config";
import { type HostResolver, systemResolver } from "../../shared/endpoint-address";
import { postToCheckedAddress } from "../../shared/pinned-post";
import { pushEndpointRefusal } from "../../shared/public-endpoint";
import { type AlertSender, type ClaimedAlert, DeliveryError } from "./channel";
import {
  cancelledPushNotification,
  noPartnerPushNotification,
  notCompletedPushNotification,
  pushNotification,
} from "./message";
import type { PushSubscriptionStore } from "./push-subscriptions";

const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a phone that is off: an hour-old request is still news. */
const PUSH_TTL_SECONDS = 60 * 60;

type Outcome = "delivered" | "gone" | "refused" | { failed: string };

/**
 * Web Push to every phone the desk subscribed: one outbox row per request carries them all. The
 * web-push package encrypts the payload for each browser (RFC 8291) and signs the VAPID header
 * (RFC 8292); the request itself goes out to the address checked just before (push-address.ts), with
 * its timeout.
 *
 * The alert counts as sent when one phone's push service took it, or when there is no phone left to
 * tell; a subscription the push service calls gone (404, 410) is forgotten, and so is one whose
 * endpoint the server's rule refuses (push-endpoint.ts), without a request sent to it. Only when
 * every phone failed is the alert retried, so a phone that took it is never told twice by a retry.
 */
export function pushSender(
  config: PushAlertConfig,
  subscriptions: PushSubscriptionStore,
  {
    timeoutMs = PUSH_TIMEOUT_MS,
    resolve = systemResolver,
    offerTimeoutMinutes = DEFAULT_OFFER_TIMEOUT_MINUTES,
  }: {
    timeoutMs?: number;
    /** OFFER_TIMEOUT_MINUTES, said in the no-partner notification. */
    offerTimeoutMinutes?: number;
    /** How push services' names are resolved (each push, then pinned); tests answer for names of their own. */
    resolve?: HostResolver;
  } = {},
): AlertSender {
  const vapidDetails = { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey };
  const rule = { allowLoopback: config.allowLoopbackEndpoints };

  async function deliver(
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: string,
  ): Promise<Outcome> {
    // Saved before the rule existed, or under a rule since tightened: never posted to, and forgotten.
    if (pushEndpointRefusal(subscription.endpoint, rule)) return "refused";
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: "high", contentEncoding: "aes128gcm" },
    );
    // Redirects are not followed (an answer is only its status), as a push service never sends one.
    const response = await postToCheckedAddress(new URL(details.endpoint), rule, resolve, {
      headers: details.headers as Record<string, string | number>,
      body: details.body ? new Uint8Array(details.body) : null,
      timeoutMs,
    });
    if ("refused" in response) return "refused";
    if ("unresolved" in response) return { failed: response.unresolved };
    if ("failed" in response) return response;
    if (response.status === 404 || response.status === 410) return "gone";
    if (response.status < 200 || response.status > 299) return { failed: `HTTP ${response.status}` };
    return "delivered";
  }

  return {
    channel: "push",
    async send(alert: ClaimedAlert): Promise<undefined> {
      // The desk's alerts: new requests, cancellations, jobs no partner took or one could not complete. The driver's and the
      // partners' go by e-mail (and the partners' webhooks).
      const notification =
        alert.kind === "new_request"
          ? pushNotification(alert.request)
          : alert.kind === "cancelled"
            ? cancelledPushNotification(alert.request)
            : alert.kind === "no_partner"
              ? noPartnerPushNotification(alert.request, offerTimeoutMinutes)
              : alert.kind === "job_not_completed" && alert.offer
                ? notCompletedPushNotification(alert.request, alert.offer.partner.companyName)
                : undefined;
      if (!notification) throw new DeliveryError(`the ${alert.kind} alert is not sent by push`);
      const phones = await subscriptions.all();
      const payload = JSON.stringify(notification);
      const outcomes = await Promise.all(phones.map((phone) => deliver(phone, payload)));
      const failures: string[] = [];
      let delivered = 0;
      for (const [i, outcome] of outcomes.entries()) {
        const phone = phones[i];
        if (outcome === "delivered") delivered++;
        else if ((outcome === "gone" || outcome === "refused") && phone) await subscriptions.forget(phone.id);
        else if (typeof outcome === "object") failures.push(outcome.failed);
      }
      if (delivered === 0 && failures.length > 0) {
        // What the push services answered, never their endpoints (capability addresses).
        throw new DeliveryError(`push: ${failures.length} of ${phones.length} phones failed (${failures.join(", ")})`);
      }
    },
  };
}
