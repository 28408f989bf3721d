import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { rowsOf } from "../../server/db/rows";
import { siteEventCounts } from "../../server/db/schema";
import { EVENTS_PER_CLIENT_PER_DAY } from "../../server/features/events/once-per-client";
import type { SiteFiles } from "../../server/site-files";
import { siteEventCountColumns, siteEventPlacements } from "../../src/shared/event-schema";
import { site as business } from "../../src/shared/site";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { emptyTestSite } from "../support/test-site";

/** A built site of a few pages, the 404 pages and the request page's shells: what events may name. */
const site: SiteFiles = {
  ...emptyTestSite(),
  routes: new Map([
    ["/", "index.html"],
    ["/es", "es/index.html"],
    ["/services/towing", "services/towing.html"],
    ["/_astro/app.js", "_astro/app.js"],
  ]),
  notFoundPage: "404.html",
};

const headerTap = { name: "call_tap", placement: "header", page: "/services/towing", language: "en" };

describe.each(databaseTargets)("POST /api/events on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  // 07:30 UTC on 1 March is still 28 February in Stockton (PST, UTC-8): the count belongs to the 28th.
  let clock = new Date("2026-03-01T07:30:00Z");

  // Each send from its own address unless one is given: only the rate limit's test counts one client.
  let sender = 0;
  const send = (body: unknown, headers: Record<string, string> = {}, remoteAddress = `198.51.100.${++sender % 250}`) =>
    app.inject({
      method: "POST",
      url: "/api/events",
      remoteAddress,
      // What navigator.sendBeacon sends for a string.
      headers: { "content-type": "text/plain;charset=UTF-8", ...headers },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  const counts = () =>
    db.db.select().from(siteEventCounts).orderBy(siteEventCounts.day, siteEventCounts.name, siteEventCounts.placement);

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({ eventsRateLimit: { max: 12, timeWindowMs: 60_000 } }),
      logger: false,
      site,
      db,
      eventsClock: () => clock,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.db.execute(sql`delete from ${siteEventCounts}`);
    clock = new Date("2026-03-01T07:30:00Z");
  });

  it("counts a beacon's tap once per send, on the business's day, and sets no cookie", async () => {
    const res = await send(headerTap, { origin: "http://localhost:80", "sec-fetch-site": "same-origin" });
    expect(res.statusCode).toBe(204);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await counts()).toEqual([
      { day: "2026-02-28", name: "call_tap", page: "/services/towing", placement: "header", language: "en", count: 1 },
    ]);
    // JSON is taken too; the same key counts up, another day gets its own row.
    const json = await app.inject({
      method: "POST",
      url: "/api/events",
      remoteAddress: "198.51.100.8",
      headers: { "content-type": "application/json" },
      payload: headerTap,
    });
    expect(json.statusCode).toBe(204);
    clock = new Date("2026-03-01T08:30:00Z");
    expect((await send(headerTap)).statusCode).toBe(204);
    expect((await counts()).map((r) => [r.day, r.count])).toEqual([
      ["2026-02-28", 2],
      ["2026-03-01", 1],
    ]);
  });

  it("takes every name with each of its placements, and the private page by its template", async () => {
    for (const [name, placements] of Object.entries(siteEventPlacements)) {
      for (const placement of placements) {
        const res = await send({ name, placement, page: "/request", language: "es" });
        expect(res.statusCode, `${name} ${placement}`).toBe(204);
      }
    }
    const total = Object.values(siteEventPlacements).reduce((sum, p) => sum + p.length, 0);
    expect((await counts()).length).toBe(total);
  });

  it.each([
    ["an unknown name", { ...headerTap, name: "page_view" }, /Unknown event: send one of call_tap, form_started/],
    [
      "a placement of another name",
      { ...headerTap, name: "form_sent" },
      /Unknown placement for form_sent: send one of form/,
    ],
    ["a made-up placement", { ...headerTap, placement: "sidebar" }, /Unknown placement for call_tap/],
    ["a query string", { ...headerTap, page: "/services/towing?utm_source=x" }, /path of this site/],
    ["a private page's token", { ...headerTap, page: "/request/AbC_dEf-123" }, /path of this site/],
    ["a path that is no page", { ...headerTap, page: "/nowhere" }, /not a page of this site/],
    ["a file that is no page", { ...headerTap, page: "/_astro/app.js" }, /path of this site|not a page/],
    ["a long path", { ...headerTap, page: `/${"a".repeat(200)}` }, /at most 120 characters/],
    ["another language", { ...headerTap, language: "fr" }, /language must be one of en, es/],
    ["an identifier", { ...headerTap, visitor: "abc123" }, /Send only name, placement, page and language/],
    ["not JSON", "call_tap header", /Send one event as JSON/],
    ["a list", [headerTap], /Send one event as JSON/],
  ])("refuses %s with a 400 that says what to send, and counts nothing", async (_what, body, message) => {
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(res.json().message).toContain(business.phone.display);
    expect(await counts()).toEqual([]);
  });

  it("refuses another site's page (its Origin or Sec-Fetch-Site), and a body larger than an event", async () => {
    expect((await send(headerTap, { origin: "https://elsewhere.example" })).statusCode).toBe(403);
    expect((await send(headerTap, { "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    const big = await send({ ...headerTap, page: `/${"a".repeat(600)}` });
    expect(big.statusCode).toBe(413);
    expect(await counts()).toEqual([]);
  });

  it("is rate limited per client, with a 429 that names the phone", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await send(headerTap, {}, "203.0.113.99")).statusCode);
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(204));
    expect(statuses[12]).toBe(429);
    const refused = await send(headerTap, {}, "203.0.113.99");
    expect(refused.json().message).toContain(business.phone.display);
    // Twelve sends of one event from one client are one count.
    expect((await counts())[0]?.count).toBe(1);
  });

  it("stores nothing personal: the table's columns are exactly day, name, page, placement, language and count", async () => {
    const result = await rowsOf<{ column_name: string }>(
      db.db,
      sql`
      select column_name from information_schema.columns
      where table_name = 'site_event_counts' and table_schema = current_schema()
      order by column_name`,
    );
    expect(result.map((r) => r.column_name)).toEqual([...siteEventCountColumns].sort());
  });
});

