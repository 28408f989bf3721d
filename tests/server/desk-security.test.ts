import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { deskSignIns } from "../../server/db/schema";
import { SESSION_COOKIE } from "../../server/features/desk/routes";
import { NOT_AN_EMAIL } from "../../server/features/desk/sign-in-log";
import { addUser } from "../../server/features/desk/users";
import { testConfig } from "../support/config";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { validServiceRequest } from "../support/service-request";
import { appOnFreshDatabase } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/**
 * The desk's sign-in throttle under a burst, the client address behind a proxy, and CSRF: the token
 * belongs to the session, and writes come from the desk's own origin.
 */
const PASSWORD = "correct horse battery staple";
const LIMIT = 5;
/** With PostgreSQL the counters go through Redis too (as with several processes), when it answers. */
const redisUrl = process.env.REDIS_URL || undefined;
const isolatedRedis = (url: string) => {
  const u = new URL(url);
  u.pathname = "/12";
  return u.toString();
};

describe.each(databaseTargets)("desk security on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const viaRedis = target.kind === "postgres" && redisUrl !== undefined;
  let users = 0;
  const newUser = async () => {
    const email = `guarded${++users}@example.com`;
    await addUser(db.db, email, PASSWORD);
    return email;
  };
  let clients = 0;
  const newClient = () => new DeskClient(app, `192.0.2.${++clients}`);

  beforeAll(async () => {
    if (!viaRedis || !redisUrl) return;
    const redis = new Redis(isolatedRedis(redisUrl));
    await redis.flushdb();
    redis.disconnect();
  });
  appOnFreshDatabase(
    target,
    {
      trustProxy: 1,
      redisUrl: viaRedis && redisUrl ? isolatedRedis(redisUrl) : undefined,
      deskSignInRateLimit: { max: LIMIT, timeWindowMs: 15 * 60_000 },
    },
    (ready) => ({ app, db } = ready),
  );

  it(`lets at most ${LIMIT} of 20 parallel wrong sign-ins reach the password check; the rest get 429`, async () => {
    const email = await newUser();
    const client = newClient();
    await client.session();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.request({ method: "POST", url: "/api/desk/sign-in", payload: { email, password: `wrong ${i}` } }),
      ),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - LIMIT);
  });

  it("does not sign in with the right password sent inside a burst of wrong ones once the limit is reached", async () => {
    const email = await newUser();
    // Each try from its own address: only the account's counter stands between them and the password.
    const tries = Array.from({ length: 17 }, (_, i) => ({ password: `wrong ${i}`, client: newClient() }));
    const right = { password: PASSWORD, client: newClient() };
    await Promise.all([...tries, right].map((t) => t.client.session()));
    const answers = await Promise.all(
      [...tries, right].map((t) =>
        t.client.request({ method: "POST", url: "/api/desk/sign-in", payload: { email, password: t.password } }),
      ),
    );
    const rightAnswer = answers.at(-1);
    expect(rightAnswer?.statusCode).toBe(429);
    expect(right.client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(LIMIT);
  });

  it("takes the count of a successful sign-in back, so the owner signing in never uses up the allowance", async () => {
    const email = await newUser();
    const client = newClient();
    for (let i = 0; i < LIMIT + 3; i++) expect((await client.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("uses the right-most X-Forwarded-For entry (what the proxy appended): made-up entries to its left change nothing", async () => {
    const email = await newUser();
    const codes: number[] = [];
    for (let n = 0; n < 12; n++) {
      // Each try names another made-up address on the left, and its own account.
      const client = new DeskClient(app, "127.0.0.1", { "x-forwarded-for": `10.${n}.0.1, 198.51.100.77` });
      const res = await client.signIn(n === 0 ? email : `spoof${n}-${email}`, "not the password");
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(codes.slice(LIMIT)).toEqual(Array(12 - LIMIT).fill(429));
    const recorded = await db.db.select().from(deskSignIns).where(eq(deskSignIns.email, email));
    expect(recorded.map((r) => r.clientAddress)).toEqual(["198.51.100.77"]);
  });

  it(`records a typed "e-mail" that is not one as "${NOT_AN_EMAIL}", never what was typed`, async () => {
    const client = newClient();
    expect((await client.signIn("hunter2-my-real-password", "x")).statusCode).toBe(401);
    const rows = await db.db.select().from(deskSignIns).where(eq(deskSignIns.clientAddress, client.remoteAddress));
    expect(rows.map((r) => r.email)).toEqual([NOT_AN_EMAIL]);
  });

  it("refuses, after sign-in, the CSRF token handed out before it", async () => {
    const email = await newUser();
    const client = newClient();
    await client.session();
    const before = client.csrfToken;
    expect((await client.signIn(email, PASSWORD)).statusCode).toBe(200);
    expect(client.csrfToken).not.toBe(before);
    const old = await client.request({
      method: "POST",
      url: "/api/desk/requests/1/notes",
      payload: { note: "with the old token" },
      headers: { "x-csrf-token": before },
      csrf: false,
    });
    expect(old.statusCode).toBe(403);
    // The session's own token works.
    expect((await client.post("/api/desk/requests/1/notes", { note: "with the session's token" })).statusCode).toBe(
      404,
    );
  });

  it("refuses another session's token (and its CSRF cookie) with this session", async () => {
    const [alice, bob] = [newClient(), newClient()];
    expect((await alice.signIn(await newUser(), PASSWORD)).statusCode).toBe(200);
    expect((await bob.signIn(await newUser(), PASSWORD)).statusCode).toBe(200);
    const session = alice.cookies.get(SESSION_COOKIE) ?? "";
    const csrfCookie = bob.cookies.get("desk_csrf");
    const res = await app.inject({
      method: "POST",
      url: "/api/desk/sign-out",
      remoteAddress: alice.remoteAddress,
      headers: {
        origin: "http://localhost:80",
        "x-csrf-token": bob.csrfToken,
        cookie: `${SESSION_COOKIE}=${session}${csrfCookie ? `; desk_csrf=${csrfCookie}` : ""}`,
      },
    });
    expect(res.statusCode).toBe(403);
    expect((await alice.get("/api/desk/requests")).statusCode).toBe(200);
  });

  it("refuses writes from a foreign Origin, or with neither Origin nor Sec-Fetch-Site: same-origin", async () => {
    const email = await newUser();
    const client = newClient();
    await client.session();
    const foreignSignIn = await client.request({
      method: "POST",
      url: "/api/desk/sign-in",
      payload: { email, password: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(foreignSignIn.statusCode).toBe(403);
    expect(foreignSignIn.json().error).toMatch(/desk's own page/);
    expect((await client.signIn(email, PASSWORD)).statusCode).toBe(200);

    const note = (headers: Record<string, string>) =>
      client.request({ method: "POST", url: "/api/desk/requests/1/notes", payload: { note: "n" }, headers });
    expect((await note({ origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await note({ origin: "null" })).statusCode).toBe(403);
    expect((await note({ origin: "http://localhost:8080" })).statusCode).toBe(403);
    // Without Origin, the browser's Sec-Fetch-Site decides.
    const noOrigin = { origin: "" };
    expect((await note({ ...noOrigin, "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await note({ ...noOrigin, "sec-fetch-site": "same-site" })).statusCode).toBe(403);
    expect((await note({ ...noOrigin, "sec-fetch-site": "same-origin" })).statusCode).toBe(404);
    expect((await note({ origin: "http://localhost" })).statusCode).toBe(404);
  });
});

describe("TRUST_PROXY", () => {
  it("takes a hop count or proxy addresses, and refuses true (which would trust every address)", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8, ::1" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY=true would trust every address/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example" })).toThrow(/proxy.example is not an address/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/not an address/);
  });

  it("refuses what acts like trusting everyone: more than 5 hops, ranges wider than a /8 or a /32, and says why", () => {
    expect(loadConfig({ TRUST_PROXY: "5" }).trustProxy).toBe(5);
    expect(() => loadConfig({ TRUST_PROXY: "6" })).toThrow(/TRUST_PROXY=6 trusts more proxies.*at most 5.*choose/);
    expect(() => loadConfig({ TRUST_PROXY: "99" })).toThrow(/TRUST_PROXY=99 trusts more proxies/);
    expect(() => loadConfig({ TRUST_PROXY: "0.0.0.0/1,128.0.0.0/1" })).toThrow(
      /0\.0\.0\.0\/1 is wider than a \/8; 128\.0\.0\.0\/1 is wider than a \/8.*trusts addresses on the internet/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/7" })).toThrow(/10\.0\.0\.0\/7 is wider than a \/8/);
    expect(() => loadConfig({ TRUST_PROXY: "::/0" })).toThrow(/::\/0 is wider than a \/32/);
    expect(() => loadConfig({ TRUST_PROXY: "2001:db8::/31" })).toThrow(/is wider than a \/32/);
    // All of IPv4, written as IPv4-mapped IPv6.
    expect(() => loadConfig({ TRUST_PROXY: "::ffff:0.0.0.0/96" })).toThrow(/::ffff:0\.0\.0\.0\/96 is wider than a \/8/);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 2001:db8::/32, fd00::/48, loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "2001:db8::/32",
      "fd00::/48",
      "loopback",
    ]);
  });

  it("judges an IPv6 range by the addresses it covers, not by how it is spelled", () => {
    // Each of these covers every IPv4 address (as IPv4-mapped IPv6) or half of them: a visitor anywhere
    // could write their own address. The IPv4-mapped block is judged as the IPv4 range it is.
    for (const spelling of [
      "::/32",
      "::/80",
      "0:0:0:0:0:ffff:0:0/96",
      "0::ffff:0:0/96",
      "0:0:0:0:0:ffff:0.0.0.0/97",
      "::FFFF:0:0/100",
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: spelling }), spelling).toThrow(/is wider than a \/8/);
    }
    // The same spellings narrowed to a real proxy's network still pass: a /8 of IPv4, mapped or not.
    expect(loadConfig({ TRUST_PROXY: "0:0:0:0:0:ffff:a00:0/104, ::ffff:10.0.0.0/104" }).trustProxy).toEqual([
      "0:0:0:0:0:ffff:a00:0/104",
      "::ffff:10.0.0.0/104",
    ]);
    expect(loadConfig({ TRUST_PROXY: "::1, 0:0:0:0:0:0:0:1, 2001:db8::/32, 2001:DB8:0:0::/48" }).trustProxy).toEqual([
      "::1",
      "0:0:0:0:0:0:0:1",
      "2001:db8::/32",
      "2001:db8:0:0::/48",
    ]);
  });

  it("takes a right-most entry that is not an IP as no address: the connection's counts, logged once, never typed", async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ trustProxy: ["127.0.0.1"], chatRateLimit: { max: 2, timeWindowMs: 60_000 } }),
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
      site: emptyTestSite(),
    });
    app.get("/whoami", async (request) => ({ ip: request.ip }));
    const ask = (xff: string) =>
      app
        .inject({ url: "/whoami", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": xff } })
        .then((r) => r.json().ip);
    expect(await ask("10.0.0.1, garbage-typed-here")).toBe("127.0.0.1");
    expect(await ask("198.51.100.1, not-an-address-either")).toBe("127.0.0.1");
    expect(await ask("10.0.0.1, 198.51.100.9")).toBe("198.51.100.9");
    // A limit counts such requests by the connection: varying the garbage is no way around it.
    const chat: number[] = [];
    for (let n = 0; n < 4; n++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/chat",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": `10.0.0.1, junk${n}` },
        payload: { text: "Do you tow in Lodi?" },
      });
      chat.push(res.statusCode);
    }
    expect(chat).toEqual([200, 200, 429, 429]);
    const said = lines.filter((l) => l.includes("not an IP address"));
    expect(said).toHaveLength(1);
    const log = lines.join("\n");
    expect(log).not.toMatch(/garbage-typed-here|not-an-address-either|junk\d/);
    await app.close();
  });

  it("with the proxy's address, takes the client from the right: made-up entries change nothing", async () => {
    const app = await buildApp({
      config: testConfig({ trustProxy: ["127.0.0.1"] }),
      logger: false,
      site: emptyTestSite(),
    });
    app.get("/whoami", async (request) => ({ ip: request.ip }));
    const ask = (remoteAddress: string, xff: string) =>
      app.inject({ url: "/whoami", remoteAddress, headers: { "x-forwarded-for": xff } }).then((r) => r.json().ip);
    expect(await ask("127.0.0.1", "10.9.0.1, 198.51.100.1")).toBe("198.51.100.1");
    // Not from the proxy: the header is the client's own words, and ignored.
    expect(await ask("203.0.113.5", "198.51.100.1")).toBe("203.0.113.5");
    await app.close();
  });
});

describe("spoofed X-Forwarded-For on the public limits", () => {
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  const [pglite] = databaseTargets;
  if (!pglite) throw new Error("no database target");
  appOnFreshDatabase(
    pglite,
    {
      trustProxy: 1,
      serviceRequestRateLimit: { max: 5, timeWindowMs: 600_000 },
      chatRateLimit: { max: 20, timeWindowMs: 60_000 },
    },
    (ready) => ({ app, db } = ready),
  );
  const spoofed = (n: number) => ({ "x-forwarded-for": `10.${n}.0.1, 198.51.100.1` });

  it("holds the service-request limit (5) and the chat limit (20) whatever the left-most entry says", async () => {
    const contact: number[] = [];
    for (let n = 0; n < 8; n++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: "127.0.0.1",
        headers: spoofed(n),
        payload: validServiceRequest,
      });
      contact.push(res.statusCode);
    }
    expect(contact).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const chat: number[] = [];
    for (let n = 0; n < 24; n++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/chat",
        remoteAddress: "127.0.0.1",
        headers: spoofed(n),
        payload: { text: "Do you tow in Lodi?" },
      });
      chat.push(res.statusCode);
    }
    expect(chat.filter((c) => c === 200)).toHaveLength(20);
    expect(chat.slice(20)).toEqual([429, 429, 429, 429]);
  });
});
