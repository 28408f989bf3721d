import { timingSafeEqual } from "node:crypto";
import type { FastifyError, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
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
  if (!request.session?.userId) return refuse(request, reply, 401, SIGN_IN_NEEDED);
  if (!changesState(request)) return;
  if (!isSameOrigin(request)) return refuse(request, reply, 403, CROSS_ORIGIN_REFUSED);
  const sent = request.headers["x-csrf-token"];
  const expected = request.session.csrfToken;
  if (typeof sent !== "string" || !expected || !sameToken(sent, expected)) {
    return refuse(request, reply, 403, CSRF_REFUSED);
  }
};

/**
 * The gate answers from the headers, before a byte of the body is read (onRequest): a body the request
 * brings is still unread, and on a kept-alive connection Node would read it to its end, however large,
 * only to throw it away. Closing the connection after the answer stops that, as Fastify does for a body
 * over its limit; a signed-in owner's oversized body is read up to the limit and answered 413
 * (deskRefusals).
 */
function refuse(request: FastifyRequest, reply: FastifyReply, status: 401 | 403, error: string) {
  const bringsBody =
    request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"]) > 0;
  if (bringsBody) reply.header("connection", "close");
  return reply.code(status).send({ error });
}

/** Who the history names: the signed-in desk user's e-mail. */
export const deskActor = (request: FastifyRequest) => request.session.email ?? "unknown";

export const noSuchRequest = (reply: FastifyReply) =>
  reply.code(404).send({ error: "There is no such service request (it may have been deleted)." });

/** A body over the server's limit, said in the desk's words (the desk shows `message`, or `error`). */
function tooLarge(request: FastifyRequest): ApiRefusal {
  const kb = Math.floor((request.server.initialConfig.bodyLimit ?? 0) / 1024);
  const message = `Too much to send at once: the desk takes at most ${kb} KB. Shorten the text and try again.`;
  return { error: message, message, code: "too_large" };
}

/**
 * The desk's answer to a request its route's schema refused: an :id that cannot be one is no such
 * thing (404, said by `notFound`); a body or query names the field, then what to do (400). A body over
 * the server's limit is a 413 in the desk's words.
 * Any other error goes on to the app's handler.
 */
export const deskRefusals =
  (notFound: (reply: FastifyReply) => FastifyReply = noSuchRequest) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return reply.code(413).send(tooLarge(request));
    const issues = zodIssuesOf(error);
    if (!issues) throw error;
    if (error.validationContext === "params") return notFound(reply);
    return reply.code(400).send({ error: firstIssue(issues) });
  };
