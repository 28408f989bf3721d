import type { FastifyRequest } from "fastify";

/**
 * Whether a POST is a plain HTML form's (application/x-www-form-urlencoded): the pages that work
 * without JavaScript answer it with a page or a redirect, and the islands' JSON with JSON.
 */
export const isFormPost = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
