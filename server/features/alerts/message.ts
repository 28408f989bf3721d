import { type Locale, languageForOwner, languageTag } from "../../../src/i18n/locales";
import { fill, serviceNameIn, ui } from "../../../src/i18n/ui";
import { mapSearchHref, telHrefFor } from "../../../src/shared/links";
import { coordinate, locationView, ownerPlaceLine } from "../../../src/shared/location";
import { PAGE_LIFETIME_AFTER_END_DAYS } from "../../../src/shared/request-page";
import { fullAddress, site } from "../../../src/shared/site";
import type { ServiceRequestRow } from "../../db/schema";
import { escapeHtml } from "../../escape-html";

/** "38.1302, -121.2724 (±12 m), nearest town Riverton (1.2 km from its center), inside the service area". */
function gpsLine(request: ServiceRequestRow): string | undefined {
  const view = locationView(request);
  if (!view) return undefined;
  return `${coordinate(view.latitude)}, ${coordinate(view.longitude)} (±${Math.round(view.accuracyM)} m), ${ownerPlaceLine(view)}`;
}

/**
 * What the owner is told of one service request, built from the stored row. Everything here is pure:
 * the channels only carry it.
 */

const businessTime = (locale: Locale) =>
  new Intl.DateTimeFormat(languageTag[locale], { timeZone: site.timeZone, dateStyle: "full", timeStyle: "short" });
const businessClocks: Record<Locale, Intl.DateTimeFormat> = { en: businessTime("en"), es: businessTime("es") };

/**
 * "Monday, November 23, 2026 at 1:05 AM (Pacific time)": the business's clock, and which clock in a
 * reader's words, not the zone's code name; in Spanish for a Spanish driver's e-mail ("lunes, 23 de
 * noviembre de 2026, 1:05 a.m. (hora del Pacífico)").
 */
export function formatBusinessTime(date: Date, locale: Locale = "en"): string {
  return `${businessClocks[locale].format(date)} (${ui[locale].driverEmail.timeZone})`;
}

/** A header value holds no line break or control character, whatever a visitor typed. */
export function headerSafe(value: string, max = 80): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** What the alerts say for a request sent without the optional vehicle. */
const NO_VEHICLE = "(not given)";

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
  /** The message's language (Content-Language), when it is the driver's rather than the owner's English. */
  language?: string;
}

/** One line of an alert e-mail's HTML table; `content` is already escaped. */
const htmlRow = (label: string, content: string) =>
  `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${content}</td></tr>`;

/** The e-mail: subject with the service and pickup, every field, call and map links, business time. */
export function alertEmail(request: ServiceRequestRow): AlertEmail {
  const received = formatBusinessTime(request.createdAt);
  const language = languageLine(request);
  const tel = telHrefFor(request.phone);
  const pickupMap = mapSearchHref(request.pickupLocation);
  const dropoffMap = mapSearchHref(request.dropoffLocation);
  const view = locationView(request);
  const gps = gpsLine(request);
  const subject = headerSafe(
    `New service request #${request.id}: ${request.service} at ${headerSafe(request.pickupLocation, 60)}`,
    140,
  );

  const text = [
    `New service request #${request.id}`,
    "",
    `Service:   ${request.service}`,
    `Name:      ${request.name}`,
    `Phone:     ${request.phone}  (${tel})`,
    `Email:     ${request.email}`,
    `Pickup:    ${request.pickupLocation}`,
    `           ${pickupMap}`,
    ...(gps && view ? [`GPS:       ${gps}`, `           ${view.openStreetMapUrl}`, `           ${view.geoUri}`] : []),
    `Drop-off:  ${request.dropoffLocation}`,
    `           ${dropoffMap}`,
    `Vehicle:   ${request.vehicle ?? NO_VEHICLE}`,
    ...(request.note ? [`Note:      ${request.note.replace(/\r?\n/g, "\n           ")}`] : []),
    `Language:  ${language}`,
    `Received:  ${received}`,
    `Request id: ${request.id}`,
    "",
    `Sent by ${site.name}'s website. Call the driver back as soon as you can.`,
  ].join("\n");

  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    "<!doctype html>",
    '<html><body style="font-family:sans-serif;font-size:16px">',
    `<h1 style="font-size:20px">New service request #${request.id}</h1>`,
    "<table>",
    htmlRow("Service", escapeHtml(request.service)),
    htmlRow("Name", escapeHtml(request.name)),
    htmlRow("Phone", link(tel, request.phone)),
    htmlRow("Email", link(`mailto:${request.email}`, request.email)),
    htmlRow("Pickup", link(pickupMap, request.pickupLocation)),
    ...(gps && view
      ? [
          htmlRow(
            "GPS",
            `${escapeHtml(gps)}<br>${link(view.openStreetMapUrl, "OpenStreetMap")} · ${link(view.geoUri, "Maps app")}`,
          ),
        ]
      : []),
    htmlRow("Drop-off", link(dropoffMap, request.dropoffLocation)),
    htmlRow("Vehicle", escapeHtml(request.vehicle ?? NO_VEHICLE)),
    // Escaped first, then its line breaks kept: nothing the driver typed becomes markup.
    ...(request.note ? [htmlRow("Note", escapeHtml(request.note).replace(/\r?\n/g, "<br>"))] : []),
    htmlRow("Language", escapeHtml(language)),
    htmlRow("Received", escapeHtml(received)),
    htmlRow("Request id", String(request.id)),
    "</table>",
    `<p>Sent by ${escapeHtml(site.name)}'s website. Call the driver back as soon as you can.</p>`,
    "</body></html>",
  ].join("\n");

  return { subject, text, html };
}

