import { offerPagePath } from "../../../src/shared/partner-schema";
import { site } from "../../../src/shared/site";
import type { ServiceRequestRow } from "../../db/schema";
import { escapeHtml } from "../../escape-html";
import type { PartnerAlertKind } from "../../shared/partner-alert-channels";
import type { ClaimedAlert, ClaimedOffer } from "./channel";
import { type AlertEmail, formatBusinessTime, headerSafe } from "./message";

/**
 * What a partner operator is told about a job offered to them: the offer (with its private link), its
 * withdrawal when another partner took the job, its cancellation by the driver. Only what the offer
 * page shows before acceptance: the service, the nearest town and the distance from it, the vehicle
 * as the driver gave it, and the time of the request; never the driver's name, phone, e-mail or the
 * typed pickup and drop-off (those are on the offer page once the partner accepts). What the driver
 * typed (the vehicle) is escaped in the HTML and is a plain JSON string in the webhook. Pure: the
 * channels only carry it.
 */

/** An offer alert's facts, as the e-mail, the webhook and the tests read them. */
export interface OfferFacts {
  offer: ClaimedOffer;
  request: ServiceRequestRow;
  /** offer_created: the offer page's full address, and until when it works. */
  link?: { url: string; expiresAt: Date };
}

const NOT_GIVEN = "(not given)";
const KM_PER_MILE = 1.609344;

/** "near Riverton (2.0 mi, 3.2 km from its center)", "in Riverton" under half a mile, or "near Riverton" when the distance is unknown. */
function whereLine(offer: ClaimedOffer): string {
  if (offer.distanceKm === null) return `near ${offer.town}`;
  const miles = (offer.distanceKm / KM_PER_MILE).toFixed(1);
  // "0.2 mi from its center" says less than the town's name: the offer page says "In Centerville" too.
  if (offer.distanceKm / KM_PER_MILE < 0.5) return `in ${offer.town}`;
  return `near ${offer.town} (${miles} mi, ${offer.distanceKm.toFixed(1)} km from its center)`;
}

/** The offer page's address for a token: the public origin the e-mail's links use (PUBLIC_SITE_URL). */
export const offerPageUrl = (token: string, siteUrl: string) => new URL(offerPagePath(token), siteUrl).href;

/** An offer alert's facts: the offer, the request and, for an open offer_created, its link. */
export function offerFactsOf(alert: ClaimedAlert, siteUrl: string): OfferFacts | undefined {
  if (!alert.offer) return undefined;
  const link =
    alert.offerToken && alert.offerLinkExpiresAt
      ? { url: offerPageUrl(alert.offerToken, siteUrl), expiresAt: alert.offerLinkExpiresAt }
      : undefined;
  return { offer: alert.offer, request: alert.request, ...(link ? { link } : {}) };
}

const jobName = (facts: OfferFacts) => `job #${facts.request.id} (${facts.request.service} ${whereLine(facts.offer)})`;

interface Said {
  subject: string;
  heading: string;
  lines: string[];
}

/** The e-mail's words for each kind; the facts' rows and the link are added around them. */
function said(kind: PartnerAlertKind, facts: OfferFacts): Said {
  const { offer, request } = facts;
  switch (kind) {
    case "offer_created":
      return {
        subject: `Job offer #${request.id}: ${request.service} ${whereLine(offer)}`,
        heading: `${site.name} offers you a job: ${request.service} ${whereLine(offer)}`,
        lines: [
          `Answer by ${formatBusinessTime(offer.expiresAt)}: accept it with your arrival estimate in minutes, or decline it. The first partner to accept gets the job.`,
          "The driver's name, phone and exact pickup place are shown on the offer's page once you accept.",
        ],
      };
    case "offer_withdrawn":
      return {
        subject: `Offer closed: ${jobName(facts)} was taken`,
        heading: `Job #${request.id} was taken by another partner`,
        lines: [
          `Your offer for ${jobName(facts)} is closed: another partner accepted it first. There is nothing to do. Thank you for your time.`,
        ],
      };
    case "offer_cancelled":
      return {
        subject: `Cancelled by the driver: ${jobName(facts)}`,
        heading: `The driver cancelled job #${request.id}`,
        lines: [
          `The driver no longer needs help with ${jobName(facts)}, which you accepted${offer.answeredAt ? ` at ${formatBusinessTime(offer.answeredAt)}` : ""}. Please do not go, or turn back if you are on the way. The job's page says so too.`,
          `If you are already there, call us at ${site.phone.display}.`,
        ],
      };
  }
}

