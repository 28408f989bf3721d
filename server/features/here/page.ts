import type { Locale } from "../../../src/i18n/locales";
import { languageTag } from "../../../src/i18n/locales";
import { locationWords } from "../../../src/i18n/location";
import { fill } from "../../../src/i18n/ui";
import { site } from "../../../src/shared/site";
import { escapeHtml } from "../../escape-html";
import { GEOLOCATION_PAGE_OPTIONS } from "./options";

/**
 * The /here/{token} page: one button that reads the phone's position and sends it (public/here.js, a
 * file of our own, so the page needs no inline script). Every word is the request's language; the
 * messages for each failure ride in data attributes and are shown as text.
 */
export function herePage(locale: Locale, token: string): string {
  const w = locationWords[locale];
  const t = w.here;
  const phone = site.phone.display;
  const data = {
    endpoint: `/api/here/${token}`,
    sent: t.sent,
    failed: fill(t.failed, { phone }),
    denied: fill(w.denied, { phone }),
    unavailable: fill(w.unavailable, { phone }),
    timeout: fill(w.timeout, { phone }),
    finding: w.finding,
    options: JSON.stringify(GEOLOCATION_PAGE_OPTIONS),
  };
  const attributes = Object.entries(data)
    .map(([key, value]) => `data-${key}="${escapeHtml(value)}"`)
    .join(" ");
  return `<!doctype html>
<html lang="${languageTag[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(t.title)}</title>
<script src="/here.js" defer></script>
</head>
<body>
<main id="here" ${attributes}>
<h1>${escapeHtml(fill(t.heading, { name: site.name }))}</h1>
<p>${escapeHtml(t.intro)}</p>
<p><button type="button" id="send-location">${escapeHtml(t.button)}</button></p>
<p role="status" id="here-status"></p>
<p><a href="tel:${escapeHtml(site.phone.e164)}">${escapeHtml(phone)}</a></p>
</main>
</body>
</html>`;
}
