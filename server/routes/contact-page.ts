import { readFileSync } from "node:fs";
import path from "node:path";
import type { SiteFiles } from "../site-files";

/** The comment in src/pages/contact/invalid.astro that the server replaces with what went wrong. */
export const PROBLEMS_MARKER = "<!--contact-problems-->";

/** Where a form posted without JavaScript lands once its request is stored (with ?id=N). */
export const SENT_PAGE_PATH = "/contact/sent";
/** The comment in src/pages/contact/sent.astro that the server replaces with the request number. */
export const REQUEST_NUMBER_MARKER = "<!--contact-request-number-->";
const INVALID_PAGE_PATH = "/contact/invalid";

export interface Problems {
  /** One sentence saying what happened. */
  summary: string;
  /** What to fix, one line each. */
  items?: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** Used when the site is not built (API-only tests): the same words without the layout. */
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, follow"><title>Request Not Sent</title></head><body><main><h1>Your request was not sent</h1><div role="alert">${PROBLEMS_MARKER}</div><p><a href="/contact">Start a new request</a></p></main></body></html>`;

/**
 * Renders "your request was not sent" pages from the built invalid page. Only our own messages
 * (schema messages, limits) go into it, and they are escaped as well.
 */
export function problemPageRenderer(site: SiteFiles): (problems: Problems) => string {
  const file = site.routes.get(INVALID_PAGE_PATH);
  let template = BARE_PAGE;
  if (file) {
    const built = readFileSync(path.join(site.root, file), "utf8");
    if (built.includes(PROBLEMS_MARKER)) template = built;
  }
  return ({ summary, items = [] }) => {
    const list = items.length
      ? `<ul class="mt-2 list-disc space-y-1 pl-5" data-testid="contact-problems">${items
          .map((item) => `<li>${escapeHtml(item)}</li>`)
          .join("")}</ul>`
      : "";
    const block = `<p class="font-semibold text-ink">${escapeHtml(summary)}</p>${list}`;
    return template.replace(PROBLEMS_MARKER, () => block);
  };
}

/** Only a plain decimal number of reasonable length is ever shown; anything else shows nothing. */
export function requestNumberFrom(query: unknown): number | undefined {
  if (typeof query !== "string" || !/^[1-9]\d{0,14}$/.test(query)) return undefined;
  const id = Number(query);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Renders the confirmation page with the request number the redirect carries. The number is
 * re-printed from a parsed integer, so nothing from the address ever becomes markup.
 */
export function sentPageRenderer(site: SiteFiles): ((id: number | undefined) => string) | undefined {
  const file = site.routes.get(SENT_PAGE_PATH);
  if (!file) return undefined;
  const built = readFileSync(path.join(site.root, file), "utf8");
  if (!built.includes(REQUEST_NUMBER_MARKER)) return undefined;
  return (id) =>
    built.replace(REQUEST_NUMBER_MARKER, () =>
      id === undefined
        ? ""
        : `<p class="text-lg text-ink" data-testid="request-number">Your request number is <strong>#${String(id)}</strong>.</p>`,
    );
}
