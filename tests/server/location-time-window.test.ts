import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { serviceRequests } from "../../server/db/schema";
import { createHereLink } from "../../server/features/here/store";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { type DeskClient, signInOwner } from "../support/desk-client";
import { SAME_ORIGIN } from "../support/offers";
import { validServiceRequest } from "../support/service-request";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/**
 * A position's time at the edges of four-digit years (and in the future) passed the schema and reached
 * the database, which refused it with a 500 (SQLSTATE 22008/22009). Every route that takes a position
 * answers 400 naming the field, with words a driver can act on, and stores nothing.
 */

const MINUTE = 60_000;
const fix = { latitude: 38.1302, longitude: -121.2724, accuracy: 12 };
const WINDOW_MESSAGE = {
  en: "The time of the location must be between 2000 and now: check the date and time on your phone, then find your location again",
  es: "La hora de la ubicación debe estar entre 2000 y ahora: revise la fecha y la hora de su teléfono y vuelva a buscar su ubicación",
};
/** The probe's values, and their neighbours: before 2000, and a fix from the future. */
const outside = (now: Date) => [
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59-12:00",
  "9999-12-31T23:59:59Z",
  "0001-01-01T00:00:00+14:00",
  "1999-12-31T23:59:59Z",
  new Date(now.getTime() + 25 * 60 * MINUTE).toISOString(),
];

describe.each(databaseTargets)("a position's time outside the window on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let desk: DeskClient;
  const now = () => new Date();

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({
        requestPageRateLimit: { max: 1000, timeWindowMs: 60_000 },
        serviceRequestRateLimit: { max: 1000, timeWindowMs: 60_000 },
        alerts: {},
      }),
      logger: false,
      site: emptyTestSite(),
      db,
      retention: { autoStart: false },
    });
    desk = await signInOwner(app, db.db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const refusedByField = (res: LightMyRequestResponse, language: "en" | "es" = "en") => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ fixedAt: WINDOW_MESSAGE[language] });
  };
  const requestCount = async () => (await db.db.select({ id: serviceRequests.id }).from(serviceRequests)).length;
  const latitudeOf = async (id: number) =>
    (await db.db.select({ l: serviceRequests.latitude }).from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.l;

  it("POST /api/contact and the desk's phone-in: 400 naming the time, nothing stored", async () => {
    const before = await requestCount();
    for (const fixedAt of outside(now())) {
      for (const language of ["en", "es"] as const) {
        const web = await app.inject({
          method: "POST",
          url: "/api/contact",
          payload: { ...validServiceRequest, ...fix, fixedAt, language },
        });
        refusedByField(web, language);
      }
      refusedByField(await desk.post("/api/desk/requests", { ...validServiceRequest, ...fix, fixedAt }));
    }
    expect(await requestCount()).toBe(before);
  });

  it("POST /api/here and /api/request-location: 400 in the request's language, the position unchanged", async () => {
    const { id, token } = await postServiceRequest(app, { language: "es" });
    const here = await createHereLink(db.db, id, now());
    for (const fixedAt of outside(now())) {
      for (const url of [`/api/here/${here.token}`, `/api/request-location/${token}`]) {
        const res = await app.inject({ method: "POST", url, payload: { ...fix, fixedAt }, headers: SAME_ORIGIN });
        refusedByField(res, "es");
      }
    }
    expect(await latitudeOf(id)).toBeNull();
  });

  it("takes a fix from 2000 up to a day ahead of the server's clock (a phone's clock set hours fast still sends the request)", async () => {
    const at = now();
    const inside = ["2000-01-01T00:00:00Z", new Date(at.getTime() - MINUTE).toISOString()];
    inside.push(new Date(at.getTime() + 23 * 60 * MINUTE).toISOString());
    for (const fixedAt of inside) {
      const res = await app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { ...validServiceRequest, ...fix, fixedAt },
      });
      expect(res.statusCode, fixedAt).toBe(201);
    }
    const { id, token } = await postServiceRequest(app);
    const again = await app.inject({
      method: "POST",
      url: `/api/request-location/${token}`,
      payload: { ...fix, fixedAt: inside[2] },
      headers: SAME_ORIGIN,
    });
    expect(again.statusCode).toBe(204);
    expect(await latitudeOf(id)).toBe(fix.latitude);
  });
});
