import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { requestEvents, reviews, serviceRequests, siteEventCounts } from "../../server/db/schema";
import { rebuildNumbersRollups } from "../../server/features/numbers/rollups";
import type { DeskNumbers } from "../../src/shared/numbers-schema";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { DeskClient, signInOwner } from "../support/desk-client";
import { validServiceRequest } from "../support/service-request";
import { emptyTestSite } from "../support/test-site";

const PASSWORD = "correct horse battery staple";
const OWNER = "owner@example.com";
/** Noon on Tuesday 10 March 2026 in Stockton (PDT since the 8th): the last 7 days are the 4th to the 10th. */
const NOW = new Date("2026-03-10T19:00:00Z");
const minutes = (at: string, m: number) => new Date(new Date(at).getTime() + m * 60_000);

/**
 * A history whose figures are worked out by hand below. Times are UTC; the comments give Stockton's day.
 */
async function seedHistory(db: Awaited<ReturnType<typeof openTestDatabase>>) {
  const request = async (fields: Partial<typeof serviceRequests.$inferInsert> & { createdAt: Date }) => {
    const [row] = await db.db
      .insert(serviceRequests)
      .values({ ...validServiceRequest, ...fields })
      .returning({ id: serviceRequests.id });
    if (!row) throw new Error("no row");
    return row.id;
  };
  const event = (requestId: number, kind: "status" | "offer_accepted", at: Date, from: "new" | "contacted" | null) =>
    db.db.insert(requestEvents).values({
      requestId,
      kind,
      actor: "owner@example.com",
      fromStatus: from,
      toStatus: kind === "status" ? (from === "new" ? "contacted" : "dispatched") : null,
      at,
    });

  // 10 March, web, Towing, Lodi: contacted after 10 minutes, a partner accepted after 30.
  const r1 = await request({ createdAt: new Date("2026-03-10T17:00:00Z"), service: "Towing", nearestTown: "Lodi" });
  await event(r1, "status", minutes("2026-03-10T17:00:00Z", 10), "new");
  await event(r1, "offer_accepted", minutes("2026-03-10T17:00:00Z", 30), null);
  // 06:30 UTC on the 10th is 23:30 on the 9th in Stockton; chat, Jump Start, no position: contacted after 20.
  const r2 = await request({ createdAt: new Date("2026-03-10T06:30:00Z"), service: "Jump Start", source: "chat" });
  await event(r2, "status", minutes("2026-03-10T06:30:00Z", 20), "new");
  // 5 March, phone, Towing, Stockton: contacted after 40 (a later change does not count), accepted after 90.
  const r3 = await request({
    createdAt: new Date("2026-03-05T18:00:00Z"),
    service: "Towing",
    source: "phone",
    nearestTown: "Stockton",
  });
  await event(r3, "status", minutes("2026-03-05T18:00:00Z", 40), "new");
  await event(r3, "status", minutes("2026-03-05T18:00:00Z", 50), "contacted");
  await event(r3, "offer_accepted", minutes("2026-03-05T18:00:00Z", 90), null);
  // 6 March: spam is not a request; its contact time does not count either.
  const spam = await request({ createdAt: new Date("2026-03-06T18:00:00Z"), status: "spam" });
  await event(spam, "status", minutes("2026-03-06T18:00:00Z", 1), "new");
  // 2 March: before the 7 days (in the 30); contacted on the 4th, inside them, but it was received before.
  const r5 = await request({ createdAt: new Date("2026-03-02T18:00:00Z"), service: "Flat Tire" });
  await event(r5, "status", new Date("2026-03-04T18:00:00Z"), "new");
  // 7 March, web, Towing, Lodi: the driver cancelled half an hour later.
  await request({
    createdAt: new Date("2026-03-07T18:00:00Z"),
    service: "Towing",
    nearestTown: "Lodi",
    status: "cancelled",
    cancelledAt: new Date("2026-03-07T18:30:00Z"),
  });

  await db.db.insert(siteEventCounts).values([
    { day: "2026-03-10", name: "call_tap", page: "/", placement: "header", language: "en", count: 5 },
    { day: "2026-03-10", name: "call_tap", page: "/", placement: "call_band", language: "es", count: 1 },
    { day: "2026-03-04", name: "call_tap", page: "/services/towing", placement: "call_band", language: "en", count: 2 },
    // The 3rd is before the 7 days.
    { day: "2026-03-03", name: "call_tap", page: "/", placement: "hero", language: "en", count: 100 },
    { day: "2026-03-08", name: "form_started", page: "/contact", placement: "form", language: "en", count: 10 },
    { day: "2026-03-08", name: "form_sent", page: "/contact", placement: "form", language: "en", count: 4 },
    { day: "2026-03-09", name: "chat_opened", page: "/", placement: "widget", language: "en", count: 3 },
    { day: "2026-03-09", name: "location_used", page: "/contact", placement: "form", language: "es", count: 2 },
  ]);
  const review = (stars: number, createdAt: Date) =>
    db.db.insert(reviews).values({ stars, createdAt, language: "en", firstName: "Ana", serviceRequestId: null });
  await review(5, new Date("2026-03-08T18:00:00Z"));
  await review(3, new Date("2026-03-10T18:00:00Z"));
  await review(1, new Date("2026-02-20T18:00:00Z"));
  // Written straight into the tables, around the writes that keep the rollups: count them once.
  await rebuildNumbersRollups(db.db);
}

