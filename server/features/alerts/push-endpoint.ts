import { BlockList, isIP } from "node:net";

/**
 * Which push endpoints the server will POST to. A subscription's endpoint is chosen by whoever signs
 * in to the desk, and the outbox then posts to it from inside our network: without this rule a
 * signed-in account (or a stolen session) could make the server send requests to its own machine or
 * to private services. Browsers' push services (FCM, Mozilla, Apple, Microsoft) are https on public
 * hosts, so that is all that is taken. A public name that resolves to a private address is not caught
 * here (that would need the address pinned at connection time); literal addresses and local names are.
 */

/**
 * Addresses that are not on the public internet: this host, private networks, link-local, and the
 * reserved ranges. BlockList checks an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4
 * rules by itself (and a ::ffff:0:0/96 rule would match every IPv4 address, so there is none).
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services among them
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64, likewise
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4, which can embed a private IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // the old site-local
  ["ff00::", 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/** The URL's host as a bare name or address: no IPv6 brackets, no trailing dot, lower case. */
const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();

const isLoopbackHost = (host: string) =>
  host === "localhost" || host.endsWith(".localhost") || host === "::1" || host.startsWith("127.");

export const PUSH_ENDPOINT_NOT_HTTPS = "The push endpoint must be an https address.";
export const PUSH_ENDPOINT_NOT_PUBLIC =
  "The push endpoint must be a push service on the internet, not a private, local or reserved address.";

export interface PushEndpointRule {
  /**
   * WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS, for tests only: endpoints on this machine (127.0.0.1, ::1,
   * localhost), over http or https, are taken too, for a local stand-in of a push service.
   */
  allowLoopback?: boolean;
}

/** Why the server will not post to this endpoint, in words for the desk; undefined when it will. */
export function pushEndpointRefusal(endpoint: string, rule: PushEndpointRule = {}): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_NOT_HTTPS;
  }
  const host = bareHost(url);
  if (rule.allowLoopback && isLoopbackHost(host) && (url.protocol === "http:" || url.protocol === "https:")) {
    return undefined;
  }
  if (url.protocol !== "https:") return PUSH_ENDPOINT_NOT_HTTPS;
  const version = isIP(host);
  if (version !== 0)
    return notPublic.check(host, version === 4 ? "ipv4" : "ipv6") ? PUSH_ENDPOINT_NOT_PUBLIC : undefined;
  // A name with no dot (intranet, localhost) is found on the local network, never on the internet.
  if (!host.includes(".") || isLoopbackHost(host)) return PUSH_ENDPOINT_NOT_PUBLIC;
  return undefined;
}
