/**
 * What an error may put in the log. A database error carries the failed query's parameters (the
 * visitor's name, phone, addresses) in its message and fields; only its kind, code and the driver's
 * own reason (which quotes no value) are kept, with the stack for where it happened.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function safeErrorForLog(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "not an Error", stack: "" };
  const cause = (error as { cause?: unknown }).cause;
  const isQueryError = /^Failed query:/.test(error.message) || "params" in error || "query" in error;
  const out: LoggedError = {
    type: error.name,
    message: isQueryError ? "database query failed" : error.message,
    // Where it happened, without the first line (which repeats the message).
    stack: (error.stack ?? "").split("\n").slice(1, 8).join("\n"),
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") out.code = code;
  if (cause instanceof Error) {
    // The driver's error: PostgreSQL's message names the problem, not the data ("invalid byte sequence").
    const dbCode = (cause as { code?: unknown }).code;
    out.cause = { type: cause.name, message: cause.message, ...(typeof dbCode === "string" ? { code: dbCode } : {}) };
  }
  return out;
}
