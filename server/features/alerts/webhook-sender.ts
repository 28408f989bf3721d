import { createHmac } from "node:crypto";
import type { WebhookAlertConfig } from "../../config";
import { type AlertSender, type ClaimedAlert, DeliveryError, describeNetworkError } from "./channel";
import { cancelledWebhookPayload, webhookPayload } from "./message";

const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=<hex HMAC-SHA256 of the raw body>`, the convention GitHub uses for X-Hub-Signature-256. */
function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** A signed JSON POST; any answer but 2xx, a timeout or a network error is a failure to retry. */
export function webhookSender(config: WebhookAlertConfig, timeoutMs = WEBHOOK_TIMEOUT_MS): AlertSender {
  return {
    channel: "webhook",
    async send(alert: ClaimedAlert) {
      // The webhook announces new requests and cancellations; the driver's confirmation is e-mail only.
      if (alert.kind === "driver_confirmation")
        throw new DeliveryError("the driver's confirmation goes by e-mail only");
      const body = JSON.stringify(
        alert.kind === "cancelled" ? cancelledWebhookPayload(alert.request) : webhookPayload(alert.request),
      );
      let response: Response;
      try {
        response = await fetch(config.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": "stockton-towing-alerts/1",
            "idempotency-key": alert.id,
            "x-signature-256": signBody(body, config.secret),
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
      if (response.status < 200 || response.status > 299) throw new DeliveryError(`HTTP ${response.status}`);
    },
  };
}
