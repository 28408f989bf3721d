import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../server/db/client";
import { addUser } from "../../server/features/desk/users";

/** The desk's owner account that the tests sign in with. */
export const OWNER = "owner@example.com";
export const PASSWORD = "correct horse battery staple";

/**
 * A browser's view of the desk API over app.inject(): it keeps the cookies the server sets (as a
 * browser would for /api/desk) and the CSRF token the API hands out, and sends both back.
 */
export class DeskClient {
  readonly cookies = new Map<string, string>();
  csrfToken = "";

  constructor(
    private readonly app: FastifyInstance,
    /** The client's address, so throttling tests can be several clients. */
    readonly remoteAddress = "203.0.113.10",
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, ...inject } = options;
    const headers: Record<string, string> = { ...this.extraHeaders, ...(inject.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (csrf && this.csrfToken && inject.method && inject.method !== "GET") headers["x-csrf-token"] = this.csrfToken;
    // A browser sends its page's origin with every write; the desk refuses writes without a same-origin one.
    // (app.inject's Host is localhost:80.)
    const scheme = this.extraHeaders["x-forwarded-proto"] === "https" ? "https" : "http";
    if (inject.method && inject.method !== "GET" && !("origin" in headers)) headers.origin = `${scheme}://localhost:80`;
    const res = await this.app.inject({ remoteAddress: this.remoteAddress, ...inject, headers });
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const gone = c.value === "" || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** GET /api/desk/session: picks up the CSRF token (and its cookie). */
  async session() {
    const res = await this.request({ method: "GET", url: "/api/desk/session" });
    const body = res.json();
    if (body.csrfToken) this.csrfToken = body.csrfToken;
    return res;
  }

  async signIn(email: string, password: string) {
    if (!this.csrfToken) await this.session();
    const res = await this.request({ method: "POST", url: "/api/desk/sign-in", payload: { email, password } });
    if (res.statusCode === 200) this.csrfToken = res.json().csrfToken;
    return res;
  }

  get(url: string) {
    return this.request({ method: "GET", url });
  }

  post(url: string, payload?: unknown, csrf = true) {
    return this.request({ method: "POST", url, payload: payload as InjectOptions["payload"], csrf });
  }
}

/** The owner's account added to `db`, and a desk client on `app` signed in with it. */
export async function signInOwner(app: FastifyInstance, db: Db): Promise<DeskClient> {
  await addUser(db, OWNER, PASSWORD);
  const owner = new DeskClient(app);
  expect((await owner.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
  return owner;
}
