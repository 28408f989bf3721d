import type { APIRoute } from "astro";

/**
 * What the build baked into the pages that the server must agree with: the fallback webhook the
 * request form may post to. The server reads this file (server/site-files.ts) to allow that origin in
 * its CSP, so PUBLIC_CONTACT_FALLBACK_URL has one reader, the build, and page and CSP never differ.
 */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ contactFallbackUrl: import.meta.env.PUBLIC_CONTACT_FALLBACK_URL || null }), {
    headers: { "content-type": "application/json" },
  });
