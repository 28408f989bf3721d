/** Network errors said by their code ("ECONNREFUSED"), which names no person and no secret. */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  const code = (error as { code?: unknown })?.code ?? cause?.code;
  if (typeof code === "string") return `network error ${code}`;
  if (error instanceof Error && error.name === "TimeoutError") return "timed out";
  return "network error";
}
