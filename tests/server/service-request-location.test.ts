import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { serviceRequests } from "../../server/db/schema";
import { alertEmail, pushNotification, webhookPayload } from "../../server/features/alerts/message";
import { csvHeader, csvRow } from "../../server/features/desk/requests-csv";
import type { DeskRequestDetail } from "../../src/shared/desk-schema";
import { builtKnowledge } from "../support/content";
import { databaseTargets } from "../support/databases";
import { signInOwner } from "../support/desk-client";
import { validServiceRequest } from "../support/service-request";
import { appOnFreshDatabase, type TestDatabase } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/** A fix on the south side of Lodi, as a phone reports it. */
const lodiFix = { latitude: 38.1302, longitude: -121.2724, accuracy: 12, fixedAt: "2026-11-27T06:10:00.000Z" };

/** The site as built, for the towns' coordinates; no pages are served in these tests. */
const site = () => ({ ...emptyTestSite(), chatKnowledge: builtKnowledge() });

describe.each(databaseTargets)("the driver's position with a service request, on $kind", (target) => {
  let app: FastifyInstance;
  let db: TestDatabase;
  appOnFreshDatabase(
    target,
    { serviceRequestRateLimit: { max: 1000, timeWindowMs: 60_000 } },
    (ready) => ({ app, db } = ready),
    { site: site() },
  );

  const send = (payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/api/contact", payload: { ...validServiceRequest, ...payload } });
  const stored = async () => db.db.select().from(serviceRequests);

  it.each([
    ["latitude", { ...lodiFix, latitude: 90.0001 }, "Latitude must be a number from -90 to 90"],
    ["latitude", { ...lodiFix, latitude: -91 }, "Latitude must be a number from -90 to 90"],
    ["latitude", { ...lodiFix, latitude: "north" }, "Latitude must be a number from -90 to 90"],
    ["longitude", { ...lodiFix, longitude: 180.5 }, "Longitude must be a number from -180 to 180"],
    ["longitude", { ...lodiFix, longitude: -181 }, "Longitude must be a number from -180 to 180"],
    ["accuracy", { ...lodiFix, accuracy: -1 }, "Accuracy must be a number of metres from 0 to 10,000"],
    ["accuracy", { ...lodiFix, accuracy: 10_001 }, "Accuracy must be a number of metres from 0 to 10,000"],
    ["fixedAt", { ...lodiFix, fixedAt: "yesterday" }, "The time of the location must be a date and time"],
    ["longitude", { latitude: 38.1 }, "Send latitude, longitude and accuracy together"],
    ["accuracy", { latitude: 38.1, longitude: -121.3 }, "Send latitude, longitude and accuracy together"],
  ])("refuses a bad %s with a 400 naming it, and stores nothing", async (field, fix, message) => {
    const before = (await stored()).length;
    const res = await send(fix);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
    expect(await stored()).toHaveLength(before);
  });

  it("answers a Spanish form's bad position in Spanish", async () => {
    const res = await send({ ...lodiFix, latitude: 123, language: "es" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ latitude: "La latitud debe ser un número de -90 a 90" });
  });

  it("accepts the edges of each range", async () => {
    const res = await send({ latitude: -90, longitude: 180, accuracy: 10_000 });
    expect(res.statusCode).toBe(201);
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, res.json().id));
    expect(row).toMatchObject({ latitude: -90, longitude: 180, locationAccuracyM: 10_000 });
  });

  it("stores a fix with its nearest town, and the desk, alerts, webhook and CSV carry it", async () => {
    const res = await send(lodiFix);
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    if (!row) throw new Error("not stored");
    expect(row).toMatchObject({
      source: "web",
      latitude: 38.1302,
      longitude: -121.2724,
      locationAccuracyM: 12,
      nearestTown: "Lodi",
      nearestTownKm: 0.8,
    });
    expect(row.locationFixedAt?.toISOString()).toBe(lodiFix.fixedAt);

    const owner = await signInOwner(app, db.db);
    const detail: DeskRequestDetail = (await owner.get(`/api/desk/requests/${id}`)).json();
    expect(detail.request.source).toBe("web");
    expect(detail.request.location).toEqual({
      latitude: 38.1302,
      longitude: -121.2724,
      accuracyM: 12,
      fixedAt: lodiFix.fixedAt,
      nearestTown: "Lodi",
      nearestTownKm: 0.8,
      insideServiceArea: true,
      geoUri: "geo:38.1302,-121.2724",
      openStreetMapUrl: "https://www.openstreetmap.org/?mlat=38.1302&mlon=-121.2724#map=17/38.1302/-121.2724",
    });

    const mail = alertEmail(row);
    expect(mail.text).toContain(
      "GPS:       38.1302, -121.2724 (±12 m), nearest town Lodi (0.8 km from its center), inside the service area",
    );
    expect(mail.text).toContain("geo:38.1302,-121.2724");
    expect(mail.html).toContain('href="https://www.openstreetmap.org/?mlat=38.1302&amp;mlon=-121.2724');
    expect(pushNotification(row).body).toBe("GPS near Lodi: Jump Start, Pacific Ave & March Ln, Stockton");
    expect(webhookPayload(row)).toMatchObject({ source: "web", location: detail.request.location });

    const csv = await owner.get("/api/desk/requests.csv");
    const [header, ...lines] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(`${header}\r\n`).toBe(csvHeader("America/Los_Angeles"));
    const line = lines.find((l) => l.startsWith(`${id},`));
    expect(line).toContain(
      ",web,38.1302,-121.2724,12,2026-11-26 22:10:00,Lodi,0.8,inside,https://www.openstreetmap.org/?mlat=38.1302&mlon=-121.2724#map=17/38.1302/-121.2724",
    );
    expect(csvRow(row, "UTC")).toContain(",2026-11-27 06:10:00,Lodi,");
  });

  it("stores no position when none was sent, and says so everywhere", async () => {
    const res = await send({});
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, res.json().id));
    if (!row) throw new Error("not stored");
    expect(row).toMatchObject({ latitude: null, longitude: null, locationAccuracyM: null, nearestTown: null });
    expect(webhookPayload(row).location).toBeNull();
    expect(alertEmail(row).text).not.toContain("GPS:");
    expect(csvRow(row, "UTC").trimEnd().endsWith(",web,,,,,,,,")).toBe(true);
  });

  it("takes the position from a plain form (text fields) as well", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        ...validServiceRequest,
        latitude: "37.8028",
        longitude: "-121.2208",
        accuracy: "30",
        fixedAt: "",
      }).toString(),
    });
    expect(res.statusCode).toBe(303);
    const id = Number(/id=(\d+)/.exec(res.headers.location ?? "")?.[1]);
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row).toMatchObject({ latitude: 37.8028, nearestTown: "Manteca", nearestTownKm: 0 });
    expect(row?.locationFixedAt).toBeInstanceOf(Date);
  });
});

describe("without the built towns", () => {
  let app: FastifyInstance;
  let db: TestDatabase;
  const [pglite] = databaseTargets;
  if (!pglite) throw new Error("no database");
  appOnFreshDatabase(pglite, {}, (ready) => ({ app, db } = ready));
  it("still stores the position, with no nearest town rather than a wrong one", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...validServiceRequest, ...lodiFix },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, res.json().id));
    expect(row).toMatchObject({ latitude: 38.1302, nearestTown: null, nearestTownKm: null });
  });
});