describe.each(databaseTargets)("GET /api/desk/numbers on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;

  const numbers = async (days: number) => {
    const res = await owner.request({ method: "GET", url: `/api/desk/numbers?days=${days}` });
    expect(res.statusCode).toBe(200);
    return res.json() as DeskNumbers;
  };

  beforeAll(async () => {
    db = await openTestDatabase(target);
    // Computed for every look here: the keeping of figures has its own test below.
    app = await buildApp({
      config: testConfig({ numbersFreshMs: 0 }),
      logger: false,
      site: emptyTestSite(),
      db,
      eventsClock: () => NOW,
    });
    owner = await signInOwner(app, db.db);
    await seedHistory(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("answers the last 7 days' figures, counted by the business's days", async () => {
    const n = await numbers(7);
    expect(n).toMatchObject({ days: 7, from: "2026-03-04", to: "2026-03-10", timeZone: "America/Los_Angeles" });
    expect(n.requestsPerDay).toEqual([
      { day: "2026-03-04", count: 0 },
      { day: "2026-03-05", count: 1 },
      { day: "2026-03-06", count: 0 },
      { day: "2026-03-07", count: 1 },
      { day: "2026-03-08", count: 0 },
      { day: "2026-03-09", count: 1 },
      { day: "2026-03-10", count: 1 },
    ]);
    expect(n.requestsTotal).toBe(4);
    expect(n.byService).toEqual([
      { key: "Towing", count: 3 },
      { key: "Jump Start", count: 1 },
    ]);
    expect(n.byTown).toEqual([
      { key: "Lodi", count: 2 },
      { key: "Stockton", count: 1 },
      { key: "unknown", count: 1 },
    ]);
    expect(n.bySource).toEqual([
      { key: "web", count: 2 },
      { key: "chat", count: 1 },
      { key: "phone", count: 1 },
    ]);
    expect(n.callTaps).toEqual({
      total: 8,
      byPage: [
        { key: "/", count: 6 },
        { key: "/services/towing", count: 2 },
      ],
      byPlacement: [
        { key: "header", count: 5 },
        { key: "call_band", count: 3 },
      ],
    });
    expect(n.form).toEqual({ started: 10, sent: 4, conversion: 0.4 });
    expect(n.chatOpened).toBe(3);
    expect(n.locationUsed).toBe(2);
    // Contacted after 10, 20 and 40 minutes; accepted after 30 and 90.
    expect(n.firstContact).toEqual({ medianMinutes: 20, measured: 3 });
    expect(n.partnerAcceptance).toEqual({ medianMinutes: 60, measured: 2 });
    expect(n.reviews).toEqual({ average: 4, count: 2 });
    expect(n.cancellationsTotal).toBe(1);
    expect(n.cancellationsPerDay.find((d) => d.count > 0)).toEqual({ day: "2026-03-07", count: 1 });
  });

  it("widens to 30, 90 and 365 days", async () => {
    const month = await numbers(30);
    expect(month.requestsPerDay).toHaveLength(30);
    expect(month.from).toBe("2026-02-09");
    expect(month.requestsTotal).toBe(5);
    expect(month.callTaps.total).toBe(108);
    // The request of 2 March: contacted two days later.
    expect(month.firstContact).toEqual({ medianMinutes: 30, measured: 4 });
    expect(month.reviews).toEqual({ average: 3, count: 3 });
    expect((await numbers(90)).requestsPerDay).toHaveLength(90);
    const year = await numbers(365);
    expect(year.requestsPerDay).toHaveLength(365);
    expect(year.from).toBe("2025-03-11");
    expect(year.requestsTotal).toBe(5);
    expect(year.reviews).toEqual({ average: 3, count: 3 });
  });

  it("refuses another period, and anyone not signed in", async () => {
    const odd = await owner.request({ method: "GET", url: "/api/desk/numbers?days=14" });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error).toBe("Choose 7, 30, 90 or 365 days.");
    const stranger = await app.inject({ method: "GET", url: "/api/desk/numbers?days=7" });
    expect(stranger.statusCode).toBe(401);
  });

  it("keeps the figures a minute, then gives the kept ones once more while it computes them anew", async () => {
    let clock = NOW;
    const keeping = await buildApp({
      config: testConfig({ numbersFreshMs: 60_000 }),
      logger: false,
      site: emptyTestSite(),
      db,
      eventsClock: () => clock,
    });
    try {
      const client = new DeskClient(keeping);
      expect((await client.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
      const look = async () =>
        (await client.request({ method: "GET", url: "/api/desk/numbers?days=7" })).json() as DeskNumbers;
      const first = await look();
      expect(first.computedAt).toBe(NOW.toISOString());
      await db.db
        .insert(serviceRequests)
        .values({ ...validServiceRequest, createdAt: new Date("2026-03-10T18:00:00Z") });
      await rebuildNumbersRollups(db.db);
      clock = new Date(NOW.getTime() + 59_000);
      expect((await look()).requestsTotal).toBe(first.requestsTotal);
      // Past the minute: the kept figures once more, and the new ones as soon as they are computed.
      clock = new Date(NOW.getTime() + 61_000);
      expect((await look()).requestsTotal).toBe(first.requestsTotal);
      await expect.poll(async () => (await look()).requestsTotal).toBe(first.requestsTotal + 1);
      expect((await look()).computedAt).toBe(clock.toISOString());
      // A new day is a new period: computed at once.
      clock = new Date("2026-03-11T19:00:00Z");
      expect((await look()).to).toBe("2026-03-11");
    } finally {
      await keeping.close();
    }
  });

  it("counts nothing in an empty period", async () => {
    await db.db.execute(sql`delete from ${requestEvents}`);
    await rebuildNumbersRollups(db.db);
    const n = await numbers(7);
    expect(n.firstContact).toEqual({ medianMinutes: null, measured: 0 });
  });
});
