import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";

/**
 * Who a limit counts a request against: the client's address, with an IPv6 address cut to its /64
 * (one home or one server is given a whole /64, and can rotate through it at will) and an
 * IPv4-mapped IPv6 address said as IPv4. The one key for every limit in the app: contact, chat, the
 * request page's lookups and streams, and the desk sign-in per client. It is @fastify/rate-limit's own
 * normalization, so limits counted by hand and limits the plugin counts agree.
 */
export const CLIENT_IPV6_PREFIX = 64;

export function clientKeyOf(address: string | undefined): string {
  // A request whose connection is already gone has no address; such requests share one key.
  return address ? normalizeIP(address, CLIENT_IPV6_PREFIX) : "unknown";
}

export const clientKey = (request: FastifyRequest): string => clientKeyOf(request.ip);
