import type { SiteEventName, SiteEventPlacement } from "@/shared/event-schema";

/**
 * Counts one event on the site (POST /api/events, privacy page: "What the site counts"). The page and
 * its language are the ones the layout wrote into <html data-event-page data-event-language> at build
 * time, so nothing of the address (a query string, a private page's token) is ever sent. The beacon
 * carries no identifier and the server sets no cookie. Never throws: counting must not break a page.
 */
export function countSiteEvent(name: SiteEventName, placement: SiteEventPlacement): void {
  const { eventPage: page, eventLanguage: language } = document.documentElement.dataset;
  if (!page || !language || typeof navigator.sendBeacon !== "function") return;
  try {
    // A string goes as text/plain, which the endpoint takes: no preflight, nothing to wait for.
    navigator.sendBeacon("/api/events", JSON.stringify({ name, placement, page, language }));
  } catch {
    // A beacon the browser refuses (too many queued, say) is one count fewer, nothing more.
  }
}