/**
 * The fields the owner recognises a request by, in the desk's later e-mails about it (cancelled, no
 * partner, not completed): as text lines, and as escaped HTML table rows.
 */
function recognisedBy(request: ServiceRequestRow): { text: string[]; html: string[] } {
  const tel = telHrefFor(request.phone);
  const received = formatBusinessTime(request.createdAt);
  return {
    text: [
      `Service:   ${request.service}`,
      `Name:      ${request.name}`,
      `Phone:     ${request.phone}  (${tel})`,
      `Pickup:    ${request.pickupLocation}`,
      `Received:  ${received}`,
      `Request id: ${request.id}`,
    ],
    html: [
      htmlRow("Service", escapeHtml(request.service)),
      htmlRow("Name", escapeHtml(request.name)),
      htmlRow("Phone", `<a href="${escapeHtml(tel)}">${escapeHtml(request.phone)}</a>`),
      htmlRow("Pickup", escapeHtml(request.pickupLocation)),
      htmlRow("Received", escapeHtml(received)),
      htmlRow("Request id", String(request.id)),
    ],
  };
}

/** What the cancellation alerts say when the driver gave no reason. */
const NO_REASON = "(none given)";

/**
 * The owner's e-mail when the driver cancels from their request page: which request, when, why if
 * they said, and the fields to recognise it by; everything the driver typed is escaped in the HTML.
 */
