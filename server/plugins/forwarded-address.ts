import { isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/**
 * The client's address as the app may use it: what the trusted proxies said (request.ip) when that is
 * an IP address, else the connection's own address. A proxy appends a real address; an entry that is
 * not one ("10.0.0.1, garbage") was written by someone else, so it names no client.
 */
export function realClientAddress(request: FastifyRequest): string | undefined {
  const said = request.ip;
  return said && isIP(said) !== 0 ? said : request.raw.socket?.remoteAddress;
}

/**
 * Behind trusted proxies (TRUST_PROXY): a request whose X-Forwarded-For gives as its client an entry that
 * is not an IP address is treated as having no forwarded address at all. The header is dropped before any
 * limit or route reads request.ip, so the connection's address counts instead (the proxy's: all such
 * requests then share one allowance, which is what a client gets for sending what no proxy writes). Said
 * in the log once per process, without the entry itself (a visitor typed it).
 */
async function forwardedAddress(app: FastifyInstance) {
  let told = false;
  app.addHook("onRequest", async (request) => {
    if (isIP(request.ip ?? "") !== 0) return;
    delete request.raw.headers["x-forwarded-for"];
    if (!told) {
      told = true;
      request.log.warn(
        "X-Forwarded-For named a client that is not an IP address; the connection's address is used instead " +
          "(said once: later requests like it are not logged)",
      );
    }
  });
}

export default fp(forwardedAddress, { name: "forwarded-address" });
