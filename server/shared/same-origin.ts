import type { FastifyRequest } from "fastify";

/**
 * Whether a state-changing request comes from the desk's own pages. Browsers send `Origin` on every
 * POST and DELETE, and `Sec-Fetch-Site` on every request; a page of another site cannot forge either.
 * A request with neither header is not from a browser page of ours, so it is refused too.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "") {
    try {
      // Parsed both sides, so "http://host:80" and "http://host" compare equal; "null" (a sandboxed or
      // privacy-redirected page) is not an origin and is refused.
      return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return false;
    }
  }
  return request.headers["sec-fetch-site"] === "same-origin";
}

export const CROSS_ORIGIN_REFUSED =
  "This change was refused: it did not come from the desk's own page. Open the desk at its own address and try again.";

/**
 * Whether a post comes from one of our private pages sent with Referrer-Policy: no-referrer (a driver's
 * request page, a partner's offer page). Under that policy a browser's post says `Origin: null`.
 * Sec-Fetch-Site, which no page can forge, is believed when a browser sends it: only "same-origin"
 * passes. A browser that does not send it (Safari before 16.4) is let through with `Origin: null`: the
 * 256-bit token in the path is the secret, so a page elsewhere cannot post to a link it does not know.
 * A foreign Origin, or none at all, is refused (isSameOrigin).
 */
export function fromOwnPrivatePage(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin") return false;
  if (request.headers.origin === "null") return true;
  return isSameOrigin(request);
}
