import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alertOutbox, partnerOffers, partners, requestEvents, serviceRequests } from "../../server/db/schema";
import { OFFER_TIMER_ACTOR } from "../../server/features/partners/expiry";
import type { DeskOffers } from "../../src/shared/partner-schema";
import { databaseTargets } from "../support/databases";
import { addDriverPageLink, addOfferLink, answerOffer } from "../support/offers";
import { OWNER, type PartnersWorld, partnersWorld } from "../support/partners";
import { validServiceRequest } from "../support/service-request";

const MINUTE = 60_000;
const T0 = new Date("2026-11-20T12:52:00Z"); // 4:52 AM in Stockton

/** The desk's channels: a no_partner alert goes on each (nothing is sent: the worker is stopped). */
const deskChannels = {
  alerts: {
    email: { smtpUrl: "smtp://127.0.0.1:2525", from: "site@example.com", to: ["owner@example.com"] },
    webhook: { url: "https://127.0.0.1:9/hook", secret: "s".repeat(32) },
  },
};

describe.each(databaseTargets)("offering jobs to partners on $kind", (target) => {
  // The partners' offer pages answer on the same clock as the desk's offers.
  const w: PartnersWorld = partnersWorld(target, deskChannels, T0, { requestPageClock: () => w.now() });

  const eventsOf = async (requestId: number) =>
    w.db.db
      .select({
        kind: requestEvents.kind,
        actor: requestEvents.actor,
        note: requestEvents.note,
        partnerId: requestEvents.partnerId,
      })
      .from(requestEvents)
      .where(eq(requestEvents.requestId, requestId))
      .orderBy(requestEvents.id);
  const alertsOf = async (requestId: number) =>
    w.db.db
      .select({ kind: alertOutbox.kind, channel: alertOutbox.channel, offerId: alertOutbox.offerId })
      .from(alertOutbox)
      .where(eq(alertOutbox.serviceRequestId, requestId))
      .orderBy(alertOutbox.offerId, alertOutbox.channel);
  const offer = (requestId: number, partnerIds: number[], town?: string) =>
    w.desk.post(`/api/desk/requests/${requestId}/offers`, town ? { partnerIds, town } : { partnerIds });
  const noPartnerEvents = async (requestId: number) =>
    (await eventsOf(requestId)).filter((e) => e.kind === "no_partner").length;

  /** Three partners in a town of their own, so each test's rotation is its own. */
  const threePartners = async (town: string) => ({
    withSystem: await w.addPartner({
      companyName: `Rivera Towing ${town}`,
      towns: [town],
      webhookUrl: "https://dispatch.example.com/rivera/offers",
    }),
    plain: await w.addPartner({ companyName: `Delta Tow ${town}`, towns: [town] }),
    third: await w.addPartner({ companyName: `Zeta Roadside ${town}`, towns: [town] }),
  });

  it("sends an offer to each partner chosen: an e-mail each, a webhook event for a partner with a system, a history line each, and the rotation moves", async () => {
    w.setNow(T0);
    const p = await threePartners("Lodi");
    const requestId = await w.addRequest({ nearestTown: "Lodi", nearestTownKm: 1.4, name: "Maria Lopez" });
    const res = await offer(requestId, [p.withSystem, p.plain]);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as DeskOffers;
    expect(answer.offers.map((o) => [o.partnerId, o.state, o.town, o.createdAt, o.expiresAt])).toEqual([
      [p.withSystem, "offered", "Lodi", T0.toISOString(), new Date(T0.getTime() + 10 * MINUTE).toISOString()],
      [p.plain, "offered", "Lodi", T0.toISOString(), new Date(T0.getTime() + 10 * MINUTE).toISOString()],
    ]);
    // Those holding an open offer are not offered again.
    expect(answer.candidates.map((c) => c.id)).toEqual([p.third]);

    const offerIds = answer.offers.map((o) => o.id);
    expect(await alertsOf(requestId)).toEqual([
      { kind: "offer_created", channel: "email", offerId: offerIds[0] },
      { kind: "offer_created", channel: "webhook", offerId: offerIds[0] },
      { kind: "offer_created", channel: "email", offerId: offerIds[1] },
    ]);
    expect(await eventsOf(requestId)).toEqual([
      { kind: "offer_sent", actor: OWNER, note: "Rivera Towing Lodi", partnerId: p.withSystem },
      { kind: "offer_sent", actor: OWNER, note: "Delta Tow Lodi", partnerId: p.plain },
    ]);
    const rows = await w.db.db
      .select({ id: partners.id, lastOfferedAt: partners.lastOfferedAt })
      .from(partners)
      .where(inArray(partners.id, [p.withSystem, p.plain, p.third]))
      .orderBy(partners.id);
    expect(rows.map((r) => r.lastOfferedAt?.toISOString() ?? null)).toEqual([T0.toISOString(), T0.toISOString(), null]);

    // The next job in Lodi lists the partner never offered first, then the others.
    w.setNow(new Date(T0.getTime() + MINUTE));
    await offer(await w.addRequest({ nearestTown: "Lodi" }), [p.plain]);
    const next = (
      await w.desk.get(`/api/desk/requests/${await w.addRequest({ nearestTown: "Lodi" })}/offers`)
    ).json() as DeskOffers;
    expect(next.candidates.map((c) => c.id)).toEqual([p.third, p.withSystem, p.plain]);

    // The text the owner can send from their phone: the job, not the driver, and no private link.
    const sms = answer.offers[0]?.smsHref ?? "";
    expect(sms.startsWith("sms:2095550177?body=")).toBe(true);
    const body = decodeURIComponent(sms.slice(sms.indexOf("body=") + 5));
    expect(body).toContain(`job offer #${requestId}, Towing near Lodi (1.4 km from town), requested 4:52 AM`);
    expect(body).toContain("before 5:02 AM");
    expect(body).not.toMatch(/Maria|555-0100|\/offer\//);
  });

  it("refuses offers that cannot go out, saying what to do, and sends nothing", async () => {
    w.setNow(T0);
    const p = await threePartners("Tracy");
    const paused = await w.addPartner({ companyName: "Paused Tracy", towns: ["Tracy"], active: false });
    const requestId = await w.addRequest({ nearestTown: "Tracy" });

    const notCandidate = await offer(requestId, [p.plain, paused]);
    expect(notCandidate.statusCode).toBe(409);
    expect(notCandidate.json().error).toMatch(/^partnerIds: some of these partners cannot be offered this job now/);
    expect((await offer(requestId, [])).statusCode).toBe(400);
    expect((await offer(requestId, [1e20])).statusCode).toBe(400);
    expect((await w.desk.get(`/api/desk/requests/${requestId}/offers?town=%00`)).statusCode).toBe(400);
    expect((await offer(999_999, [p.plain])).statusCode).toBe(404);
    expect(await alertsOf(requestId)).toEqual([]);

    expect((await offer(requestId, [p.plain])).statusCode).toBe(201);
    const twice = await offer(requestId, [p.plain]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(
      `Delta Tow Tracy already has an open offer on this job: wait for the answer or for it to expire.`,
    );

    // A partner took it: no more offers.
    await w.db.db
      .update(partnerOffers)
      .set({ state: "accepted", answeredAt: T0, etaMinutes: 25 })
      .where(eq(partnerOffers.serviceRequestId, requestId));
    const taken = await offer(requestId, [p.third]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatch(/^Delta Tow Tracy already accepted service request #\d+/);

    const cancelled = await w.addRequest({ nearestTown: "Tracy", status: "cancelled" });
    expect((await offer(cancelled, [p.third])).statusCode).toBe(409);
    const completed = await w.addRequest({ nearestTown: "Tracy", status: "completed" });
    const ended = await offer(completed, [p.third]);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error).toMatch(/is completed: set it back to New or Contacted/);

    // No position: the owner names the town, which must be one we serve.
    const noTown = await w.addRequest({ nearestTown: null, nearestTownKm: null });
    const needsTown = await offer(noTown, [p.third]);
    expect(needsTown.statusCode).toBe(400);
    expect(needsTown.json().error).toMatch(/^town: the driver sent no location, so choose the town/);
    expect((await offer(noTown, [p.third], "Fresno")).statusCode).toBe(400);
    const chosen = await offer(noTown, [p.third], "tracy");
    expect(chosen.statusCode).toBe(201);
    const [row] = await w.db.db.select().from(partnerOffers).where(eq(partnerOffers.serviceRequestId, noTown));
    expect(row).toMatchObject({ town: "Tracy", distanceKm: null });
    expect(await alertsOf(cancelled)).toEqual([]);
    expect(await alertsOf(completed)).toEqual([]);
  });

  it("expires unanswered offers on time and alerts the desk once per round; offering again starts a new round", async () => {
    w.setNow(T0);
    const p = await threePartners("Manteca");
    const requestId = await w.addRequest({ nearestTown: "Manteca" });
    await offer(requestId, [p.withSystem, p.plain]);

    w.setNow(new Date(T0.getTime() + 10 * MINUTE - 1000));
    expect(await w.app.offerExpiry.runOnce()).toMatchObject({ expired: 0, escalated: [] });
    w.setNow(new Date(T0.getTime() + 10 * MINUTE));
    // (The other tests' jobs share the database: each test looks at its own.)
    const swept = await w.app.offerExpiry.runOnce();
    expect(swept.escalated).toContain(requestId);
    const offers = await w.db.db.select().from(partnerOffers).where(eq(partnerOffers.serviceRequestId, requestId));
    expect(offers.map((o) => [o.state, o.answeredAt?.toISOString()])).toEqual([
      ["expired", w.now().toISOString()],
      ["expired", w.now().toISOString()],
    ]);
    expect((await eventsOf(requestId)).slice(2)).toEqual([
      { kind: "offer_expired", actor: "Rivera Towing Manteca", note: null, partnerId: p.withSystem },
      { kind: "offer_expired", actor: "Delta Tow Manteca", note: null, partnerId: p.plain },
      { kind: "no_partner", actor: OFFER_TIMER_ACTOR, note: null, partnerId: null },
    ]);
    const noPartnerAlerts = (await alertsOf(requestId)).filter((a) => a.kind === "no_partner");
    expect(noPartnerAlerts.map((a) => a.channel).sort()).toEqual(["email", "webhook"]);

    // Later passes, and a decline's own check, add nothing to a round already escalated.
    w.setNow(new Date(T0.getTime() + 11 * MINUTE));
    expect((await w.app.offerExpiry.runOnce()).escalated).not.toContain(requestId);
    expect(await w.app.offerExpiry.escalate(requestId)).toBe(false);
    expect(await noPartnerEvents(requestId)).toBe(1);

    // The owner offers it again: a new round, which escalates again when it runs out.
    w.setNow(new Date(T0.getTime() + 12 * MINUTE));
    expect((await offer(requestId, [p.third])).statusCode).toBe(201);
    expect(await w.app.offerExpiry.escalate(requestId)).toBe(false); // an offer is open
    w.setNow(new Date(T0.getTime() + 22 * MINUTE));
    expect((await w.app.offerExpiry.runOnce()).escalated).toContain(requestId);
    expect(await noPartnerEvents(requestId)).toBe(2);
    expect((await alertsOf(requestId)).filter((a) => a.kind === "no_partner")).toHaveLength(4);
  });

  it("escalates when the last open offer is declined, never while one is open or after one was accepted", async () => {
    w.setNow(T0);
    const p = await threePartners("Lathrop");
    // What the offer page records when a partner declines: the offer's state and a history line.
    const decline = async (offerRow: { id: number; serviceRequestId: number; partnerId: number }) => {
      await w.db.db
        .update(partnerOffers)
        .set({ state: "declined", answeredAt: w.now(), declineReason: "No truck free" })
        .where(eq(partnerOffers.id, offerRow.id));
      await w.db.db.insert(requestEvents).values({
        requestId: offerRow.serviceRequestId,
        kind: "offer_declined",
        actor: "a partner",
        note: "No truck free",
        partnerId: offerRow.partnerId,
        at: w.now(),
      });
    };
    const offersOf = (id: number) =>
      w.db.db.select().from(partnerOffers).where(eq(partnerOffers.serviceRequestId, id)).orderBy(partnerOffers.id);

    // Both decline: the offer page's check after the second decline alerts the desk at once.
    const declined = await w.addRequest({ nearestTown: "Lathrop" });
    await offer(declined, [p.withSystem, p.plain]);
    const [first, second] = await offersOf(declined);
    if (!first || !second) throw new Error("no offers");
    await decline(first);
    expect(await w.app.offerExpiry.escalate(declined)).toBe(false);
    await decline(second);
    // Two checks at once (two servers, or the page and the sweep): one alert.
    const both = await Promise.all([w.app.offerExpiry.escalate(declined), w.app.offerExpiry.escalate(declined)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await noPartnerEvents(declined)).toBe(1);

    // A decline whose own check never ran is caught by the next sweep.
    const missed = await w.addRequest({ nearestTown: "Lathrop" });
    await offer(missed, [p.third]);
    const [only] = await offersOf(missed);
    if (!only) throw new Error("no offer");
    await decline(only);
    expect((await w.app.offerExpiry.runOnce()).escalated).toContain(missed);

    // One accepted, the other expires: the job is taken, nobody is alerted.
    w.setNow(new Date(T0.getTime() + MINUTE));
    const taken = await w.addRequest({ nearestTown: "Lathrop" });
    await offer(taken, [p.withSystem, p.plain]);
    const [winner] = await offersOf(taken);
    if (!winner) throw new Error("no offer");
    await w.db.db
      .update(partnerOffers)
      .set({ state: "accepted", answeredAt: w.now(), etaMinutes: 25 })
      .where(eq(partnerOffers.id, winner.id));
    // The driver cancels another before anyone answers: its offers expire quietly.
    const cancelled = await w.addRequest({ nearestTown: "Lathrop" });
    await offer(cancelled, [p.third]);
    await w.db.db.update(serviceRequests).set({ status: "cancelled" }).where(eq(serviceRequests.id, cancelled));
    w.setNow(new Date(T0.getTime() + 30 * MINUTE));
    const swept = await w.app.offerExpiry.runOnce();
    expect(swept.escalated).not.toContain(taken);
    expect(swept.escalated).not.toContain(cancelled);
    expect((await offersOf(taken)).map((o) => o.state)).toEqual(["accepted", "expired"]);
    expect(await noPartnerEvents(taken)).toBe(0);
    expect(await noPartnerEvents(cancelled)).toBe(0);
    const expired = await w.db.db
      .select({ state: partnerOffers.state })
      .from(partnerOffers)
      .where(and(eq(partnerOffers.serviceRequestId, cancelled), eq(partnerOffers.state, "expired")));
    expect(expired).toHaveLength(1);
  });
  it("a partner who could not complete the job: the desk is alerted, offers it again, another partner takes it and the driver sees them", async () => {
    w.setNow(T0);
    const p = await threePartners("Tracy");
    const requestId = await w.addRequest({ nearestTown: "Tracy" });
    // The driver's page, and a link to each offer as its partner's e-mail would carry.
    const driverToken = await addDriverPageLink(w.db.db, requestId);
    const driverLive = async () =>
      (await w.app.inject({ method: "GET", url: `/api/request/${driverToken}/state` })).json().live;
    const driverSees = async () => (await driverLive()).partner;
    const driverStatus = async () => (await driverLive()).status;
    const linkTo = async (partnerId: number, jobId = requestId) => {
      const [row] = await w.db.db
        .select({ id: partnerOffers.id })
        .from(partnerOffers)
        .where(and(eq(partnerOffers.serviceRequestId, jobId), eq(partnerOffers.partnerId, partnerId)))
        .orderBy(partnerOffers.id);
      if (!row) throw new Error("no offer");
      const { token } = await addOfferLink(w.db.db, row.id, w.now(), { linkHours: 24 });
      return { offerId: row.id, token };
    };

    expect((await offer(requestId, [p.withSystem, p.plain])).statusCode).toBe(201);
    const plain = await linkTo(p.plain);
    expect((await answerOffer(w.app, plain.token, "accept", { etaMinutes: 20 })).statusCode).toBe(200);
    expect((await offer(requestId, [p.third])).statusCode).toBe(409); // Delta holds the job
    w.setNow(new Date(T0.getTime() + 30 * MINUTE));
    const undone = await answerOffer(w.app, plain.token, "step", { step: "not_completed", reason: "Truck broke down" });
    expect(undone.statusCode).toBe(200);

    // The desk hears at once on each of its channels, about that offer; "no partner took it" is not said.
    const told = (await alertsOf(requestId)).filter((a) => a.kind === "job_not_completed");
    expect(told).toEqual([
      { kind: "job_not_completed", channel: "email", offerId: plain.offerId },
      { kind: "job_not_completed", channel: "webhook", offerId: plain.offerId },
    ]);
    expect(await w.app.offerExpiry.escalate(requestId)).toBe(false);
    expect(await noPartnerEvents(requestId)).toBe(0);
    // The offer withdrawn when Delta accepted still says the job was taken: what its partner was told.
    const deltaPage = async () => (await w.app.inject({ method: "GET", url: `/offer/${plain.token}` })).body;
    expect(await deltaPage()).toContain(validServiceRequest.name); // their record, until the job goes on
    const rivera = await linkTo(p.withSystem);
    expect((await w.app.inject({ method: "GET", url: `/offer/${rivera.token}` })).body).toContain("This job was taken");
    // The driver's page no longer says someone is on the way; it still names who had it and that they
    // could not complete it, until someone else accepts. The request is back to Contacted.
    expect(await driverSees()).toMatchObject({ companyName: "Delta Tow Tracy", step: "not_completed" });
    expect(await driverStatus()).toBe("arranging");

    // The owner offers it again; the desk lists the undone acceptance beside the new offer.
    expect((await offer(requestId, [p.third])).statusCode).toBe(201);
    const listed = (await w.desk.get(`/api/desk/requests/${requestId}/offers`)).json() as DeskOffers;
    expect(listed.offers.map((o) => [o.companyName, o.state, o.step])).toEqual([
      ["Rivera Towing Tracy", "withdrawn", null],
      ["Delta Tow Tracy", "accepted", "not_completed"],
      ["Zeta Roadside Tracy", "offered", null],
    ]);
    const third = await linkTo(p.third);
    const taken = await answerOffer(w.app, third.token, "accept", { etaMinutes: 35 });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().offer).toMatchObject({ state: "accepted", etaMinutes: 35, taken: false });
    expect(await driverSees()).toMatchObject({ companyName: "Zeta Roadside Tracy", etaMinutes: 35, step: "accepted" });
    expect(await driverStatus()).toBe("accepted");
    // Delta's page keeps their own steps but no longer shows the driver: the job is Zeta's now.
    const handedOn = await deltaPage();
    expect(handedOn).toContain("the job went to another operator");
    expect(handedOn).toContain("Truck broke down");
    expect(handedOn).not.toContain(validServiceRequest.name);
    expect(handedOn).not.toContain(validServiceRequest.phone);
    // One partner holds it again: no more offers, and the one who could not complete cannot take it back.
    expect((await offer(requestId, [p.withSystem])).statusCode).toBe(409);
    expect((await answerOffer(w.app, plain.token, "step", { step: "on_the_way" })).statusCode).toBe(409);

    // A new round that nobody takes escalates like any other.
    w.setNow(T0);
    const again = await w.addRequest({ nearestTown: "Tracy" });
    expect((await w.desk.post(`/api/desk/requests/${again}/offers`, { partnerIds: [p.plain] })).statusCode).toBe(201);
    const { token } = await linkTo(p.plain, again);
    expect((await answerOffer(w.app, token, "accept", { etaMinutes: 10 })).statusCode).toBe(200);
    expect((await answerOffer(w.app, token, "step", { step: "not_completed", reason: "" })).statusCode).toBe(200);
    expect((await w.desk.post(`/api/desk/requests/${again}/offers`, { partnerIds: [p.withSystem] })).statusCode).toBe(
      201,
    );
    w.setNow(new Date(T0.getTime() + 10 * MINUTE));
    expect((await w.app.offerExpiry.runOnce()).escalated).toContain(again);
    expect(await noPartnerEvents(again)).toBe(1);
  });
});
