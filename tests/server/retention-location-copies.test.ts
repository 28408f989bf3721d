import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { partnerOffers, requestLocations, serviceRequests } from "../../server/db/schema";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import type { DeskClient } from "../support/desk-client";
import { addPartner, answerOffer, offerJob, reportJobDone } from "../support/offers";
import { appWithOwner, postServiceRequest } from "../support/test-app";

const DAY = 24 * 60 * 60 * 1000;

/** What the form wrote into the pickup text before the fix, and a pair a driver typed by hand. */
const LEGACY_LINE = "Near Lodi · GPS 38.1302, -121.2724 (±12 m)";
const lodiFix = { latitude: 38.1302, longitude: -121.2724, accuracy: 12, fixedAt: new Date().toISOString() };
/** Any spelling of the position's degrees a reader could find: the digits of either coordinate. */
const traces = ["38.13", "121.27", "38,13", "121,27"];
const noTrace = (where: string, text: string) => {
  for (const trace of traces) expect(text, `${where} still holds ${trace}`).not.toContain(trace);
};

/**
 * The location promise (/privacy: "erased 30 days after your request is done, cancelled or closed"),
 * checked on every copy a reader can reach: the request's columns and its pickup and drop-off text
 * (a request sent before the form stopped writing coordinates there), the desk's JSON and CSV, the
 * accepting partner's page, and the partner offers' derived distance.
 */
describe.each(databaseTargets)("retention erases every copy of a position on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;
  let retentionNow = new Date();

  appWithOwner(target, { retentionDays: { location: 30, request: 730 } }, (ready) => ({ app, db, owner } = ready), {
    retention: { now: () => retentionNow, autoStart: false },
    alerts: { autoStart: false },
  });

  it("leaves no coordinate in the request, the desk's JSON and CSV, the partner's page or the offers", async () => {
    const { id } = await postServiceRequest(app, {
      pickupLocation: `${LEGACY_LINE} · southbound I-5`,
      dropoffLocation: `${LEGACY_LINE} · or 38.13021,-121.27241 if I move`,
      ...lodiFix,
    });
    // A later position, as a /here link or "Send my location again" leaves in the history.
    await db.db.insert(requestLocations).values({
      serviceRequestId: id,
      latitude: 38.1311,
      longitude: -121.2733,
      accuracyM: 20,
      fixedAt: new Date(),
      nearestTown: "Lodi",
      nearestTownKm: 0.9,
    });
    const partner = await addPartner(db.db, { towns: ["Lodi"] });
    const offer = await offerJob(db.db, id, partner.id, new Date(), { town: "Lodi", distanceKm: 0.8 });
    expect((await answerOffer(app, offer.token, "accept", { etaMinutes: 25 })).statusCode).toBe(200);
    expect((await reportJobDone(app, offer.token)).statusCode).toBe(200);
    const before = await owner.get(`/api/desk/requests/${id}`);
    expect(before.json().request.status).toBe("completed");
    expect(before.body).toContain("38.1302");

    // Ten days before the deadline nothing goes; a day past it, everything does.
    retentionNow = new Date(Date.now() + 20 * DAY);
    await app.retention.runOnce();
    expect((await owner.get(`/api/desk/requests/${id}`)).body).toContain("38.1302");
    retentionNow = new Date(Date.now() + 31 * DAY);
    expect((await app.retention.runOnce()).locationsErased).toBeGreaterThanOrEqual(1);

    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    noTrace("the request", JSON.stringify(row));
    // What the driver added by hand stays; only the position goes.
    expect(row?.pickupLocation).toBe("Near Lodi · (position erased) · southbound I-5");
    expect(row?.dropoffLocation).toBe("Near Lodi · (position erased) · or (position erased) if I move");
    expect(await db.db.select().from(requestLocations).where(eq(requestLocations.serviceRequestId, id))).toEqual([]);

    const desk = await owner.get(`/api/desk/requests/${id}`);
    expect(desk.statusCode).toBe(200);
    noTrace("the desk's request", desk.body);
    const csv = await owner.get("/api/desk/requests.csv");
    expect(csv.body).toContain("southbound I-5");
    noTrace("the desk's CSV", csv.body);
    const partnerPage = await app.inject({ method: "GET", url: offer.path });
    expect(partnerPage.statusCode).toBe(200);
    expect(partnerPage.body).toContain("southbound I-5");
    noTrace("the partner's page", partnerPage.body);
    expect(partnerPage.body).not.toMatch(/km from/);

    // The offer keeps the town the job was matched on (the notice says so), not the distance to the point.
    const offers = await db.db.select().from(partnerOffers).where(eq(partnerOffers.serviceRequestId, id));
    expect(offers.map((o) => [o.town, o.distanceKm])).toEqual([["Lodi", null]]);
    const everything = await db.db.execute(sql`select * from partner_offers where contact_request_id = ${id}`);
    noTrace("the offers", JSON.stringify(everything));
  });

  it("erases any spelling of a coordinate pair from old words, and leaves addresses and mile markers alone", async () => {
    const cases: [string, string][] = [
      ["Cerca de Lodi · GPS 38.1302, -121.2724 (±12 m)", "Cerca de Lodi · (position erased)"],
      ["GPS: 37.95770,-121.29078", "(position erased)"],
      ["pin 38.1302° N, 121.2724° W by the gate", "pin (position erased) by the gate"],
      ["maps.example/@37.9577,-121.2908,17z", "maps.example/@(position erased),17z"],
      ["37.96 -121.29 shoulder", "(position erased) shoulder"],
      ["1200 W Fremont St, Stockton 95203", "1200 W Fremont St, Stockton 95203"],
      ["I-5 north, mile 12.5, exit 481", "I-5 north, mile 12.5, exit 481"],
    ];
    const ended = new Date(Date.now() - 40 * DAY);
    const ids: number[] = [];
    for (const [text] of cases) {
      const [row] = await db.db
        .insert(serviceRequests)
        .values({
          name: "Old Request",
          email: "old@example.com",
          phone: "(209) 555-0100",
          service: "Towing",
          pickupLocation: text,
          dropoffLocation: text,
          status: "completed",
          createdAt: ended,
          endedAt: ended,
        })
        .returning({ id: serviceRequests.id });
      if (row) ids.push(row.id);
    }
    retentionNow = new Date();
    await app.retention.runOnce();
    const rows = await db.db.select().from(serviceRequests);
    cases.forEach(([, expected], i) => {
      const row = rows.find((r) => r.id === ids[i]);
      expect([row?.pickupLocation, row?.dropoffLocation]).toEqual([expected, expected]);
    });
  });
});
