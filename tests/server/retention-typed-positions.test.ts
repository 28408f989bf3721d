import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { partnerOffers, requestEvents, reviews, serviceRequests } from "../../server/db/schema";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import type { DeskClient } from "../support/desk-client";
import { addPartner, answerOffer, offerJob, SAME_ORIGIN } from "../support/offers";
import { appWithOwner, postServiceRequest } from "../support/test-app";

const DAY = 24 * 60 * 60 * 1000;

/** What a driver, the owner or a partner might type: a pasted pair and a map link. */
const TYPED = "38.13021,-121.27241";
const MAP_LINK = "https://www.google.com/maps/@38.13021,-121.27241,17z";
const ERASED = "(position erased)";
const traces = ["38.13", "121.27"];

/**
 * The location promise (/privacy) holds for the positions people type too: a driver's note, the
 * owner's desk notes and message, the desk's car, a partner's reasons, a cancel reason, a review, and
 * the history lines that copy them keep them until LOCATION_RETENTION_DAYS after the request ended,
 * and show "(position erased)" after, with the words around them kept.
 */
describe.each(databaseTargets)("retention erases typed positions from every free text on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;
  let retentionNow = new Date();

  appWithOwner(target, { retentionDays: { location: 30, request: 730 } }, (ready) => ({ app, db, owner } = ready), {
    retention: { now: () => retentionNow, autoStart: false },
    alerts: { autoStart: false },
  });

  /** A request, and everything people typed about it through the site's own routes, until the driver cancels. */
  async function typedEverywhere() {
    const { id, token } = await postServiceRequest(app, {
      note: `Gate code 4411, I'm at ${TYPED} ${MAP_LINK}`,
      vehicle: `Silver Civic parked at ${TYPED}`,
    });
    const desk = async (path: string, payload: object) =>
      expect((await owner.post(`/api/desk/requests/${id}/${path}`, payload)).statusCode).toBeLessThan(300);
    await desk("notes", { note: `Caller says ${MAP_LINK}` });
    await desk("driver-message", { message: `We see you at ${TYPED}` });
    await desk("vehicle", { deskVehicle: `2014 Civic at ${TYPED}`, licensePlate: "7ABC123" });
    const [declining, failing] = [await addPartner(db.db), await addPartner(db.db)];
    const declined = await offerJob(db.db, id, declining.id, new Date());
    const taken = await offerJob(db.db, id, failing.id, new Date());
    expect((await answerOffer(app, declined.token, "decline", { reason: `Too far from ${TYPED}` })).statusCode).toBe(
      200,
    );
    expect((await answerOffer(app, taken.token, "accept", { etaMinutes: 20 })).statusCode).toBe(200);
    const notCompleted = { step: "not_completed", reason: `Nobody at ${MAP_LINK}` };
    expect((await answerOffer(app, taken.token, "step", notCompleted)).statusCode).toBe(200);
    const cancel = await app.inject({
      method: "POST",
      url: `/api/request/${token}/cancel`,
      payload: { reason: `Got a ride from ${TYPED}` },
      headers: SAME_ORIGIN,
    });
    expect(cancel.statusCode).toBe(200);
    await desk("notes", { note: `Closed; last seen ${TYPED}` });
    // A review's words, as the driver's page stores them.
    await db.db.insert(reviews).values({
      serviceRequestId: id,
      stars: 4,
      comment: `Found me at ${TYPED} quickly`,
      language: "en",
      firstName: "Maria",
    });
    return id;
  }

  /** Every text column of the request, its history, its offers and its review, by name. */
  async function typedTexts(id: number) {
    const [request] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    const events = await db.db.select().from(requestEvents).where(eq(requestEvents.requestId, id));
    const offers = await db.db.select().from(partnerOffers).where(eq(partnerOffers.serviceRequestId, id));
    const [review] = await db.db.select().from(reviews).where(eq(reviews.serviceRequestId, id));
    return {
      note: request?.note,
      vehicle: request?.vehicle,
      driverMessage: request?.driverMessage,
      cancelReason: request?.cancelReason,
      deskVehicle: request?.deskVehicle,
      eventNotes: events.flatMap((e) => (e.note?.includes(" ") ? [`${e.kind}: ${e.note}`] : [])),
      declineReason: offers.find((o) => o.declineReason)?.declineReason,
      notCompletedReason: offers.find((o) => o.notCompletedReason)?.notCompletedReason,
      review: review?.comment,
    };
  }

  it("keeps them until the deadline, then leaves only '(position erased)' in every column", async () => {
    const id = await typedEverywhere();
    const [ended] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(ended?.status).toBe("cancelled");
    const endedAt = ended?.endedAt?.getTime() ?? Number.NaN;

    retentionNow = new Date(endedAt + 29 * DAY);
    await app.retention.runOnce();
    const before = await typedTexts(id);
    for (const [column, text] of Object.entries(before))
      expect(JSON.stringify(text), `${column} before the deadline`).toContain("38.13021");
    // The history copies the owner's message, both desk notes, the decline reason and the cancel reason.
    expect(before.eventNotes).toHaveLength(5);

    retentionNow = new Date(endedAt + 30 * DAY + 60_000);
    expect((await app.retention.runOnce()).locationsErased).toBe(1);
    const after = await typedTexts(id);
    expect(after).toEqual({
      note: `Gate code 4411, I'm at ${ERASED} https://www.google.com/maps/@${ERASED},17z`,
      vehicle: `Silver Civic parked at ${ERASED}`,
      driverMessage: `We see you at ${ERASED}`,
      cancelReason: `Got a ride from ${ERASED}`,
      deskVehicle: `2014 Civic at ${ERASED}`,
      eventNotes: expect.arrayContaining([
        `note: Caller says https://www.google.com/maps/@${ERASED},17z`,
        `driver_message: We see you at ${ERASED}`,
        `offer_declined: Too far from ${ERASED}`,
        `status: Got a ride from ${ERASED}`,
        `note: Closed; last seen ${ERASED}`,
      ]),
      declineReason: `Too far from ${ERASED}`,
      notCompletedReason: `Nobody at https://www.google.com/maps/@${ERASED},17z`,
      review: `Found me at ${ERASED} quickly`,
    });
    // Nothing anywhere in the request's rows still spells the position.
    for (const table of ["contact_requests", "partner_offers", "reviews"]) {
      const rows = await db.db.execute(
        sql`select * from ${sql.identifier(table)} where ${sql.identifier(table === "contact_requests" ? "id" : "contact_request_id")} = ${id}`,
      );
      for (const trace of traces) expect(JSON.stringify(rows), `${table} still holds ${trace}`).not.toContain(trace);
    }
    const history = await db.db.execute(sql`select * from request_events where request_id = ${id}`);
    for (const trace of traces)
      expect(JSON.stringify(history), `the history still holds ${trace}`).not.toContain(trace);
  });
});
