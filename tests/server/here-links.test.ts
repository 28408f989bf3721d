import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { hereLinks, serviceRequests } from "../../server/db/schema";
import type { DeskHereLink, DeskRequestDetail } from "../../src/shared/desk-schema";
import { testConfig } from "../support/config";
import { builtKnowledge } from "../support/content";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { DeskClient, signInOwner } from "../support/desk-client";
import { logSink } from "../support/log-sink";
import { SAME_ORIGIN } from "../support/offers";
import { validServiceRequest } from "../support/service-request";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

const PASSWORD = "correct horse battery staple";
const OWNER = "owner@example.com";
const HOUR = 60 * 60 * 1000;
const lodi = { latitude: 38.1302, longitude: -121.2724, accuracy: 12, fixedAt: "2026-11-27T06:10:00.000Z" };
const manteca = { latitude: 37.8028, longitude: -121.2208, accuracy: 8, fixedAt: "2026-11-27T06:20:00.000Z" };

/** What a 404 says, without what differs by the moment (date), the connection, or the request (its id). */
const shape = (res: LightMyRequestResponse) => {
  const { date: _date, "x-request-id": _id, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

describe.each(databaseTargets)("/here links on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  // Half an hour after the fixes below were taken: a fix from the future is refused.
  let now = new Date("2026-11-27T06:30:00Z");
  const log = logSink();
  let desk: DeskClient;
  let requestId: number;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({ requestPageRateLimit: { max: 1000, timeWindowMs: 60_000 } }),
      logger: { level: "info", stream: log.stream },
      site: { ...emptyTestSite(), chatKnowledge: builtKnowledge() },
      db,
      deskClock: () => now,
      requestPageClock: () => now,
      retention: { autoStart: false },
    });
    desk = await signInOwner(app, db.db);
    const sent = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...validServiceRequest, language: "es" },
    });
    requestId = sent.json().id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const newLink = async () => {
    const res = await desk.post(`/api/desk/requests/${requestId}/here-link`);
    expect(res.statusCode).toBe(201);
    return res.json() as DeskHereLink;
  };
  const detail = async () => (await desk.get(`/api/desk/requests/${requestId}`)).json() as DeskRequestDetail;

  it("makes a link that expires in 24 h, in the caller's language, and keeps only its hash", async () => {
    const link = await newLink();
    expect(link.path).toMatch(/^\/here\/[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt).toBe(new Date(now.getTime() + 24 * HOUR).toISOString());
    expect(link.language).toBe("es");
    const token = link.path.slice("/here/".length);
    const stored = await db.db.select().from(hereLinks).where(eq(hereLinks.serviceRequestId, requestId));
    expect(stored.map((s) => s.tokenSha256)).toContain(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("opens a one-button page in the caller's language; the fix it sends reaches the request with its nearest town", async () => {
    const link = await newLink();
    const page = await app.inject({ method: "GET", url: link.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain('<html lang="es-US">');
    expect(page.body).toContain(">Enviar mi ubicación</button>");
    expect(page.body).toMatch(/<script src="\/here\.js" defer(="")?><\/script>/);

    const token = link.path.slice("/here/".length);
    const sent = await app.inject({ method: "POST", url: `/api/here/${token}`, payload: lodi, headers: SAME_ORIGIN });
    expect(sent.statusCode).toBe(204);
    expect((await detail()).request.location).toMatchObject({ latitude: 38.1302, nearestTown: "Lodi", accuracyM: 12 });

    // A second fix (the driver walked somewhere safer) becomes the latest; the first goes to the history.
    expect(
      (await app.inject({ method: "POST", url: `/api/here/${token}`, payload: manteca, headers: SAME_ORIGIN }))
        .statusCode,
    ).toBe(204);
    const after = await detail();
    expect(after.request.location).toMatchObject({
      latitude: 37.8028,
      nearestTown: "Manteca",
      fixedAt: manteca.fixedAt,
    });
    expect(after.request.earlierLocations).toEqual([
      expect.objectContaining({ latitude: 38.1302, nearestTown: "Lodi" }),
    ]);
    expect(log.text()).not.toContain(token);
  });

  it('"Send my location again" from the driver\'s page adds a fix, and is refused once the request has ended', async () => {
    const { id, token } = await postServiceRequest(app, lodi);
    const again = await app.inject({
      method: "POST",
      url: `/api/request-location/${token}`,
      payload: manteca,
      headers: SAME_ORIGIN,
    });
    expect(again.statusCode).toBe(204);
    const shown = (await desk.get(`/api/desk/requests/${id}`)).json() as DeskRequestDetail;
    expect(shown.request.location).toMatchObject({ nearestTown: "Manteca" });
    expect(shown.request.earlierLocations.map((l) => l.nearestTown)).toEqual(["Lodi"]);
    expect(log.text()).not.toContain(token);

    const unknown = await app.inject({
      method: "POST",
      url: `/api/request-location/${"C".repeat(43)}`,
      payload: lodi,
      headers: SAME_ORIGIN,
    });
    expect(unknown.statusCode).toBe(404);
    await desk.post(`/api/desk/requests/${id}/status`, { status: "completed" });
    const ended = await app.inject({
      method: "POST",
      url: `/api/request-location/${token}`,
      payload: lodi,
      headers: SAME_ORIGIN,
    });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(
      "This request has ended, so the position was not sent. Call (209) 555-0142 if you still need help.",
    );
    const after = (await desk.get(`/api/desk/requests/${id}`)).json() as DeskRequestDetail;
    expect(after.request.location).toMatchObject({ nearestTown: "Manteca" });
  });

  it("refuses a position out of range with a 400 naming the field, and changes nothing", async () => {
    const link = await newLink();
    const before = (await detail()).request.location;
    const res = await app.inject({
      method: "POST",
      url: `/api/${link.path.slice(1)}`,
      payload: { ...lodi, longitude: 200 },
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ longitude: "La longitud debe ser un número de -180 a 180" });
    expect((await detail()).request.location).toEqual(before);
    // A body that is no object names no field: what to send is said in the link's language, and no field is "undefined".
    const nothing = await app.inject({
      method: "POST",
      url: `/api/${link.path.slice(1)}`,
      payload: "null",
      headers: { ...SAME_ORIGIN, "content-type": "application/json" },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().fields).toEqual({});
    expect(nothing.json().message).toBe("Envíe la latitud, la longitud y la precisión juntas");
  });

  it("answers an expired, unknown, malformed or deleted link with the same 404", async () => {
    const expiring = await newLink();
    expect((await app.inject({ method: "GET", url: expiring.path })).statusCode).toBe(200);
    now = new Date(now.getTime() + 24 * HOUR + 1);
    const expired = await app.inject({ method: "GET", url: expiring.path });
    const unknown = await app.inject({ method: "GET", url: `/here/${"A".repeat(43)}` });
    const malformed = await app.inject({ method: "GET", url: "/here/%27%3Cscript%3E" });
    // A live link to a request that is then deleted.
    const other = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    const otherId = other.json().id as number;
    // A day on, the desk's session has ended too: sign in again.
    desk = new DeskClient(app);
    expect((await desk.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
    const live = (await desk.post(`/api/desk/requests/${otherId}/here-link`)).json() as DeskHereLink;
    await db.db.delete(serviceRequests).where(eq(serviceRequests.id, otherId));
    const deleted = await app.inject({ method: "GET", url: live.path });
    expect(expired.statusCode).toBe(404);
    for (const res of [unknown, malformed, deleted]) expect(shape(res)).toEqual(shape(expired));
    const posts = await Promise.all(
      [expiring.path, `/here/${"A".repeat(43)}`, live.path].map((p) =>
        app.inject({ method: "POST", url: `/api${p}`, payload: lodi, headers: SAME_ORIGIN }),
      ),
    );
    for (const res of posts) expect(shape(res)).toEqual(shape(posts[0] as LightMyRequestResponse));
    expect(posts[0]?.statusCode).toBe(404);
  });
});

describe("/here rate limit", () => {
  const [pglite] = databaseTargets;
  if (!pglite) throw new Error("no database");
  it("counts every lookup and answers 429 with Retry-After past the limit", async () => {
    const db = await openTestDatabase(pglite);
    const app = await buildApp({
      config: testConfig({ requestPageRateLimit: { max: 3, timeWindowMs: 60_000 } }),
      logger: false,
      site: emptyTestSite(),
      db,
      retention: { autoStart: false },
    });
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await app.inject({ method: "GET", url: `/here/${"B".repeat(43)}` }));
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 429, 429]);
      expect(Number(answers[3]?.headers["retry-after"])).toBeGreaterThan(0);
      const post = await app.inject({
        method: "POST",
        url: `/api/here/${"B".repeat(43)}`,
        payload: lodi,
        headers: SAME_ORIGIN,
      });
      expect(post.statusCode).toBe(429);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
