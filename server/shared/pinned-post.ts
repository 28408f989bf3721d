import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type HostResolver, type PushAddress, pushAddress, type ResolvedAddress } from "./endpoint-address";
import { describeNetworkError } from "./network-error";
import { addressRefusal, type PushEndpointRule } from "./public-endpoint";

export interface PinnedResponse {
  status: number;
}

/** A lookup that answers every name with the one address already checked, in either form Node asks for. */
const lookupPinnedTo =
  (pinned: ResolvedAddress): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

/**
 * POSTs `body` to `url`, connecting to `pinned` whatever the name resolves to now: TLS still checks
 * the certificate against the URL's host name (SNI and verification use the name, only the address
 * is fixed). No connection is pooled, so none made for another address is ever reused. The answer's
 * body is read and dropped; only its status counts.
 */
export function postPinned(
  url: URL,
  pinned: ResolvedAddress,
  request: { headers: Record<string, string | number>; body: Uint8Array | null; signal: AbortSignal },
): Promise<PinnedResponse> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: "POST",
        headers: request.headers,
        lookup: lookupPinnedTo(pinned),
        agent: false,
        signal: request.signal,
      },
      (response) => {
        response.resume();
        response.once("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.once("error", reject);
      },
    );
    outgoing.once("error", reject);
    outgoing.end(request.body ?? undefined);
  });
}

/** How a post to a checked public address ended: the receiver's status, or why nothing was posted. */
export type CheckedPost = { status: number } | { refused: true } | { unresolved: string } | { failed: string };

/**
 * Where a post to an address a person typed may go now: the rule on the address itself (https, a
 * public host), then its name resolved and every address checked. The one check, for sending and for
 * refusing an address when it is entered (a partner's webhook in the desk).
 */
export async function checkAddress(url: URL, rule: PushEndpointRule, resolve: HostResolver): Promise<PushAddress> {
  if (addressRefusal(url.href, rule)) return { refused: true };
  return pushAddress(url, rule, resolve);
}

/**
 * POSTs to an address a person typed (a phone's push endpoint, a partner's webhook): refused unless it
 * passes `rule` (https, a public host), resolved now and connected to the address checked, so a name
 * cannot send us elsewhere; redirects are not followed; given up after `timeoutMs`.
 */
export async function postToCheckedAddress(
  url: URL,
  rule: PushEndpointRule,
  resolve: HostResolver,
  request: { headers: Record<string, string | number>; body: Uint8Array | null; timeoutMs: number },
): Promise<CheckedPost> {
  const where = await checkAddress(url, rule, resolve);
  if ("refused" in where || "unresolved" in where) return where;
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    return await postPinned(url, where.pinned, { headers: request.headers, body: request.body, signal });
  } catch (error) {
    return { failed: signal.aborted ? "timed out" : describeNetworkError(error) };
  }
}
