import type { FastifyRequest } from "fastify";
import ipaddr from "ipaddr.js";

/**
 * Who a limit counts a request against: the client's address, with an IPv6 address cut to its /64
 * (one home or one server is given a whole /64, and can rotate through it at will) and an
 * IPv4-mapped IPv6 address (::ffff:198.51.100.7, however it is written) said as the IPv4 address it is.
 * The one key for every limit in the app: contact, chat, events, the request page's lookups and streams,
 * the offer page, the /here link and "Send my location again", the desk sign-in per client, and the
 * connections one client may hold open. The address is parsed (ipaddr.js), so its spelling does not matter.
 */
export const CLIENT_IPV6_PREFIX = 64;

export function clientKeyOf(address: string | undefined): string {
  // A request whose connection is already gone has no address; such requests share one key.
  if (!address) return "unknown";
  // Not an address at all (never from a socket or a trusted proxy): kept as said, in one case.
  if (!ipaddr.isValid(address)) return address.toLowerCase();
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return ip.toString();
  const bytes = ip.toByteArray();
  bytes.fill(0, CLIENT_IPV6_PREFIX / 8);
  return ipaddr.fromByteArray(bytes).toString();
}

export const clientKey = (request: FastifyRequest): string => clientKeyOf(request.ip);
