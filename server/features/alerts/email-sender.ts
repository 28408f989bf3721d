import nodemailer from "nodemailer";
import { requestPagePath } from "../../../src/shared/request-page";
import { site } from "../../../src/shared/site";
import { DEFAULT_OFFER_TIMEOUT_MINUTES, type EmailAlertConfig } from "../../config";
import { describeNetworkError } from "../../shared/network-error";
import { isPartnerAlert } from "../../shared/partner-alert-channels";
import { type AlertSender, type ClaimedAlert, DeliveryError, OFFER_CLOSED, type Skipped } from "./channel";
import {
  type AlertEmail,
  alertEmail,
  cancelledAlertEmail,
  driverConfirmationEmail,
  noPartnerAlertEmail,
  notCompletedAlertEmail,
  reviewRequestEmail,
} from "./message";
import { offerFactsOf, partnerOfferEmail } from "./partner-message";

/** Each stage of an SMTP conversation is bounded, so a stuck server cannot hold a claimed alert forever. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** The part of a nodemailer error that describes the mail server, never the message or the login. */
function describeSmtpError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; command?: unknown };
  // With a login over smtp://, nodemailer asks for STARTTLS and stops there if the server refuses it.
  if (e?.code === "ETLS" || e?.command === "STARTTLS")
    return "SMTP server offers no TLS; the login was not sent (see SMTP_ALLOW_PLAINTEXT)";
  if (typeof e?.responseCode === "number") {
    return `SMTP ${e.responseCode}${typeof e.command === "string" ? ` after ${e.command}` : ""}`;
  }
  if (e?.code === "ETIMEDOUT") return "SMTP timed out";
  if (e?.code === "EAUTH") return "SMTP login refused";
  // Connection failures come as ESOCKET/ECONNECTION with the system's code in the message.
  const system = error instanceof Error ? error.message.match(/\b(E[A-Z]{3,})\b/)?.[1] : undefined;
  return system ? `SMTP connection failed (${system})` : describeNetworkError(error);
}

/** Whether the SMTP URL carries a login that, without TLS, would cross the network in clear. */
function needsTlsForLogin(config: EmailAlertConfig): boolean {
  const url = new URL(config.smtpUrl);
  return url.protocol === "smtp:" && (url.username !== "" || url.password !== "") && !config.allowPlaintextLogin;
}

export class SmtpTlsError extends Error {
  override name = "SmtpTlsError";
}

/**
 * Said at start when the mail server offers no STARTTLS for an smtp:// URL with a login: the server
 * refuses to start rather than send the password in clear.
 */
const smtpNoTlsMessage = (config: EmailAlertConfig) => {
  const url = new URL(config.smtpUrl);
  return (
    `The mail server ${url.hostname}:${url.port || 25} (SMTP_URL) offers no TLS, so the SMTP password would ` +
    "be sent in clear; refusing to start. Use smtps:// or a mail server with STARTTLS, or, only for a mail " +
    "server on this machine or a private network, set SMTP_ALLOW_PLAINTEXT=true."
  );
};

const transportOptions = (config: EmailAlertConfig) => ({
  url: config.smtpUrl,
  // With a login over smtp://, STARTTLS or nothing: nodemailer stops before AUTH if the server offers none.
  ...(needsTlsForLogin(config) ? { requireTLS: true } : {}),
  ...SMTP_TIMEOUTS,
});

/**
 * At start: with a login over smtp://, connects once and refuses (SmtpTlsError) when the server offers no
 * STARTTLS. Any other failure (the mail server is down now) is the caller's to log: alerts wait in the
 * outbox until it is back.
 */
export async function checkSmtpTls(config: EmailAlertConfig): Promise<void> {
  if (!needsTlsForLogin(config)) return;
  const transport = nodemailer.createTransport(transportOptions(config));
  try {
    await transport.verify();
  } catch (error) {
    const e = error as { code?: unknown; command?: unknown };
    if (e?.code === "ETLS" || e?.command === "STARTTLS") throw new SmtpTlsError(smtpNoTlsMessage(config));
    throw error;
  } finally {
    transport.close();
  }
}

interface Envelope {
  to: string | string[];
  replyTo: string;
  message: AlertEmail;
}

/** What the e-mails need beyond the mail server: the public origin of their links, and the offers' time limit. */
interface EmailSenderOptions {
  siteUrl: string;
  /** OFFER_TIMEOUT_MINUTES, said in the no-partner alert. */
  offerTimeoutMinutes: number;
}