export function cancelledAlertEmail(request: ServiceRequestRow): AlertEmail {
  const cancelled = request.cancelledAt ? formatBusinessTime(request.cancelledAt) : "(unknown)";
  const reason = request.cancelReason ?? NO_REASON;
  const subject = headerSafe(
    `Cancelled by the driver: service request #${request.id} (${request.service} at ${headerSafe(request.pickupLocation, 60)})`,
    140,
  );
  const text = [
    `The driver cancelled service request #${request.id} from their request page.`,
    "",
    `Cancelled: ${cancelled}`,
    `Reason:    ${reason}`,
    "",
    ...recognisedBy(request).text,
    "",
    `Sent by ${site.name}'s website. The driver no longer needs help: tell the partner operator if one was sent.`,
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html><body style="font-family:sans-serif;font-size:16px">',
    `<h1 style="font-size:20px">The driver cancelled service request #${request.id}</h1>`,
    "<table>",
    htmlRow("Cancelled", escapeHtml(cancelled)),
    htmlRow("Reason", escapeHtml(reason)),
    ...recognisedBy(request).html,
    "</table>",
    `<p>Sent by ${escapeHtml(site.name)}'s website. The driver no longer needs help: tell the partner operator if one was sent.</p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}

/** "No partner took #42 in 10 minutes": what the desk is told when every offer expired or was declined. */
export const noPartnerTitle = (request: Pick<ServiceRequestRow, "id">, offerTimeoutMinutes: number) =>
  `No partner took #${request.id} in ${offerTimeoutMinutes} ${offerTimeoutMinutes === 1 ? "minute" : "minutes"}`;

/** Where the desk opens a request (the push's tap, the no-partner e-mail's link). */
const deskPath = (request: Pick<ServiceRequestRow, "id">) => `/desk#/requests/${request.id}`;

/**
 * The desk's e-mail when no partner took a job: which request, that every offer expired or was
 * declined, the fields to recognise it by, and the link to offer it again from the desk.
 */
export function noPartnerAlertEmail(
  request: ServiceRequestRow,
  offerTimeoutMinutes: number,
  siteUrl: string,
): AlertEmail {
  return jobAlertEmail(
    request,
    noPartnerTitle(request, offerTimeoutMinutes),
    "Every offer on this job expired or was declined. Offer it again to other partners from the desk, or call the driver back.",
    siteUrl,
  );
}

/**
 * "Rivera Towing could not complete #42": the partner who had accepted the job reported it undone (gone
 * on arrival, or their reason). The company name is the owner's own entry in the partner directory.
 */
export const notCompletedTitle = (request: Pick<ServiceRequestRow, "id">, companyName: string) =>
  `${headerSafe(companyName, 60)} could not complete #${request.id}`;

/**
 * The desk's e-mail when the partner who had the job could not complete it: the driver may still be
 * waiting, so it says why (the partner's words, as text), and links to the desk to offer it again.
 */
export function notCompletedAlertEmail(
  request: ServiceRequestRow,
  companyName: string,
  reason: string | null,
  siteUrl: string,
): AlertEmail {
  const why = reason ? `Their reason: ${reason}.` : "They gave no reason.";
  return jobAlertEmail(
    request,
    notCompletedTitle(request, companyName),
    `${companyName} accepted this job, then reported that they could not complete it. ${why} The driver may still be waiting: call them back, or offer the job again to other partners from the desk.`,
    siteUrl,
  );
}

/** A desk e-mail about a job: its title, what happened and what to do, the request's fields and the desk's link. */
function jobAlertEmail(request: ServiceRequestRow, title: string, explained: string, siteUrl: string): AlertEmail {
  const subject = headerSafe(`${title} (${request.service} at ${headerSafe(request.pickupLocation, 60)})`, 140);
  const deskUrl = new URL(deskPath(request), siteUrl).href;
  const text = [
    `${title}.`,
    explained,
    deskUrl,
    "",
    ...recognisedBy(request).text,
    "",
    `Sent by ${site.name}'s website.`,
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html><body style="font-family:sans-serif;font-size:16px">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(explained)} <a href="${escapeHtml(deskUrl)}">Open it in the desk</a>.</p>`,
    "<table>",
    ...recognisedBy(request).html,
    "</table>",
    `<p>Sent by ${escapeHtml(site.name)}'s website.</p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}

/** The longest piece of a typed place the driver's e-mail repeats: enough to recognise it, little to abuse. */
const DRIVER_MAIL_PLACE_CHARS = 120;
const shortened = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/**
 * The e-mail to the driver who sent a request, in the request's language (the page it links to speaks
 * the same): its number, the link to its page and the phone, and who sent it and why (anyone can type
 * any address into the form: the one who owns it learns what this is and that no more will come).
 * Nothing but the service and the pickup place of what was typed, escaped in the HTML; never the name,
 * which a stranger could fill with a message.
 */
export function driverConfirmationEmail(request: ServiceRequestRow, pageUrl: string): AlertEmail {
  const locale = request.language;
  const t = ui[locale].driverEmail;
  const sent = formatBusinessTime(request.createdAt, locale);
  const service = serviceNameIn(locale, request.service);
  const pickup = shortened(headerSafe(request.pickupLocation, 1000), DRIVER_MAIL_PLACE_CHARS);
  const siteUrl = new URL(pageUrl).origin;
  const number = { number: request.id, name: site.name };
  const subject = fill(t.subject, number);
  const heading = fill(t.heading, number);
  const why = fill(t.why, { name: site.name, url: siteUrl });
  const lifetime = fill(t.lifetime, { days: PAGE_LIFETIME_AFTER_END_DAYS });
  const sender = fill(t.sender, { name: site.name, address: fullAddress });
  const width = Math.max(t.number.length, t.service.length, t.pickup.length, t.sent.length) + 2;
  const line = (label: string, value: string) => `${`${label}:`.padEnd(width)}${value}`;
  const text = [
    `${heading}.`,
    "",
    line(t.number, `#${request.id}`),
    line(t.service, service),
    line(t.pickup, pickup),
    line(t.sent, sent),
    "",
    `${t.followLink}${t.followRest}`,
    pageUrl,
    lifetime,
    "",
    fill(t.callBack, { phone: site.phone.display }),
    "",
    why,
    sender,
  ].join("\n");
  const row = (label: string, content: string) => htmlRow(escapeHtml(label), content);
  const phoneLink = `<a href="${escapeHtml(`tel:${site.phone.e164}`)}">${escapeHtml(site.phone.display)}</a>`;
  const html = [
    "<!doctype html>",
    `<html lang="${languageTag[locale]}"><body style="font-family:sans-serif;font-size:16px">`,
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>`,
    "<table>",
    row(t.number, `#${request.id}`),
    row(t.service, escapeHtml(service)),
    row(t.pickup, escapeHtml(pickup)),
    row(t.sent, escapeHtml(sent)),
    "</table>",
    `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(t.followLink)}</a>${escapeHtml(t.followRest)}<br>${escapeHtml(lifetime)}</p>`,
    // The dictionary's words escaped first, then the phone's link put in their {phone} mark.
    `<p>${fill(escapeHtml(t.callBack), { phone: phoneLink })}</p>`,
    `<p style="color:#475569;font-size:14px">${escapeHtml(why)}<br>${escapeHtml(sender)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text, html, language: languageTag[locale] };
}

/**
 * "Spanish (call back in Spanish)" for a request from the Spanish site, "English" otherwise: the
 * e-mail stays in the owner's language and says which language to call back in.
 */
function languageLine(request: Pick<ServiceRequestRow, "language">): string {
  const name = languageForOwner[request.language];
  return request.language === "en" ? name : `${name} (call back in ${name})`;
}

/** The webhook's JSON body: the event's type, the request's fields, its id and when it was stored. */
export function webhookPayload(request: ServiceRequestRow) {
  return {
    type: "contact_request.created" as const,
    id: request.id,
    createdAt: request.createdAt.toISOString(),
    name: request.name,
    email: request.email,
    phone: request.phone,
    service: request.service,
    pickupLocation: request.pickupLocation,
    dropoffLocation: request.dropoffLocation,
    /** The vehicle as the driver described it, or null when the optional field was left empty. */
    vehicle: request.vehicle,
    /** The driver's note for the operator (the car's state, a gate code), or null when not given. */
    note: request.note,
    /** The language of the page the driver sent it from: "en" or "es". */
    language: request.language,
    /** The same in words, as the e-mail and the desk say it ("English", "Spanish"): a receiver can show it as is. */
    languageName: languageForOwner[request.language],
    /** Where the request came from: "web" (the form), "chat" or "phone" (typed in at the desk). */
    source: request.source,
    /**
     * The phone's latest position with its accuracy, time, nearest town and map links; null when the
     * driver sent none (or it was erased after LOCATION_RETENTION_DAYS).
     */
    location: locationView(request),
  };
}

/** The webhook's JSON body when the driver cancelled: the request as for a new one, plus when, by whom and why. */
export function cancelledWebhookPayload(request: ServiceRequestRow) {
  const { type: _created, ...fields } = webhookPayload(request);
  return {
    type: "service_request.cancelled" as const,
    ...fields,
    cancelledAt: request.cancelledAt ? request.cancelledAt.toISOString() : null,
    cancelledBy: "driver" as const,
    /** The driver's reason as typed, or null when they gave none. */
    reason: request.cancelReason,
  };
}

/** The owner's webhook when no partner took the job: the request as for a new one, and the offers' time limit. */
export function noPartnerWebhookPayload(request: ServiceRequestRow, offerTimeoutMinutes: number) {
  const { type: _created, ...fields } = webhookPayload(request);
  return { type: "service_request.no_partner" as const, ...fields, offerTimeoutMinutes };
}

/**
 * The owner's webhook when the partner who had the job could not complete it: the request as for a new
 * one, the partner's company and their reason (null when they gave none).
 */
export function notCompletedWebhookPayload(request: ServiceRequestRow, companyName: string, reason: string | null) {
  const { type: _created, ...fields } = webhookPayload(request);
  return { type: "service_request.not_completed" as const, ...fields, partner: { companyName }, reason };
}

/**
 * What the owner's phone shows for a Web Push alert, and where a tap leads. The service worker
 * (public/desk-sw.js) only ever puts these strings into a notification, which shows text.
 */
interface PushNotification {
  title: string;
  body: string;
  /** The request in the desk, same origin. */
  url: string;
  /** One notification per request: a retried delivery replaces it rather than adding a second. */
  tag: string;
}

/**
 * The notification's line: the service and the pickup place, led by "Spanish: " for a request from the
 * Spanish site, so the owner knows before calling back (first, where a long pickup cannot cut it off).
 */
function pushBody(request: ServiceRequestRow): string {
  const language = request.language === "en" ? "" : `${languageForOwner[request.language]}: `;
  // A known position leads with its nearest town, which a long typed pickup cannot push out of view.
  const near = request.nearestTown && request.latitude !== null ? `GPS near ${request.nearestTown}: ` : "";
  return headerSafe(`${language}${near}${request.service}, ${request.pickupLocation}`, 120);
}

/** The owner's phone when the driver cancelled: its own tag, so it rings even if the new-request one is still shown. */
export function cancelledPushNotification(request: ServiceRequestRow): PushNotification {
  return {
    title: `Cancelled by the driver: #${request.id}`,
    body: pushBody(request),
    url: `/desk#/requests/${request.id}`,
    tag: `service-request-${request.id}-cancelled`,
  };
}

/** The desk's phones when no partner took the job: its own tag, beside the new-request one. */
export function noPartnerPushNotification(request: ServiceRequestRow, offerTimeoutMinutes: number): PushNotification {
  return {
    title: noPartnerTitle(request, offerTimeoutMinutes),
    body: pushBody(request),
    url: deskPath(request),
    tag: `service-request-${request.id}-no-partner`,
  };
}

/** The desk's phones when the partner who had the job could not complete it: its own tag. */
export function notCompletedPushNotification(request: ServiceRequestRow, companyName: string): PushNotification {
  return {
    title: notCompletedTitle(request, companyName),
    body: pushBody(request),
    url: deskPath(request),
    tag: `service-request-${request.id}-not-completed`,
  };
}

export function pushNotification(request: ServiceRequestRow): PushNotification {
  return {
    title: `New request #${request.id}`,
    body: pushBody(request),
    url: `/desk#/requests/${request.id}`,
    tag: `service-request-${request.id}`,
  };
}

/**
 * The driver's "How did it go?" e-mail, once, about two hours after the request was done, in the
 * request's language: the link to the request's page, where the driver answers. Like the
 * confirmation, it repeats nothing the driver typed but the request's number.
 */
export function reviewRequestEmail(request: ServiceRequestRow, pageUrl: string): AlertEmail {
  const locale = request.language;
  const t = ui[locale].reviews.email;
  const siteUrl = new URL(pageUrl).origin;
  const subject = fill(t.subject, { number: request.id });
  const done = fill(t.done, { number: request.id, name: site.name });
  const lifetime = fill(ui[locale].driverEmail.lifetime, { days: PAGE_LIFETIME_AFTER_END_DAYS });
  const why = fill(t.why, { name: site.name, url: siteUrl });
  const sender = fill(ui[locale].driverEmail.sender, { name: site.name, address: fullAddress });
  const text = [
    `${t.heading}`,
    "",
    done,
    t.ask,
    "",
    `${t.link}:`,
    pageUrl,
    lifetime,
    "",
    t.private,
    "",
    why,
    sender,
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="${languageTag[locale]}"><body style="font-family:sans-serif;font-size:16px">`,
    `<h1 style="font-size:20px">${escapeHtml(t.heading)}</h1>`,
    `<p>${escapeHtml(done)} ${escapeHtml(t.ask)}</p>`,
    `<p><a href="${escapeHtml(pageUrl)}" style="font-weight:bold">${escapeHtml(t.link)}</a><br>${escapeHtml(lifetime)}</p>`,
    `<p>${escapeHtml(t.private)}</p>`,
    `<p style="color:#475569;font-size:14px">${escapeHtml(why)}<br>${escapeHtml(sender)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text, html, language: languageTag[locale] };
}
