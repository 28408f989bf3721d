import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../server/db/rows";
import { requestEvents } from "../../server/db/schema";
import { countEvent } from "../../server/features/events/store";
import { recordFix } from "../../server/features/here/store";
import { deskNumbers } from "../../server/features/numbers/queries";
import { rebuildNumbersRollups } from "../../server/features/numbers/rollups";
import { cancelByDriver } from "../../server/features/request-page/store";
import { applyRetention } from "../../server/features/retention/retention";
import { deleteRequest } from "../../server/features/service-requests/changes";
import { serviceRequestWriter } from "../../server/features/service-requests/store";
import { transition } from "../../server/features/service-requests/transition";
import type { SiteEvent } from "../../src/shared/event-schema";
import { numbersPeriods } from "../../src/shared/numbers-schema";
import type { ServiceRequest } from "../../src/shared/service-request-schema";
import { site } from "../../src/shared/site";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { plainDeskNumbers } from "../support/numbers-plain";
import { validServiceRequest } from "../support/service-request";

const towns = [
  { name: "Stockton", latitude: 37.9577, longitude: -121.2908 },
  { name: "Lodi", latitude: 38.1302, longitude: -121.2724 },
];
const atLodi = { latitude: 38.13, longitude: -121.27, accuracy: 20 };
const atStockton = { latitude: 37.96, longitude: -121.29, accuracy: 20 };

/**
 * The numbers page's rollups (server/features/service-requests/numbers-rollups.ts, site_event_totals)
 * give the figures the plain queries over every row give (tests/support/numbers-plain.ts), after each
 * write that moves them: requests stored, contacted, accepted, marked spam and back, cancelled by the
 * driver, moved to another town, their positions erased, deleted; site events counted. And a rebuild
 * from scratch agrees with what the writes kept.
 */
describe.each(databaseTargets)("the numbers' rollups on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase(target);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Every period's figures from the rollups equal the plain queries' (the moment of computing aside). */
  const expectPlainFigures = async (now: Date) => {
    for (const days of numbersPeriods) {
      const kept = await deskNumbers(db.db, days, now, site.timeZone);
      const plain = await plainDeskNumbers(db.db, days, now, site.timeZone);
      expect(kept, `${days} days`).toEqual(plain);
    }
  };

  it("follows every write of a request and every counted event", async () => {
    const store = serviceRequestWriter(db.db, ["email"], towns);
    const request = (fields: Record<string, unknown>) =>
      store({ ...validServiceRequest, language: "en", ...fields } as unknown as ServiceRequest);
    const ids: number[] = [];
    const forms: Partial<ServiceRequest>[] = [
      { service: "Towing", ...atLodi },
      { service: "Jump Start" },
      { service: "Towing", ...atStockton },
      { service: "Flat Tire", ...atLodi },
      { service: "Vehicle Lockouts" },
    ];
    for (const [i, fields] of forms.entries()) {
      ids.push((await request({ ...fields, email: `driver${i}@example.com` })).id);
    }
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    const now = new Date();
    await expectPlainFigures(now);

    // Contacted, a partner's acceptance (as acceptOffer writes it), spam and back, a cancel, a new position.
    await transition(db.db, { id: a, to: "contacted", actor: "owner@example.com", now });
    await db.db.insert(requestEvents).values({ requestId: a, kind: "offer_accepted", actor: "Partner", partnerId: 1 });
    await transition(db.db, { id: a, to: "dispatched", actor: "Partner", now });
    await transition(db.db, { id: b, to: "contacted", actor: "owner@example.com", now });
    await transition(db.db, { id: c, to: "spam", actor: "owner@example.com", now });
    await transition(db.db, { id: d, to: "spam", actor: "owner@example.com", now });
    await transition(db.db, { id: d, to: "contacted", actor: "owner@example.com", now });
    await cancelByDriver(db.db, e, "found help", now, ["email"]);
    await recordFix(db.db, b, atLodi, towns, now);
    await transition(db.db, { id: b, to: "completed", actor: "owner@example.com", now });
    for (const event of [
      { name: "call_tap", page: "/", placement: "header", language: "en" },
      { name: "call_tap", page: "/", placement: "header", language: "es" },
      { name: "call_tap", page: "/services/towing", placement: "call_band", language: "en" },
      { name: "form_started", page: "/contact", placement: "form", language: "en" },
    ] as SiteEvent[]) {
      await countEvent(db.db, now.toISOString().slice(0, 10), event);
    }
    await expectPlainFigures(now);

    // Positions of ended requests erased (their town becomes unknown), then one request deleted.
    const later = new Date(now.getTime() + 2 * 86_400_000);
    await applyRetention(db.db, { location: 1, request: 3650 }, later);
    await deleteRequest(db.db, a, "owner@example.com");
    await expectPlainFigures(now);

    // What the writes kept is what a rebuild from the tables counts.
    const before = await rowsOf<unknown>(
      db.db,
      sql`select * from request_day_counts where count <> 0 order by 1, 2, 3`,
    );
    await rebuildNumbersRollups(db.db);
    const after = await rowsOf<unknown>(db.db, sql`select * from request_day_counts order by 1, 2, 3`);
    expect(after).toEqual(before);
    await expectPlainFigures(now);
  });
});
