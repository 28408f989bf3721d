import { z } from "zod";

/**
 * The token of a private link (/request/{token}, /offer/{token}, /here/{token}) as its address holds
 * it. Any text is taken: a malformed or over-long token is hashed and looked up like a real one and
 * answered the same 404 (server/shared/private-link.ts), so the schema never answers sooner or
 * differently than the lookup. A real token is 43 base64url characters (PAGE_TOKEN_PATTERN).
 */
export const privateLinkTokenSchema = z.string();

/** The params of a route whose address names the token: /api/offer/:token/accept, /here/:token. */
export const privateLinkParamsSchema = z.object({ token: privateLinkTokenSchema });

/**
 * The params of a wildcard route (/request/*, /api/here/*): the rest of the address, whatever its
 * length (a parameter longer than Fastify's limit would otherwise fall through to another 404, sooner,
 * and naming the address).
 */
export const privateLinkRestSchema = z.object({ "*": privateLinkTokenSchema });
