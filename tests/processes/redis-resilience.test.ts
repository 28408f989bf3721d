import net from "node:net";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { addUser } from "../../server/features/desk/users";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { numberedServiceRequest } from "../support/service-request";
import { type PausingProxy, startPausingProxy } from "../support/tcp-proxy";
import { emptyTestSite } from "../support/test-site";

/**
 * A Redis that stops answering (a local TCP proxy in front of the real one, paused: the connection stays
 * open, nothing comes back) or is not there at all. Service requests and chat answers do not wait on it
 * for longer than REDIS_TIMEOUT_MS, their limits count in memory meanwhile, the desk's sign-in throttle
 * still says 429, and /api/health says Redis is degraded. Needs the real Redis (REDIS_URL, as CI sets).
 */
const redisUrl = process.env.REDIS_URL || undefined;
const PASSWORD = "correct horse battery staple";

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

const pglite = databaseTargets.find((t) => t.kind === "pglite");
const pgliteTarget = () => {
  if (!pglite) throw new Error("no PGlite target");
  return pglite;
};

/** Polls `check` until it holds (10 s at most): for a state the app reaches in the background. */
async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(redisUrl && pglite)("a Redis that goes silent", () => {
  let proxy: PausingProxy;
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    const target = new URL(redisUrl ?? "redis://127.0.0.1:6379");
    const flush = new Redis(`${redisUrl}/13`);
    await flush.flushdb();
    flush.disconnect();
    proxy = await startPausingProxy(Number(target.port || 6379), target.hostname);
    db = await openTestDatabase(pgliteTarget());
    app = await buildApp({
      config: testConfig({
        redisUrl: `redis://127.0.0.1:${proxy.port}/13`,
        serviceRequestRateLimit: { max: 5, timeWindowMs: 600_000 },
        chatRateLimit: { max: 3, timeWindowMs: 60_000 },
      }),
      logger: false,
      site: emptyTestSite(),
      db,
    });
    await app.ready();
  });
  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await db?.close();
    await proxy?.close();
  });

  const contact = (n: number) =>
    timed(() =>
      app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: "203.0.113.50",
        payload: numberedServiceRequest(n),
      }),
    );
  const chat = () =>
    timed(() =>
      app.inject({ method: "POST", url: "/api/chat", remoteAddress: "203.0.113.51", payload: { text: "Hours?" } }),
    );
  const health = async () => (await app.inject({ url: "/api/health" })).json() as { status: string; redis: string };

  it("answers service requests and chat within 1 s while Redis is silent, and still enforces their limits", async () => {
    // The app connects to Redis in the background after it starts.
    await until(async () => (await health()).redis === "ok");
    // One request and one chat message counted while Redis answers.
    expect((await contact(0)).result.statusCode).toBe(201);
    expect((await chat()).result.statusCode).toBe(200);

    proxy.pause();
    const contacts = [];
    for (let n = 1; n <= 5; n++) contacts.push(await contact(n));
    const chats = [];
    for (let n = 0; n < 3; n++) chats.push(await chat());

    for (const { ms } of [...contacts, ...chats]) expect(ms).toBeLessThan(1000);
    // The limit of 5 holds from this process's own count: 4 more stored, then 429.
    expect(contacts.map((c) => c.result.statusCode)).toEqual([201, 201, 201, 201, 429]);
    expect(chats.map((c) => c.result.statusCode)).toEqual([200, 200, 429]);

    const during = await timed(health);
    expect(during.result).toMatchObject({ status: "degraded", redis: "degraded" });
    expect(during.ms).toBeLessThan(1000);

    proxy.resume();
    await until(async () => (await health()).redis === "ok");
    expect(await health()).toMatchObject({ status: "ok", redis: "ok" });
  });
});

describe("the desk's sign-in throttle with Redis down", () => {
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase(pgliteTarget());
    app = await buildApp({
      config: testConfig({
        redisUrl: `redis://127.0.0.1:${await closedPort()}`,
        deskSignInRateLimit: { max: 5, timeWindowMs: 15 * 60_000 },
      }),
      logger: false,
      site: emptyTestSite(),
      db,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("still answers 429 after 5 wrong passwords (it counts in memory), and /api/health says degraded", async () => {
    await addUser(db.db, "owner@example.com", PASSWORD);
    const client = new DeskClient(app, "203.0.113.60");
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await client.signIn("owner@example.com", `wrong ${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await client.signIn("owner@example.com", PASSWORD)).statusCode).toBe(429);
    const health = (await app.inject({ url: "/api/health" })).json();
    expect(health).toMatchObject({ status: "degraded", redis: "degraded" });
  });
});
