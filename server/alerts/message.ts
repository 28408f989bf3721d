import { mapSearchHref, telHrefFor } from "../../src/lib/links";
import { site } from "../../src/lib/site";
import type { ContactRequestRow } from "../db/schema";

/**
 * What the owner is told of one service request, built from the stored row. Everything here is pure:
 * the channels only carry it.
 */

const businessTime = new Intl.DateTimeFormat("en-US", {
  timeZone: site.timeZone,
  dateStyle: "full",
  timeStyle: "short",
});

/** "Monday, November 23, 2026 at 1:05 AM (America/Los_Angeles)": the owner's clock, and which clock. */
export function formatBusinessTime(date: Date): string {
  return `${businessTime.format(date)} (${site.timeZone})`;
}

/** A header value holds no line break or control character, whatever a visitor typed. */
function headerSafe(value: string, max = 80): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** What the alerts say for a request sent without the optional vehicle. */
export const NO_VEHICLE = "(not given)";

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
}

/** The e-mail: subject with the service and pickup, every field, call and map links, business time. */
export function alertEmail(request: ContactRequestRow): AlertEmail {
  const received = formatBusinessTime(request.createdAt);
  const tel = telHrefFor(request.phone);
  const pickupMap = mapSearchHref(request.pickupLocation);
  const dropoffMap = mapSearchHref(request.dropoffLocation);
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
    `Drop-off:  ${request.dropoffLocation}`,
    `           ${dropoffMap}`,
    `Vehicle:   ${request.vehicle ?? NO_VEHICLE}`,
    `Received:  ${received}`,
    `Request id: ${request.id}`,
    "",
    `Sent by ${site.name}'s website. Call the driver back as soon as you can.`,
  ].join("\n");

  const row = (label: string, content: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${content}</td></tr>`;
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    "<!doctype html>",
    '<html><body style="font-family:sans-serif;font-size:16px">',
    `<h1 style="font-size:20px">New service request #${request.id}</h1>`,
    "<table>",
    row("Service", escapeHtml(request.service)),
    row("Name", escapeHtml(request.name)),
    row("Phone", link(tel, request.phone)),
    row("Email", link(`mailto:${request.email}`, request.email)),
    row("Pickup", link(pickupMap, request.pickupLocation)),
    row("Drop-off", link(dropoffMap, request.dropoffLocation)),
    row("Vehicle", escapeHtml(request.vehicle ?? NO_VEHICLE)),
    row("Received", escapeHtml(received)),
    row("Request id", String(request.id)),
    "</table>",
    `<p>Sent by ${escapeHtml(site.name)}'s website. Call the driver back as soon as you can.</p>`,
    "</body></html>",
  ].join("\n");

  return { subject, text, html };
}

/** The webhook's JSON body: the event's type, the request's fields, its id and when it was stored. */
export function webhookPayload(request: ContactRequestRow) {
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
  };
}