describe.each(databaseTargets)("event counts a client cannot inflate, on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let clock = new Date("2026-03-02T18:00:00Z");
  const post = (body: unknown, remoteAddress: string) =>
    app.inject({
      method: "POST",
      url: "/api/events",
      remoteAddress,
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify(body),
    });
  const total = async () => (await db.db.select().from(siteEventCounts)).reduce((sum, row) => sum + row.count, 0);
  /** An address of one home's /64 (2001:db8:e:<net>::/64), a new one for each i. */
  const inHome = (net: number, i: number) => `2001:db8:e:${net}:${(i + 1).toString(16)}:0:0:${(i + 7).toString(16)}`;
  const formSent = { name: "form_sent", placement: "form", page: "/", language: "en" };

  beforeAll(async () => {
    db = await openTestDatabase(target);
    // A generous per-minute limit, so what is measured here is the daily rule alone.
    app = await buildApp({
      config: testConfig({ eventsRateLimit: { max: 10_000, timeWindowMs: 60_000 } }),
      logger: false,
      site,
      db,
      eventsClock: () => clock,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.db.execute(sql`delete from ${siteEventCounts}`);
  });

  it("counts 60 sends of one event from one client once, and the same client again the next day", async () => {
    clock = new Date("2026-03-02T18:00:00Z");
    for (let i = 0; i < 60; i++) expect((await post(formSent, "198.51.100.60")).statusCode).toBe(204);
    expect(await total()).toBe(1);
    // Its IPv4-mapped form, and every address of one /64, are one client each.
    for (let i = 0; i < 60; i++) await post(formSent, "::ffff:198.51.100.60");
    for (let i = 0; i < 60; i++) await post(formSent, inHome(1, i));
    expect(await total()).toBe(2);
    // Another client is another count; so is the next day (in Stockton).
    await post(formSent, "198.51.100.61");
    clock = new Date("2026-03-03T18:00:00Z");
    await post(formSent, "198.51.100.60");
    expect((await db.db.select().from(siteEventCounts)).map((r) => [r.day, r.count]).sort()).toEqual([
      ["2026-03-02", 3],
      ["2026-03-03", 1],
    ]);
  });

  it("caps what one /64 adds in a day, however many addresses and events it uses", async () => {
    clock = new Date("2026-03-04T18:00:00Z");
    const events = [...site.routes.keys(), "/404", "/request", "/es/request"]
      .filter((page) => !page.startsWith("/_astro"))
      .flatMap((page) =>
        siteEventPlacements.call_tap.flatMap((placement) =>
          ["en", "es"].map((language) => ({ name: "call_tap", placement, page, language })),
        ),
      );
    expect(events.length).toBeGreaterThan(EVENTS_PER_CLIENT_PER_DAY + 10);
    const statuses: number[] = [];
    for (const [i, event] of events.entries()) statuses.push((await post(event, inHome(2, i))).statusCode);
    expect(await total()).toBe(EVENTS_PER_CLIENT_PER_DAY);
    expect(statuses.slice(0, EVENTS_PER_CLIENT_PER_DAY)).toEqual(Array(EVENTS_PER_CLIENT_PER_DAY).fill(204));
    expect(statuses.at(-1)).toBe(429);
    const capped = await post(events.at(-1), inHome(2, 999));
    expect(capped.json().message).toMatch(/as many events as are counted in a day.*Nothing was counted/);
    expect(capped.json().message).toContain(business.phone.display);
    // The neighbouring /64 is another home, counted as usual.
    expect((await post(formSent, inHome(3, 0))).statusCode).toBe(204);
    expect(await total()).toBe(EVENTS_PER_CLIENT_PER_DAY + 1);
  });
});

const redisUrl = process.env.REDIS_URL || undefined;

describe.runIf(redisUrl)("event counts over two server processes sharing Redis", () => {
  it("counts a client once whichever process it reaches: the day's secret and marks are shared", async () => {
    // A Redis database of its own, emptied first: marks left by an earlier run must not count as seen.
    const url = new URL(redisUrl ?? "");
    url.pathname = "/13";
    const redis = new Redis(url.toString());
    await redis.flushdb();
    const [pglite] = databaseTargets;
    if (!pglite) throw new Error("no database");
    const db = await openTestDatabase(pglite);
    const clock = () => new Date("2026-03-05T18:00:00Z");
    const apps = await Promise.all(
      [0, 1].map(() =>
        buildApp({
          config: testConfig({ redisUrl: url.toString(), eventsRateLimit: { max: 10_000, timeWindowMs: 60_000 } }),
          logger: false,
          site,
          db,
          eventsClock: clock,
        }),
      ),
    );
    try {
      // Both answer only once Redis does (a Redis slower than 250 ms is counted around, per process).
      for (const app of apps) {
        await app.ready();
        expect(await app.counters.redisState()).toBe("ok");
      }
      const formSent = { name: "form_sent", placement: "form", page: "/", language: "en" };
      for (let i = 0; i < 60; i++) {
        const res = await apps[i % 2]?.inject({
          method: "POST",
          url: "/api/events",
          remoteAddress: `2001:db8:f:1::${(i + 1).toString(16)}`,
          headers: { "content-type": "application/json" },
          payload: formSent,
        });
        expect(res?.statusCode).toBe(204);
      }
      const rows = await db.db.select().from(siteEventCounts);
      expect(rows.map((r) => r.count)).toEqual([1]);
      // What the daily rule keeps in Redis: marks and one secret per day, never an address. (The
      // per-minute rate limit's own keys name the client, for its minute.)
      const keys = (await redis.keys("*")).filter((k) => /:events-(seen|client|secret):/.test(k));
      expect(keys.some((k) => k.includes("events-secret:2026-03-05"))).toBe(true);
      expect(keys.some((k) => k.includes("events-seen:2026-03-05"))).toBe(true);
      expect(keys.join(" ")).not.toMatch(/2001:db8|[0-9a-f]{1,4}::/i);
    } finally {
      for (const app of apps) await app?.close();
      await db.close();
      await redis.quit();
    }
  });
});
