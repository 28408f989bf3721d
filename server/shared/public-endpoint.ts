import { BlockList, isIP } from "node:net";

/**
 * Which push endpoints the server will POST to. A subscription's endpoint is chosen by whoever signs
 * in to the desk, and the outbox then posts to it from inside our network: without this rule a
 * signed-in account (or a stolen session) could make the server send requests to its own machine or
 * to private services. Browsers' push services (FCM, Mozilla, Apple, Microsoft) are https on public
 * hosts, so that is all that is taken. This rule reads the endpoint alone: literal addresses, local
 * names and special-use domains. A public name that resolves to a private address is caught by the
 * sender, which resolves the name before each push and connects to the address it checked
 * (push-address.ts).
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
  ["::", 96], // unspecified, loopback, and the old IPv4-compatible form (::127.0.0.1)
  ["::ffff:0:0:0", 96], // IPv4-translated (RFC 2765): an IPv4 address in another IPv6 wrapping
  ["64:ff9b::", 96], // NAT64, likewise
  ["64:ff9b:1::", 48], // local-use NAT64
  ["2001::", 32], // Teredo, which embeds an IPv4 address
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

/** Whether an address (IPv4 or IPv6, IPv4-mapped too) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  return !notPublic.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** This machine's own addresses: 127.0.0.0/8 and ::1, as such or IPv4-mapped. */
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");
export function isLoopbackAddress(address: string): boolean {
  const version = isIP(address);
  return version !== 0 && loopback.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** The URL's host as a bare name or address: no IPv6 brackets, no trailing dots, lower case. */
export const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "")
    .toLowerCase();

/**
 * Top-level names that are never a push service on the internet: special-use (RFC 6761: localhost,
 * test, invalid, example; RFC 6762: local; RFC 7686: onion; RFC 9476: alt), ICANN's private-use
 * "internal" (cloud metadata services live there: metadata.google.internal), arpa (home.arpa and the
 * reverse zones), and the names intranets commonly use.
 */
const LOCAL_TOP_LEVEL_NAMES = new Set([
  "localhost",
  "local",
  "internal",
  "test",
  "invalid",
  "example",
  "onion",
  "alt",
  "arpa",
  "intranet",
  "lan",
  "home",
  "corp",
  "localdomain",
]);

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

/** Why an address a person typed is refused: not https, or not a host on the public internet. */
export type AddressRefusal = "not-https" | "not-public";

/**
 * The rule for every address the server posts to because a person typed it (a phone's push endpoint,
 * a partner's webhook), read from the address alone; the caller says it in its own words. Undefined
 * when it passes (the name is then resolved and checked again before each post: pinned-post.ts).
 */
export function addressRefusal(endpoint: string, rule: PushEndpointRule = {}): AddressRefusal | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not-https";
  }
  const host = bareHost(url);
  if (rule.allowLoopback && isLoopbackHost(host) && (url.protocol === "http:" || url.protocol === "https:")) {
    return undefined;
  }
  if (url.protocol !== "https:") return "not-https";
  const version = isIP(host);
  if (version !== 0) return isPublicAddress(host) ? undefined : "not-public";
  // A name with no dot (intranet, localhost) is found on the local network, never on the internet; nor is
  // one with an empty label (push..example) or under a local or special-use top-level name.
  const labels = host.split(".");
  if (labels.length < 2 || labels.some((l) => l === "") || isLoopbackHost(host)) return "not-public";
  if (LOCAL_TOP_LEVEL_NAMES.has(labels[labels.length - 1] ?? "")) return "not-public";
  return undefined;
}

/** Why the server will not post to this push endpoint, in words for the desk; undefined when it will. */
export function pushEndpointRefusal(endpoint: string, rule: PushEndpointRule = {}): string | undefined {
  const refusal = addressRefusal(endpoint, rule);
  if (!refusal) return undefined;
  return refusal === "not-https" ? PUSH_ENDPOINT_NOT_HTTPS : PUSH_ENDPOINT_NOT_PUBLIC;
}
