import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

interface SecurityHeadersOptions {
  /** 'sha256-…' sources for the inline scripts the build wrote (see site-files.ts). */
  inlineScriptHashes: string[];
  /** Extra origins the browser may send requests to (the contact fallback webhook). */
  connectOrigins: string[];
}

/** Origin of the map the footer loads on request. */
const MAP_ORIGIN = "https://www.openstreetmap.org";

/** Geolocation for the site's own pages only (the form's "Use my location", /here), never for a frame such as the map. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(self), payment=(), usb=(), browsing-topics=()";

/**
 * Security headers on every response, pages and API alike. Scripts may come only from our origin
 * or be one of the inline scripts we built (by hash): no 'unsafe-inline', no 'unsafe-eval'.
 */
async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...opts.inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...opts.connectOrigins],
        frameSrc: [MAP_ORIGIN],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
    // Only the owner's desk is isolated from other windows: see server/shared/private-page-headers.ts for
    // why the public pages are not.
    crossOriginOpenerPolicy: false,
    // Set below, and only for requests that really came over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    // request.protocol is "https" only for TLS here or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY).
    // 180 days, and no includeSubDomains: the owner's other subdomains are not ours to commit to HTTPS.
    if (request.protocol === "https") reply.header("Strict-Transport-Security", "max-age=15552000");
  });
}

export default fp(securityHeaders, { name: "security-headers" });