/** The e-mail to the partner: plain text and HTML, the driver's words escaped in the HTML. */
export function partnerOfferEmail(kind: PartnerAlertKind, facts: OfferFacts): AlertEmail {
  const { offer, request, link } = facts;
  const words = said(kind, facts);
  const rows: [string, string][] = [
    ["Job", `#${request.id}`],
    ["Service", request.service],
    ["Pickup", whereLine(offer)],
    ["Vehicle", request.vehicle ?? NOT_GIVEN],
    ["Requested", formatBusinessTime(request.createdAt)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const footer = `${site.name} is a referral service: it takes no commission from partners for a referred job. Call ${site.phone.display} with any question.`;
  const linkLines = link
    ? [
        "Open the offer to accept or decline:",
        link.url,
        `This link is for you alone and works until ${formatBusinessTime(link.expiresAt)}.`,
      ]
    : [];
  const text = [
    `${words.heading}.`,
    "",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    "",
    ...words.lines,
    ...(linkLines.length > 0 ? ["", ...linkLines] : []),
    "",
    footer,
  ].join("\n");
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html = [
    "<!doctype html>",
    '<html><body style="font-family:sans-serif;font-size:16px">',
    `<h1 style="font-size:20px">${escapeHtml(words.heading)}</h1>`,
    "<table>",
    ...rows.map(([label, value]) => row(label, value)),
    "</table>",
    ...words.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.url)}" style="font-weight:bold">Open the offer to accept or decline</a><br>${escapeHtml(linkLines[2] ?? "")}</p>`,
        ]
      : []),
    `<p style="color:#475569;font-size:14px">${escapeHtml(footer)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: headerSafe(words.subject, 140), text, html };
}

/** The webhook event's name for each kind. */
export const partnerWebhookEvent = {
  offer_created: "offer.created",
  offer_withdrawn: "offer.withdrawn",
  offer_cancelled: "offer.cancelled",
} as const satisfies Record<PartnerAlertKind, string>;

/**
 * The JSON a partner's system receives: the event, the offer, and the job as the offer page shows it
 * before acceptance; offer.created carries the private link and when it stops working.
 */
export function partnerWebhookPayload(kind: PartnerAlertKind, facts: OfferFacts) {
  const { offer, request, link } = facts;
  return {
    type: partnerWebhookEvent[kind],
    offerId: offer.id,
    jobId: request.id,
    service: request.service,
    town: offer.town,
    /** How far the pickup is from the town's centre, in kilometres; null when unknown. */
    distanceKm: offer.distanceKm,
    /** The vehicle as the driver described it, or null when they did not. */
    vehicle: request.vehicle,
    requestedAt: request.createdAt.toISOString(),
    offeredAt: offer.createdAt.toISOString(),
    ...(kind === "offer_created"
      ? {
          /** Until when the offer can be accepted. */
          answerBy: offer.expiresAt.toISOString(),
          offerUrl: link?.url ?? null,
          offerUrlExpiresAt: link ? link.expiresAt.toISOString() : null,
        }
      : {}),
    ...(kind === "offer_withdrawn" ? { withdrawnAt: (offer.answeredAt ?? offer.createdAt).toISOString() } : {}),
    ...(kind === "offer_cancelled"
      ? {
          cancelledAt: request.cancelledAt ? request.cancelledAt.toISOString() : null,
          cancelledBy: "driver" as const,
        }
      : {}),
  };
}
