import type { FastifyRequest } from "fastify";
import { realClientAddress } from "./plugins/forwarded-address";

/**
 * What may reach the log. No value a visitor or the owner typed ever does: a database error carries
 * the failed query's text and parameters (names, phones, notes, searches) in its message, fields and
 * cause, so it is logged by its SQLSTATE code and the name of the query that failed; request lines name
 * the path without its query string (a desk search holds what was searched for).
 */
interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const isQueryError = (error: Error) =>
  /^Failed query:/.test(error.message) || "params" in error || "query" in error || error.name === "DrizzleQueryError";

/** The SQLSTATE of a database error: on the error itself (pg) or on its cause (drizzle wraps it). */
function sqlState(error: Error): string | undefined {
  for (const e of [error, (error as { cause?: unknown }).cause]) {
    const code = (e as { code?: unknown } | undefined)?.code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The query's name: the first function of ours in the stack below the driver (listRequests,
 * recordSignIn, claimDue...), which says what was being done without saying with what.
 */
function queryName(stack: string): string {
  for (const line of stack.split("\n").slice(1)) {
    const frame = /^\s*at (?:async )?([\w$.<>]+) \((?:file:\/\/)?([^)]*)\)/.exec(line);
    if (!frame?.[1] || !frame[2]) continue;
    if (/node_modules|node:/.test(frame[2])) continue;
    // Our code: server/ from source (or through source maps), dist-server/ compiled.
    if (!/\/(dist-)?server\//.test(frame[2])) continue;
    return frame[1].replace(/^Object\./, "");
  }
  return "unknown";
}

export function safeErrorForLog(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "not an Error", stack: "" };
  if (isQueryError(error)) {
    const query = queryName(error.stack ?? "");
    const code = sqlState(error) ?? "unknown";
    return { type: error.name, message: `database query ${query} failed (${code})`, stack: "", code, query };
  }
  const out: LoggedError = {
    type: error.name,
    message: error.message,
    // Where it happened, without the first line (which repeats the message).
    stack: (error.stack ?? "").split("\n").slice(1, 8).join("\n"),
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") out.code = code;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const causeCode = (cause as { code?: unknown }).code;
    // A cause's message may quote data (a driver's error quotes the value it refused): its kind and code only.
    out.cause = { type: cause.name, ...(typeof causeCode === "string" ? { code: causeCode } : {}) };
  }
  return out;
}

/**
 * A path as the log may name it: every private link's token is replaced by ":token", as in the route.
 * A request page's token (/request/{token}, /api/request/{token}/…) opens the driver's page, a
 * /here/{token} (and /api/request-location/{token}) sends a position to a request, and an offer's
 * (/offer/{token}, /api/offer/{token}/…) lets a partner take the job.
 */
const PRIVATE_LINK_PATH = /^(\/(?:api\/)?(?:request|here|request-location|offer)\/)[^/]+/;
export function pathForLog(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path.replace(PRIVATE_LINK_PATH, "$1:token");
}

/** The request as the log line names it: method and path, never the query string nor a page token. */
export function safeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: pathForLog(request.url ?? ""),
    host: request.host,
    remoteAddress: realClientAddress(request),
  };
}
