import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * What every answer under a private link carries: the token in the address must not travel on (no
 * Referer from the page or its links), no copy is kept by a cache, no search engine lists it (a 404 of a
 * wrong token included). Set by each private route itself, and again by the hook below for any answer
 * that reaches a private path another way.
 */
export const PRIVATE_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

const isDeskPath = (path: string) => path === "/desk" || path.startsWith("/desk/") || path.startsWith("/desk.");
/**
 * A driver's request page, its API, and the confirmation that links to it; a partner's offer page and its
 * API; a caller's /here page, its API, and the request page's "Send my location again".
 */
const isRequestPagePath = (path: string) =>
  path.startsWith("/request/") ||
  path.startsWith("/api/request/") ||
  path.startsWith("/offer/") ||
  path.startsWith("/api/offer/") ||
  path.startsWith("/here/") ||
  path.startsWith("/api/here/") ||
  path.startsWith("/api/request-location/") ||
  path === "/contact/sent" ||
  path === "/es/contact/sent";

/**
 * A private link (/request/{token}, /offer/{token}, /here/{token}) holds a secret in its address: no
 * referrer, no cache, no index, for the page, its API and every answer (404, 400, 409, 429 included).
 *
 * The desk's pages are private, and their headers say so:
 * - crawlers keep out (in the header too: the page's meta tag needs HTML parsed);
 * - the page gets a browsing context group of its own (Cross-Origin-Opener-Policy: same-origin), so
 *   no other window can hold a reference to the owner's desk.
 *
 * The public pages go without that isolation on purpose (see security-headers.ts): they hold
 * nothing private, and the process of its own it costs showed as 59-616 ms of total blocking time per
 * page in Lighthouse's mobile run, against 6-32 ms for the same page without it.
 */
async function privatePageHeaders(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (isRequestPagePath(path)) {
      reply.headers(PRIVATE_PAGE_HEADERS);
      return;
    }
    if (!isDeskPath(path)) return;
    reply.header("X-Robots-Tag", "noindex, nofollow");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
  });
}

export default fp(privatePageHeaders, { name: "private-page-headers" });