/**
 * Who gets what: the owner's alerts go to LEAD_ALERT_TO with Reply-To the driver; the driver's
 * confirmation goes to the address the driver typed (which passed the form's e-mail check), with
 * Reply-To the business's public address, and carries the link to the request's page; a partner's
 * alert goes to the partner's address, Reply-To the business. Skipped: nothing to send (an offer
 * that closed before its e-mail went out, a review the driver already gave).
 */
function envelopeOf(alert: ClaimedAlert, config: EmailAlertConfig, options: EmailSenderOptions): Envelope | Skipped {
  const { siteUrl } = options;
  if (isPartnerAlert(alert.kind)) {
    const facts = offerFactsOf(alert, siteUrl);
    if (!facts) throw new DeliveryError(`the offer of this ${alert.kind} alert is gone`);
    if (alert.kind === "offer_created" && !facts.link) return OFFER_CLOSED;
    return { to: facts.offer.partner.email, replyTo: site.email, message: partnerOfferEmail(alert.kind, facts) };
  }
  switch (alert.kind) {
    case "new_request":
      return { to: config.to, replyTo: alert.request.email, message: alertEmail(alert.request) };
    case "cancelled":
      return { to: config.to, replyTo: alert.request.email, message: cancelledAlertEmail(alert.request) };
    case "driver_confirmation": {
      if (!alert.pageToken) throw new DeliveryError("no link to the request page was made for this e-mail");
      const pageUrl = new URL(requestPagePath(alert.pageToken), siteUrl).href;
      return { to: alert.request.email, replyTo: site.email, message: driverConfirmationEmail(alert.request, pageUrl) };
    }
    case "no_partner":
      return {
        to: config.to,
        replyTo: alert.request.email,
        message: noPartnerAlertEmail(alert.request, options.offerTimeoutMinutes, siteUrl),
      };
    case "job_not_completed": {
      if (!alert.offer) throw new DeliveryError("the offer of this job_not_completed alert is gone");
      return {
        to: config.to,
        replyTo: alert.request.email,
        message: notCompletedAlertEmail(
          alert.request,
          alert.offer.partner.companyName,
          alert.offer.notCompletedReason,
          siteUrl,
        ),
      };
    }
    case "review_request": {
      if (alert.alreadyReviewed) return { skipped: "the driver already answered on their page" };
      if (!alert.pageToken) throw new DeliveryError("no link to the request page was made for this e-mail");
      const pageUrl = new URL(requestPagePath(alert.pageToken), siteUrl).href;
      return { to: alert.request.email, replyTo: site.email, message: reviewRequestEmail(alert.request, pageUrl) };
    }
    default:
      throw new DeliveryError(`no e-mail is written for ${alert.kind} alerts`);
  }
}

/**
 * E-mail through nodemailer's SMTP transport, pooled: a burst of requests reuses a few open
 * connections instead of a TCP and SMTP handshake per alert. `siteUrl` is the public origin the
 * driver's and the partners' links point to (the build's PUBLIC_SITE_URL).
 */
export function emailSender(
  config: EmailAlertConfig,
  siteUrl: string,
  { offerTimeoutMinutes = DEFAULT_OFFER_TIMEOUT_MINUTES }: { offerTimeoutMinutes?: number } = {},
): AlertSender {
  const options: EmailSenderOptions = { siteUrl, offerTimeoutMinutes };
  // The URL's own settings (host, port, login, TLS) win; the timeouts fill in what it leaves out.
  const transport = nodemailer.createTransport({ ...transportOptions(config), pool: true, maxConnections: 3 });
  // Message-ID's right-hand side: the sender's domain, so receivers see a well-formed, stable id.
  const domain = config.from.split("@")[1] ?? "localhost";
  return {
    channel: "email",
    async send(alert: ClaimedAlert) {
      const envelope = envelopeOf(alert, config, options);
      // Nothing to send: an offer taken or expired before its e-mail went out (a link that opens
      // nothing), or a "How did it go?" the driver already answered on their page.
      if ("skipped" in envelope) return envelope;
      const { to, replyTo, message } = envelope;
      try {
        await transport.sendMail({
          from: config.from,
          to,
          replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<${alert.id}@${domain}>`,
          headers: {
            "X-Service-Request-Id": String(alert.request.id),
            "X-Service-Request-Alert": alert.kind,
            ...(alert.offer ? { "X-Offer-Id": String(alert.offer.id) } : {}),
            // The driver's e-mail is in the request's language: a mail app can read it aloud in that language.
            ...(message.language ? { "Content-Language": message.language } : {}),
          },
        });
      } catch (error) {
        throw new DeliveryError(describeSmtpError(error));
      }
    },
    close: () => transport.close(),
  };
}
