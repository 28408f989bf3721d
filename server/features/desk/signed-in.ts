import { timingSafeEqual } from "node:crypto";
import type { FastifyError, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { CROSS_ORIGIN_REFUSED, isSameOrigin } from "../../shared/same-origin";
import { firstIssue, zodIssuesOf } from "../../shared/schema-errors";

export const SIGN_IN_NEEDED = "Sign in to use the desk.";
const CSRF_REFUSED = "This page is out of date: reload the desk and try again.";

export const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/** Reads and writes alike. GET and HEAD change nothing; every other method is a state change. */
const changesState = (request: FastifyRequest) => request.method !== "GET" && request.method !== "HEAD";

/**
 * The desk's one gate, the onRequest hook of its signed-in scope (server/features/desk/routes.ts):
 * every route registered inside it, the desk's own and other features' (partners, reviews, numbers),
 * needs a live session (401); a state change also comes from the desk's own page (Origin or
 * Sec-Fetch-Site) with the session's own CSRF token (403), made at sign-in and kept with the session
 * on the server, so a token from before sign-in or from another session never passes.
 */
export const signedInOnly: onRequestAsyncHookHandler = async (request, reply) => {
  if (!request.session?.userId) return reply.code(401).send({ error: SIGN_IN_NEEDED });
  if (!changesState(request)) return;
  if (!isSameOrigin(request)) return reply.code(403).send({ error: CROSS_ORIGIN_REFUSED });
  const sent = request.headers["x-csrf-token"];
  const expected = request.session.csrfToken;
  if (typeof sent !== "string" || !expected || !sameToken(sent, expected)) {
    return reply.code(403).send({ error: CSRF_REFUSED });
  }
};

/** Who the history names: the signed-in desk user's e-mail. */
export const deskActor = (request: FastifyRequest) => request.session.email ?? "unknown";

export const noSuchRequest = (reply: FastifyReply) =>
  reply.code(404).send({ error: "There is no such service request (it may have been deleted)." });

/**
 * The desk's answer to a request its route's schema refused: an :id that cannot be one is no such
 * thing (404, said by `notFound`); a body or query names the field, then what to do (400).
 * Any other error goes on to the app's handler.
 */
export const deskRefusals =
  (notFound: (reply: FastifyReply) => FastifyReply = noSuchRequest) =>
  (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const issues = zodIssuesOf(error);
    if (!issues) throw error;
    if (error.validationContext === "params") return notFound(reply);
    return reply.code(400).send({ error: firstIssue(issues) });
  };
