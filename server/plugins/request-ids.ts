import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** An id the proxy may hand us: short, and of characters that cannot break a log line or a header. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the proxy's X-Request-Id when it is a plausible id (so one request can be followed
 * from the proxy's log into ours), else a new random one. Random rather than Fastify's counter, which
 * starts again at each process and so names different requests alike on two processes.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers["x-request-id"];
  return typeof given === "string" && VALID_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * What Fastify's constructor takes for it: the header is read by genReqId alone (Fastify's own
 * requestIdHeader would take any text, unchecked); every log line of the request carries it as reqId.
 */
export const requestIdServerOptions = { requestIdHeader: false, genReqId: requestIdOf } as const;

/** Every answer says its request's id, errors and 404s included, so a client can quote it. */
async function requestIds(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
}

export default fp(requestIds, { name: "request-ids" });
