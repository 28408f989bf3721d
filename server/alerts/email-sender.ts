import nodemailer from "nodemailer";
import type { EmailAlertConfig } from "../config";
import { type AlertSender, type ClaimedAlert, DeliveryError, describeNetworkError } from "./channel";
import { alertEmail } from "./message";

/** Each stage of an SMTP conversation is bounded, so a stuck server cannot hold a claimed alert forever. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** The part of a nodemailer error that describes the mail server, never the message or the login. */
function describeSmtpError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; command?: unknown };
  if (typeof e?.responseCode === "number") {
    return `SMTP ${e.responseCode}${typeof e.command === "string" ? ` after ${e.command}` : ""}`;
  }
  if (e?.code === "ETIMEDOUT") return "SMTP timed out";
  if (e?.code === "EAUTH") return "SMTP login refused";
  // Connection failures come as ESOCKET/ECONNECTION with the system's code in the message.
  const system = error instanceof Error ? error.message.match(/\b(E[A-Z]{3,})\b/)?.[1] : undefined;
  return system ? `SMTP connection failed (${system})` : describeNetworkError(error);
}

/**
 * E-mail through nodemailer's SMTP transport, pooled: a burst of requests reuses a few open
 * connections instead of a TCP and SMTP handshake per alert.
 */
export function emailSender(config: EmailAlertConfig): AlertSender {
  // The URL's own settings (host, port, login, TLS) win; the timeouts fill in what it leaves out.
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 3,
    ...SMTP_TIMEOUTS,
  });
  // Message-ID's right-hand side: the sender's domain, so receivers see a well-formed, stable id.
  const domain = config.from.split("@")[1] ?? "localhost";
  return {
    channel: "email",
    async send(alert: ClaimedAlert) {
      const message = alertEmail(alert.request);
      try {
        await transport.sendMail({
          from: config.from,
          to: config.to,
          // Replying reaches the driver; the address passed the form's e-mail check.
          replyTo: alert.request.email,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<${alert.id}@${domain}>`,
          headers: { "X-Service-Request-Id": String(alert.request.id) },
        });
      } catch (error) {
        throw new DeliveryError(describeSmtpError(error));
      }
    },
    close: () => transport.close(),
  };
}
