/**
 * Calls the site's own API the way the specification describes: the given method and path, JSON
 * content type and body only when there is a body, cookies sent. A non-success answer becomes an
 * Error whose message is "status: body" (the status text when the body is empty). `headers` adds
 * to that (the desk sends its CSRF token this way).
 */
/** A non-success answer of our own API; its message is the specification's "status: body". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = "ApiError";
  }
}

export async function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  /** Ends the request (a time limit, `AbortSignal.timeout`): the call then fails as a network error would. */
  signal?: AbortSignal,
): Promise<Response> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    signal,
  });
  if (!res.ok) {
    const text = (await res.text().catch(() => "")) || res.statusText;
    throw new ApiError(res.status, text);
  }
  return res;
}

/** The specification's default data fetch: a GET of the path, with cookies, parsed as JSON. */
export async function getJson<T = unknown>(path: string): Promise<T> {
  const res = await apiRequest("GET", path);
  return (await res.json()) as T;
}
