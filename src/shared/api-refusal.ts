/**
 * What our API answers when it refuses a request on purpose: `error` (short), `message` (a sentence a
 * person can act on) and `code`, which is what a client reads to decide what to do. Wording may change;
 * codes do not.
 */
const refusalCodes = [
  /** Fields missing or invalid: `fields` says which. */
  "invalid_fields",
  /** The body is not what the endpoint takes (not an object, not JSON, empty). */
  "bad_request",
  /** The request was not accepted (a filled honeypot): the message says to call. */
  "refused",
  "rate_limited",
  "too_large",
  "unsupported_media_type",
  "method_not_allowed",
  "not_found",
  /** The request's state forbids it (a cancel of a request already done or cancelled). */
  "conflict",
  "server_error",
] as const;

export type RefusalCode = (typeof refusalCodes)[number];

export interface ApiRefusal {
  error: string;
  message: string;
  code: RefusalCode;
}

/** The code of a refusal body, if the text is one of ours. */
export function refusalOf(body: string): (ApiRefusal & Record<string, unknown>) | undefined {
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    if (typeof value?.message !== "string" || !refusalCodes.includes(value.code as RefusalCode)) return undefined;
    return value as ApiRefusal & Record<string, unknown>;
  } catch {
    return undefined;
  }
}
