import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { serviceRequests } from "../../server/db/schema";
import { createHereLink } from "../../server/features/here/store";
import { newPageToken } from "../../server/shared/page-tokens";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { type DeskClient, signInOwner } from "../support/desk-client";
import { addPartner, answerOffer, offerJob, SAME_ORIGIN } from "../support/offers";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/**
 * The private links (/here/{token}, /request/{token}, /offer/{token}) as an outside probe found them:
 * an offer's token written to the request log, a /here token over 100 characters answered with a 400
 * that echoed the address, answers under /here without the private-page headers, positions taken from
 * a foreign page or after the request ended.
 */

const LIMIT = 12;
const lodi = { latitude: 38.1302, longitude: -121.2724, accuracy: 12 };
/** Headers every answer under a private link carries: no copy kept, no Referer sent on. */
const PRIVATE_HEADERS = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

/** What an answer says, without what differs by the moment (date) or by the request (its own x-request-id). */
const shape = (res: LightMyRequestResponse) => {
  const { date: _date, "x-request-id": _id, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

describe.each(databaseTargets)("private links on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let desk: DeskClient;
  const lines: string[] = [];
  const now = () => new Date("2026-11-27T06:00:00Z");
  /** Each test its own client, so the lookups of one never meet another's limit. */
  let client = 0;
  const nextClient = () => `192.0.2.${++client}`;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({
        requestPageRateLimit: { max: LIMIT, timeWindowMs: 60_000 },
        serviceRequestRateLimit: { max: 1000, timeWindowMs: 60_000 },
        alerts: {},
      }),
      logger: {
        level: "info",
        stream: new Writable({
          write(chunk, _enc, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
      site: emptyTestSite(),
      db,
      requestPageClock: now,
      deskClock: now,
      retention: { autoStart: false },
    });
    desk = await signInOwner(app, db.db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  /** A request as the form stores it, and a /here link to it. */
  const requestWithHereLink = async (remoteAddress: string) => {
    const sent = await postServiceRequest(app, {}, { remoteAddress });
    const here = await createHereLink(db.db, sent.id, now());
    return { ...sent, here: here.token };
  };
  const postFix = (path: string, remoteAddress: string, headers: Record<string, string> = SAME_ORIGIN) =>
    app.inject({ method: "POST", url: path, payload: lodi, headers, remoteAddress });
  const latitudeOf = async (id: number) =>
    (await db.db.select({ l: serviceRequests.latitude }).from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.l;

  it("never writes an offer's token to the request log: the page, its answers, a wrong action", async () => {
    const ip = nextClient();
    const sent = await postServiceRequest(app, {}, { remoteAddress: ip });
    const partner = await addPartner(db.db);
    const offer = await offerJob(db.db, sent.id, partner.id, now());
    const before = lines.length;
    expect((await app.inject({ method: "GET", url: offer.path, remoteAddress: ip })).statusCode).toBe(200);
    expect((await answerOffer(app, offer.token, "accept", { etaMinutes: 20 })).statusCode).toBe(200);
    expect((await answerOffer(app, offer.token, "step", { step: "on_the_way" })).statusCode).toBe(200);
    await app.inject({ method: "GET", url: `/api/offer/${offer.token}/nothing-here?x=1`, remoteAddress: ip });
    const logged = lines.slice(before).join("");
    // The lines are there (the request log is on), naming the route's shape instead of the token.
    expect(logged).toContain('"url":"/offer/:token"');
    expect(logged).toContain('"url":"/api/offer/:token/accept"');
    expect(logged).not.toContain(offer.token);
  });

  it("answers a /here token of any length with the one 404, never echoing the address", async () => {
    const ip = nextClient();
    const long = "A".repeat(101);
    const veryLong = "B".repeat(600);
    const post = (token: string) => postFix(`/api/here/${token}`, ip);
    const get = (token: string) => app.inject({ method: "GET", url: `/here/${token}`, remoteAddress: ip });
    const unknownPost = await post(newPageToken());
    expect(unknownPost.statusCode).toBe(404);
    for (const token of [long, veryLong]) {
      const res = await post(token);
      expect(shape(res)).toEqual(shape(unknownPost));
      expect(res.body).not.toContain(token);
    }
    const unknownGet = await get(newPageToken());
    expect(unknownGet.statusCode).toBe(404);
    for (const token of [long, veryLong]) expect(shape(await get(token))).toEqual(shape(unknownGet));
    // The driver's and the partner's links have no such hole either.
    for (const prefix of ["/request/", "/offer/"]) {
      const known = await app.inject({ method: "GET", url: `${prefix}${newPageToken()}`, remoteAddress: ip });
      const longer = await app.inject({ method: "GET", url: `${prefix}${long}`, remoteAddress: ip });
      expect(shape(longer)).toEqual(shape(known));
    }
  });

  it("sends the private-page headers with every answer under /here and /api/here: 200, 204, 400, 404, 409, 429", async () => {
    const ip = nextClient();
    const { id, token, here } = await requestWithHereLink(ip);
    const answers: LightMyRequestResponse[] = [
      await app.inject({ method: "GET", url: `/here/${here}`, remoteAddress: ip }),
      await postFix(`/api/here/${here}`, ip),
      await app.inject({
        method: "POST",
        url: `/api/here/${here}`,
        payload: { ...lodi, latitude: 100 },
        headers: SAME_ORIGIN,
        remoteAddress: ip,
      }),
      await postFix(`/api/here/${newPageToken()}`, ip),
      await postFix(`/api/here/${"C".repeat(120)}`, ip),
      await app.inject({ method: "GET", url: `/here/${"C".repeat(120)}`, remoteAddress: ip }),
      await postFix(`/api/here/${here}`, ip, { origin: "https://elsewhere.example" }),
    ];
    await desk.post(`/api/desk/requests/${id}/status`, { status: "completed" });
    answers.push(await postFix(`/api/here/${here}`, ip));
    answers.push(await postFix(`/api/request-location/${token}`, ip));
    while (answers.length < LIMIT + 3) answers.push(await postFix(`/api/here/${here}`, ip));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200, 204, 400, 403, 404, 409, 429]));
    for (const res of answers) expect(res.headers, `${res.statusCode}`).toMatchObject(PRIVATE_HEADERS);
  });

  it("refuses a position from another site's page on /api/here and /api/request-location, and stores nothing", async () => {
    const ip = nextClient();
    const { id, token, here } = await requestWithHereLink(ip);
    for (const path of [`/api/here/${here}`, `/api/request-location/${token}`]) {
      const refusedHeaders: Record<string, string>[] = [
        { origin: "https://elsewhere.example" },
        { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "same-site" },
        // Neither header: not a browser page of ours.
        {},
      ];
      for (const headers of refusedHeaders) {
        const res = await postFix(path, ip, headers);
        expect(res.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().message).toContain("(209) 555-0142");
      }
    }
    expect(await latitudeOf(id)).toBeNull();
    // The page itself: under no-referrer a browser says Origin: null, with Sec-Fetch-Site: same-origin.
    const own = await postFix(`/api/here/${here}`, ip, { origin: "null", "sec-fetch-site": "same-origin" });
    expect(own.statusCode).toBe(204);
    expect(await latitudeOf(id)).toBe(lodi.latitude);
  });

  it("refuses a /here position after the driver cancelled, or the desk ended the request, with 409", async () => {
    const ip = nextClient();
    const cancelled = await requestWithHereLink(ip);
    const cancel = await app.inject({
      method: "POST",
      url: `/api/request/${cancelled.token}/cancel`,
      payload: {},
      headers: SAME_ORIGIN,
      remoteAddress: ip,
    });
    expect(cancel.statusCode).toBe(200);
    const afterCancel = await postFix(`/api/here/${cancelled.here}`, ip);
    expect(afterCancel.statusCode).toBe(409);
    expect(afterCancel.json().message).toBe(
      "This request has ended, so the position was not sent. Call (209) 555-0142 if you still need help.",
    );
    expect(await latitudeOf(cancelled.id)).toBeNull();

    for (const status of ["completed", "spam", "lost"]) {
      const ended = await requestWithHereLink(ip);
      expect((await desk.post(`/api/desk/requests/${ended.id}/status`, { status })).statusCode).toBe(200);
      expect((await postFix(`/api/here/${ended.here}`, ip)).statusCode, status).toBe(409);
      expect(await latitudeOf(ended.id)).toBeNull();
    }
  });
});
