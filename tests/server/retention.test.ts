import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { alertOutbox, RETENTION_ACTOR, requestEvents, requestLocations, serviceRequests } from "../../server/db/schema";
import { RETENTION_LOCK_KEY } from "../../server/features/retention/retention";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { logSink } from "../support/log-sink";
import { validServiceRequest } from "../support/service-request";
import { emptyTestSite } from "../support/test-site";

const DAY = 24 * 60 * 60 * 1000;
const lodi = {
  latitude: 38.1302,
  longitude: -121.2724,
  locationAccuracyM: 12,
  nearestTown: "Lodi",
  nearestTownKm: 0.8,
};

describe.each(databaseTargets)("the retention job on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  /** The job's clock: the tests move it. */
  let now = new Date("2028-06-01T12:00:00Z");
  const log = logSink();

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({ retentionDays: { location: 30, request: 730 } }),
      logger: { level: "info", stream: log.stream },
      site: emptyTestSite(),
      db,
      retention: { now: () => now, autoStart: false },
      alerts: { autoStart: false },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const insert = async (fields: Partial<typeof serviceRequests.$inferInsert>) => {
    const [row] = await db.db
      .insert(serviceRequests)
      .values({
        ...validServiceRequest,
        name: "Rosa Retention",
        locationFixedAt: new Date(now.getTime() - 40 * DAY),
        ...lodi,
        ...fields,
      })
      .returning();
    if (!row) throw new Error("not inserted");
    await db.db
      .insert(requestEvents)
      .values({ requestId: row.id, kind: "note", actor: "owner@example.com", note: "Rosa's car" });
    return row.id;
  };
  const row = async (id: number) => (await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0];
  const events = (id: number) => db.db.select().from(requestEvents).where(eq(requestEvents.requestId, id));
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  it("erases a position 30 days after the request ended, notes it in the history, and keeps the rest", async () => {
    const endedLongAgo = await insert({ status: "completed", createdAt: ago(45), endedAt: ago(30.01) });
    const endedRecently = await insert({ status: "cancelled", createdAt: ago(45), endedAt: ago(29.99) });
    const stillOpen = await insert({ status: "dispatched", createdAt: ago(400) });
    // Earlier positions of each (a driver who sent again): they go with the latest.
    const earlier = { latitude: 38.0, longitude: -121.3, accuracyM: 50, fixedAt: ago(44) };
    await db.db.insert(requestLocations).values([
      { serviceRequestId: endedLongAgo, ...earlier },
      { serviceRequestId: stillOpen, ...earlier },
    ]);

    const counts = await app.retention.runOnce();
    expect(counts).toEqual({ locationsErased: 1, requestsDeleted: 0, ran: true });
    expect(await row(endedLongAgo)).toMatchObject({
      latitude: null,
      longitude: null,
      locationAccuracyM: null,
      locationFixedAt: null,
      nearestTown: null,
      nearestTownKm: null,
      name: "Rosa Retention",
      pickupLocation: validServiceRequest.pickupLocation,
    });
    expect(await row(endedRecently)).toMatchObject(lodi);
    expect(await row(stillOpen)).toMatchObject(lodi);
    const history = (id: number) =>
      db.db.select().from(requestLocations).where(eq(requestLocations.serviceRequestId, id));
    expect(await history(endedLongAgo)).toEqual([]);
    expect(await history(stillOpen)).toHaveLength(1);
    expect((await events(endedLongAgo)).map((e) => [e.kind, e.actor])).toEqual([
      ["note", "owner@example.com"],
      ["location_erased", RETENTION_ACTOR],
    ]);

    // A day later the second one is due; the first is not erased (nor noted) twice.
    now = new Date(now.getTime() + DAY);
    expect(await app.retention.runOnce()).toEqual({ locationsErased: 1, requestsDeleted: 0, ran: true });
    expect(await row(endedRecently)).toMatchObject({ latitude: null, nearestTown: null });
    expect((await events(endedLongAgo)).filter((e) => e.kind === "location_erased")).toHaveLength(1);
  });

  it("deletes a request 730 days after it arrived, with its alerts and history, leaving one line that it was deleted", async () => {
    const old = await insert({ createdAt: ago(730.01), status: "completed", endedAt: ago(700) });
    const younger = await insert({ createdAt: ago(729.99) });
    await db.db.insert(alertOutbox).values({ serviceRequestId: old, channel: "email" });

    const counts = await app.retention.runOnce();
    expect(counts.requestsDeleted).toBe(1);
    expect(await row(old)).toBeUndefined();
    expect(await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, old))).toEqual([]);
    expect((await events(old)).map((e) => [e.kind, e.actor, e.note])).toEqual([["deleted", RETENTION_ACTOR, null]]);
    expect(await row(younger)).toBeDefined();
  });

  it("logs counts only, never who or where", () => {
    const logged = log.lines.filter((l) => l.msg === "retention applied");
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(logged[0]).toMatchObject({ component: "retention", locationsErased: 1, requestsDeleted: 0 });
    const all = log.text();
    for (const secret of ["Rosa", "38.13", "Lodi", validServiceRequest.pickupLocation])
      expect(all).not.toContain(secret);
  });

  if (target.kind === "postgres") {
    it("runs on one server at a time: while another holds the lock, this one does nothing", async () => {
      const due = await insert({ status: "lost", createdAt: ago(60), endedAt: ago(31) });
      const other = new pg.Client({ connectionString: db.location.databaseUrl });
      await other.connect();
      try {
        await other.query("select pg_advisory_lock($1)", [RETENTION_LOCK_KEY]);
        expect(await app.retention.runOnce()).toEqual({ locationsErased: 0, requestsDeleted: 0, ran: false });
        expect(await row(due)).toMatchObject(lodi);
        await other.query("select pg_advisory_unlock($1)", [RETENTION_LOCK_KEY]);
        expect(await app.retention.runOnce()).toMatchObject({ locationsErased: 1, ran: true });
      } finally {
        await other.end();
      }
    });
  }
});
