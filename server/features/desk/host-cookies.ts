import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Over HTTPS the desk's cookies are named with the `__Host-` prefix: a browser then only accepts them
 * when they are Secure, for the whole host (Path=/) and without a Domain, so no other host of the domain
 * and no plain-HTTP page can set or overwrite them. Over plain HTTP (a local start) browsers refuse such
 * cookies, so there they keep their plain names and the desk API's path.
 *
 * @fastify/session and @fastify/csrf-protection know one cookie name each; this hook translates between
 * that name and the prefixed one for the request's cookies and for the cookies the reply sets.
 */
const HOST_PREFIX = "__Host-";

type CookieOptions = Parameters<FastifyReply["setCookie"]>[2];

export function hostCookies(names: readonly string[]) {
  return async function hostCookieNames(request: FastifyRequest, reply: FastifyReply) {
    if (request.protocol !== "https") {
      // A prefixed cookie belongs to HTTPS; over plain HTTP it is ignored.
      for (const name of names) delete request.cookies[HOST_PREFIX + name];
      return;
    }
    for (const name of names) {
      const prefixed = request.cookies[HOST_PREFIX + name];
      if (prefixed === undefined) delete request.cookies[name];
      else request.cookies[name] = prefixed;
    }
    const rename = (name: string) => (names.includes(name) ? HOST_PREFIX + name : name);
    const hostOptions = (name: string, options: CookieOptions = {}): CookieOptions =>
      names.includes(name) ? { ...options, path: "/", secure: true, domain: undefined } : options;
    const setCookie = reply.setCookie.bind(reply);
    const clearCookie = reply.clearCookie.bind(reply);
    reply.setCookie = (name, value, options) => setCookie(rename(name), value, hostOptions(name, options));
    reply.clearCookie = (name, options) => clearCookie(rename(name), hostOptions(name, options));
  };
}
