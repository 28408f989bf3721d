import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { bareHost, isLoopbackAddress, isPublicAddress, type PushEndpointRule } from "./public-endpoint";

/** An address a name resolves to, as node:dns gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (A and AAAA); injectable so tests answer for names of their own. */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

/** The system's resolver, all addresses, in the order it gives them. */
export const systemResolver: HostResolver = (host) => lookup(host, { all: true, order: "verbatim" });

/**
 * Where a push may connect: the one address, checked, it must connect to (pinned), or why not.
 * "refused": the name resolves to an address off the public internet (the subscription is then
 * forgotten, as one the static rule refuses); "unresolved": the name gave no address (tried again later).
 */
export type PushAddress = { pinned: ResolvedAddress } | { refused: true } | { unresolved: string };

/**
 * Resolves the endpoint's host and checks every address it gives, before each push: a public name an
 * attacker points at 169.254.169.254, 10.0.0.5 or ::ffff:127.0.0.1 (DNS rebinding, or a record they
 * control) is refused, and the connection then goes to the address checked here, never to what a
 * second lookup at connection time might give. One address that is not public refuses the whole name:
 * which one a connection would take is not ours to choose.
 */
export async function pushAddress(
  endpoint: URL,
  rule: PushEndpointRule,
  resolve: HostResolver = systemResolver,
): Promise<PushAddress> {
  const host = bareHost(endpoint);
  let addresses: ResolvedAddress[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { unresolved: `the push service's name did not resolve${typeof code === "string" ? ` (${code})` : ""}` };
    }
  }
  const [first] = addresses;
  if (!first) return { unresolved: "the push service's name resolved to no address" };
  const allowed = (a: ResolvedAddress) =>
    isPublicAddress(a.address) || (rule.allowLoopback === true && isLoopbackAddress(a.address));
  if (!addresses.every(allowed)) return { refused: true };
  return { pinned: { address: first.address, family: isIP(first.address) } };
}
