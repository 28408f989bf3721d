import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { clientKeyOf } from "./client-key";

interface ConnectionLimitsOptions {
  /** Open connections one address may hold; 0 turns the cap off. */
  maxPerClient: number;
}

/**
 * One host cannot take every connection the server has: past the cap, its new connections are
 * closed at once, before a byte is read, while everyone else is served. Counted by the socket's own
 * address (an IPv6 one by its /64, as every limit): behind a proxy that is the proxy, which should then
 * cap clients itself (set 0 here).
 */
async function connectionLimits(app: FastifyInstance, opts: ConnectionLimitsOptions) {
  if (opts.maxPerClient <= 0) return;
  const open = new Map<string, number>();
  app.server.on("connection", (socket: Socket) => {
    // The app's one client key: an IPv6 client rotating through its /64 is still one client.
    const address = clientKeyOf(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > opts.maxPerClient) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

export default fp(connectionLimits, { name: "connection-limits" });
