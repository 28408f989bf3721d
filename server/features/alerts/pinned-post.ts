import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedAddress } from "./push-address";

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
