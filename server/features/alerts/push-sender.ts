import webpush from "web-push";
import type { PushAlertConfig } from "../../config";
import type { PushSubscriptionStore } from "../desk/push-subscriptions";
import { type AlertSender, type ClaimedAlert, DeliveryError, describeNetworkError } from "./channel";
import { cancelledPushNotification, pushNotification } from "./message";
import { pushEndpointRefusal } from "./push-endpoint";

const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a phone that is off: an hour-old request is still news. */
const PUSH_TTL_SECONDS = 60 * 60;

type Outcome = "delivered" | "gone" | "refused" | { failed: string };

/**
 * Web Push to every phone the desk subscribed: one outbox row per request carries them all. The
 * web-push package encrypts the payload for each browser (RFC 8291) and signs the VAPID header
 * (RFC 8292); the request itself goes out with fetch, like the webhook's, with its timeout.
 *
 * The alert counts as sent when one phone's push service took it, or when there is no phone left to
 * tell; a subscription the push service calls gone (404, 410) is forgotten, and so is one whose
 * endpoint the server's rule refuses (push-endpoint.ts), without a request sent to it. Only when
 * every phone failed is the alert retried, so a phone that took it is never told twice by a retry.
 */
export function pushSender(
  config: PushAlertConfig,
  subscriptions: PushSubscriptionStore,
  timeoutMs = PUSH_TIMEOUT_MS,
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
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { failed: describeNetworkError(error) };
    }
    await response.body?.cancel().catch(() => {});
    if (response.status === 404 || response.status === 410) return "gone";
    if (response.status < 200 || response.status > 299) return { failed: `HTTP ${response.status}` };
    return "delivered";
  }

  return {
    channel: "push",
    async send(alert: ClaimedAlert) {
      // New requests and cancellations; the driver's confirmation goes by e-mail only.
      if (alert.kind === "driver_confirmation")
        throw new DeliveryError("the driver's confirmation goes by e-mail only");
      const phones = await subscriptions.all();
      const payload = JSON.stringify(
        alert.kind === "cancelled" ? cancelledPushNotification(alert.request) : pushNotification(alert.request),
      );
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
