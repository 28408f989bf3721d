import { QueryCache, QueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/screens/common/api-client";
import type { DeskSession, DeskSignedOut } from "@/shared/desk-schema";

export const SESSION_KEY = ["/api/desk/session"] as const;
export type SessionState = { signedIn: true; session: DeskSession } | { signedIn: false; signedOut: DeskSignedOut };

/** True when a query failed because the session is gone (expired, signed out elsewhere, user removed). */
const isSignedOutError = (error: unknown) => error instanceof Error && error.message.startsWith("401:");

/**
 * The desk's query client with the specification's data-fetching defaults (section 7): no retries
 * for queries or mutations, no refetch on window focus, no interval refetch, data never stale, and
 * a default query that GETs the first element of the key with cookies and parses JSON (a non-OK
 * answer is an Error "status: body"). Views that need fresher data say so on their own query.
 */
export function createDeskQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 anywhere means the session ended: ask the session again, which shows the sign-in form.
      onError: (error) => {
        if (isSignedOutError(error)) void client.invalidateQueries({ queryKey: SESSION_KEY });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => getJson(String(queryKey[0])),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * The session query: here a 401 is an answer, not an error (it carries the CSRF token the sign-in
 * form needs), so this one query reads it itself.
 */
export async function fetchSession(): Promise<SessionState> {
  const res = await fetch(SESSION_KEY[0], { credentials: "include" });
  if (res.status === 401) return { signedIn: false, signedOut: (await res.json()) as DeskSignedOut };
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => "")) || res.statusText}`);
  return { signedIn: true, session: (await res.json()) as DeskSession };
}

function csrfTokenOf(client: QueryClient): string {
  const state = client.getQueryData<SessionState>(SESSION_KEY);
  if (!state) return "";
  return state.signedIn ? state.session.csrfToken : state.signedOut.csrfToken;
}

/** A state change: the method, path and JSON body, with the CSRF token the session handed out. */
export async function deskSend(client: QueryClient, method: string, path: string, body?: unknown): Promise<Response> {
  return apiRequest(method, path, body, { "X-CSRF-Token": csrfTokenOf(client) });
}

/** The message of an API error, without the "status: " prefix and JSON wrapping, for a person. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return "Something went wrong.";
  const body = error.message.replace(/^\d{3}: /, "");
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof parsed.message === "string" && parsed.error !== "Forbidden") return parsed.message;
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // not JSON: the text itself
  }
  return body;
}

/** Every cached list and request, after a change. */
export const invalidateRequests = (client: QueryClient) =>
  client.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith("/api/desk/") && q.queryKey[0] !== SESSION_KEY[0],
  });
