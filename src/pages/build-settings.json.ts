import type { APIRoute } from "astro";

/**
 * What the build baked into the pages that the server must agree with: the fallback webhook the
 * request form may post to, and the public origin (PUBLIC_SITE_URL). The server reads this file
 * (server/site-files.ts) to allow that origin in its CSP and to link the driver's confirmation e-mail
 * to the same origin the pages name, so each setting has one reader, the build.
 */
export const GET: APIRoute = ({ site }) =>
  new Response(
    JSON.stringify({
      serviceRequestFallbackUrl: import.meta.env.PUBLIC_CONTACT_FALLBACK_URL || null,
      siteUrl: site ? site.origin : null,
    }),
    { headers: { "content-type": "application/json" } },
  );
