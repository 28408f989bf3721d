import { z } from "zod";
import { type Locale, locales } from "../i18n/locales";

/**
 * The site's first-party counts (POST /api/events, server/features/events/): what the browser may
 * report, and nothing more. Each event is a name from a closed list, where on the page it happened
 * (its placement, from a closed list per name), the page's path and the page's language. No
 * identifier, no time finer than the day, nothing typed: the server keeps one count per day and key.
 */

/**
 * Where a call link sits. Every link to the business's number on the site carries one of these as
 * its data-placement (tests/e2e/site-events.spec.ts checks the built pages):
 * - header: the header's call button (wide screens); menu: the call button in the phone's menu;
 * - call_band: the phone's fixed bar at the bottom; hero: a page's first screen (home, a service's header);
 * - form: beside, inside or after the service request form; chat_reply: a number the chat wrote;
 * - request_page: the driver's own request page; footer: the footer's number;
 * - page_body: a call link in a page's own text or its call to action (about, areas, services, blog, 404…).
 */
export const callPlacements = [
  "header",
  "menu",
  "call_band",
  "hero",
  "form",
  "chat_reply",
  "request_page",
  "footer",
  "page_body",
] as const;
export type CallPlacement = (typeof callPlacements)[number];

/** The events and where each may happen. A name or a placement outside this list is refused. */
export const siteEventPlacements = {
  /** A tap on a link to the business's number (taps on 911 or a police number are not the business's work). */
  call_tap: callPlacements,
  /** The first field of the service request form changed. */
  form_started: ["form"],
  /** The form's request was stored (the server answered yes). */
  form_sent: ["form"],
  /** The chat opened: the floating widget, or the /chat page itself. */
  chat_opened: ["widget", "chat_page"],
  /** "Use my location" on the form gave a position. */
  location_used: ["form"],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type SiteEventName = keyof typeof siteEventPlacements;
export const siteEventNames = Object.keys(siteEventPlacements) as [SiteEventName, ...SiteEventName[]];
export type SiteEventPlacement = (typeof siteEventPlacements)[SiteEventName][number];

/** The longest page path counted: the site's own paths are well under it. */
export const MAX_EVENT_PAGE_LENGTH = 120;
/**
 * A path of the site as the pages' layout names it: lower-case words and digits between slashes, no
 * query string, no fragment, no token (a private page is counted under its template, /request).
 */
const SITE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

const UNKNOWN_EVENT = `Unknown event: send one of ${siteEventNames.join(", ")}.`;

export interface SiteEvent {
  name: SiteEventName;
  placement: SiteEventPlacement;
  page: string;
  language: Locale;
}

const placesOf = (name: SiteEventName): readonly string[] => siteEventPlacements[name];

/** One event, as the browser sends it; the placement must be one of its name's. */
export const siteEventSchema = z
  .object({
    name: z.enum(siteEventNames, { errorMap: () => ({ message: UNKNOWN_EVENT }) }),
    placement: z.string().max(40),
    page: z
      .string()
      .max(MAX_EVENT_PAGE_LENGTH, {
        message: `The page must be a path of this site, at most ${MAX_EVENT_PAGE_LENGTH} characters.`,
      })
      .regex(SITE_PATH, { message: "The page must be a path of this site, like /services/towing (no query string)." }),
    language: z.enum(locales, { errorMap: () => ({ message: `The language must be one of ${locales.join(", ")}.` }) }),
  })
  .strict({ message: "Send only name, placement, page and language." })
  .superRefine((event, ctx) => {
    if (!placesOf(event.name).includes(event.placement)) {
      ctx.addIssue({
        code: "custom",
        path: ["placement"],
        message: `Unknown placement for ${event.name}: send one of ${placesOf(event.name).join(", ")}.`,
      });
    }
  })
  .transform((event) => event as SiteEvent);

/** The columns of site_event_counts, all of them: the test of "nothing personal is stored" compares with this. */
export const siteEventCountColumns = ["day", "name", "page", "placement", "language", "count"] as const;
