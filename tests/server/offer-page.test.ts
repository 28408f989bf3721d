import { createHash } from "node:crypto";
import * as cheerio from "cheerio";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { alertOutbox, offerLinks, partnerOffers, requestEvents, serviceRequests } from "../../server/db/schema";
import { newPageToken } from "../../server/shared/page-tokens";
import { mapSearchHref } from "../../src/shared/links";
import { site } from "../../src/shared/site";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { addPartner, answerOffer, offerJob, SAME_ORIGIN } from "../support/offers";
import { validServiceRequest } from "../support/service-request";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

const MINUTE = 60_000;
/** Offer lookups per client per window: above what the other tests make from their one client. */
const LOOKUP_LIMIT = 100;
const phoneNamed = (text: string) => expect(text).toContain(site.phone.display);

describe.each(databaseTargets)("a partner's offer page on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let clock = Date.now();
  const now = () => new Date(clock);

  /** A request as the form sends it: its id and its driver-page token. */
  const send = async (fields: Record<string, string> = {}) => {
    const { id, token } = await postServiceRequest(app, fields);
    return { id, driverToken: token };
  };
  const page = (path: string) => app.inject({ method: "GET", url: path });
  const formAnswer = (token: string, action: string, fields: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: `/api/offer/${token}/${action}`,
      payload: new URLSearchParams(fields).toString(),
      headers: { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
  const events = (requestId: number) =>
    db.db.select().from(requestEvents).where(eq(requestEvents.requestId, requestId)).orderBy(requestEvents.id);
  const statusOf = async (id: number) =>
    (await db.db.select({ s: serviceRequests.status }).from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.s;
  /** The driver's own page, as its island reads it. */
  const driverStatus = async (driverToken: string) =>
    (await app.inject({ method: "GET", url: `/api/request/${driverToken}/state` })).json().live.status;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({
        serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        requestPageRateLimit: { max: LOOKUP_LIMIT, timeWindowMs: 60_000 },
        alerts: {},
      }),
      logger: false,
      site: emptyTestSite(),
      db,
      requestPageClock: now,
      deskClock: now,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("answers any link that opens nothing with the request page's one 404, and a link opens its one offer only", async () => {
    clock = Date.now();
    const job = await send();
    const partner = await addPartner(db.db);
    const offer = await offerJob(db.db, job.id, partner.id, now(), { linkHours: 1 });
    expect((await page(offer.path)).statusCode).toBe(200);
    // Only the token's SHA-256 is kept, nowhere the token itself.
    const [link] = await db.db.select().from(offerLinks).where(eq(offerLinks.offerId, offer.offerId));
    expect(link?.tokenSha256).toBe(createHash("sha256").update(offer.token).digest("hex"));
    for (const table of ["offer_links", "partner_offers", "alert_outbox", "request_events"]) {
      expect(JSON.stringify(await db.db.execute(sql.raw(`select * from ${table}`)))).not.toContain(offer.token);
    }

    const requestPage404 = await page(`/request/${newPageToken()}`);
    const answers: LightMyRequestResponse[] = [
      await page(`/offer/${newPageToken()}`),
      await page("/offer/short"),
      await page(`/offer/${"x".repeat(600)}`),
      await page(`${offer.path}/more`),
      // The offer's token opens no driver page, and the driver's token no offer.
      await page(`/request/${offer.token}`),
      await page(`/offer/${job.driverToken}`),
    ];
    clock += 61 * MINUTE; // the link has expired
    answers.push(await page(offer.path));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(requestPage404.body);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
    // An expired link answers nothing either, and changes nothing.
    const late = await answerOffer(app, offer.token, "accept", { etaMinutes: 20 });
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe("not_found");
    phoneNamed(late.json().message);
    expect(await statusOf(job.id)).toBe("new");
  });

  it("before acceptance shows what a partner decides on, and nothing that names or finds the driver", async () => {
    clock = Date.now();
    const job = await send({
      name: "Private Name",
      email: "private@example.com",
      phone: "(209) 555-0187",
      pickupLocation: "4411 Hidden Pickup Rd, Stockton",
      dropoffLocation: "99 Secret Dropoff Way, Lodi",
      vehicle: 'Silver Civic <img src=x onerror="alert(1)">',
    });
    const partner = await addPartner(db.db, { companyName: "Rivera Towing" });
    const offer = await offerJob(db.db, job.id, partner.id, now(), { town: "Stockton", distanceKm: 3.2 });
    const res = await page(offer.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain(`Job offer #${job.id}`);
    expect(res.body).toContain("Jump Start");
    expect(res.body).toContain("Near Stockton, about 2 mi (3.2 km) from its center");
    expect(res.body).not.toContain("centre");
    const $ = cheerio.load(res.body);
    expect($("main").text()).toContain("Lodi (the town the driver's drop-off names)");
    expect(res.body).toContain("Silver Civic &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(res.body).not.toContain("<img src=x");
    for (const hidden of ["Private Name", "private@example.com", "555-0187", "Hidden Pickup", "Secret Dropoff"]) {
      expect(res.body).not.toContain(hidden);
    }
    // Labelled fields, posting to this link only.
    expect(res.body).toContain(`<label for="offer-eta"`);
    expect($("#offer-eta").attr("name")).toBe("etaMinutes");
    expect($("#offer-eta").attr("type")).toBe("number");
    expect(res.body).toContain(`action="/api/offer/${offer.token}/accept"`);
    expect(res.body).toContain(`<label for="offer-decline-reason"`);

    // A drop-off naming two towns, or none, gives no town before acceptance.
    for (const dropoffLocation of ["Lodi Ave, Stockton", "my uncle's shop"]) {
      const other = await send({ dropoffLocation });
      const o = await offerJob(db.db, other.id, partner.id, now(), { distanceKm: null });
      const body = (await page(o.path)).body;
      expect(body).toContain("Given after you accept");
      expect(body).toContain("In or near Stockton");
    }
  });

  it("names the town, not 'about 0 mi', under half a mile, and writes the deadline large with the minutes left", async () => {
    clock = Date.parse("2026-11-29T10:37:00Z"); // 2:37 AM in Stockton
    const job = await send();
    const partner = await addPartner(db.db);
    const near = await offerJob(db.db, job.id, partner.id, now(), { town: "Stockton", distanceKm: 0.6 });
    const res = await page(near.path);
    expect(res.body).toContain(">In Stockton<");
    expect(res.body).not.toContain("about 0 mi");
    const deadline = (await page(near.path)).body.match(/data-testid="offer-deadline"[^>]*>(.*?)<\/p>/)?.[1];
    expect(deadline?.replace(/<[^>]+>/g, "")).toBe("Answer by 2:47 AM, 10 min left");
  });

  it("one declines, one accepts with an estimate: the job is dispatched, the others withdrawn and told, the record shown", async () => {
    clock = Date.now();
    const job = await send({ vehicle: "2014 Honda Civic" });
    const a = await addPartner(db.db, { companyName: "Acme Towing" });
    const b = await addPartner(db.db, { companyName: "Rivera Towing" });
    const c = await addPartner(db.db, { companyName: "Delta Towing", webhookUrl: "https://delta.example/hooks" });
    const offerA = await offerJob(db.db, job.id, a.id, now());
    const offerB = await offerJob(db.db, job.id, b.id, now());
    const offerC = await offerJob(db.db, job.id, c.id, now());

    // A declines from the page's form: back to the page, which says so.
    const declined = await formAnswer(offerA.token, "decline", { reason: "No truck free <b>now</b>" });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(offerA.path);
    expect((await page(offerA.path)).body).toContain("You declined this job");

    clock += 2 * MINUTE;
    const accepted = await answerOffer(app, offerB.token, "accept", { etaMinutes: 25 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().offer).toMatchObject({ state: "accepted", etaMinutes: 25, step: "accepted", taken: false });
    expect(await statusOf(job.id)).toBe("dispatched");
    // "Accepted by …" until the partner reports On the way (issue 48).
    expect(await driverStatus(job.driverToken)).toBe("accepted");

    const history = await events(job.id);
    expect(history.map((e) => [e.kind, e.actor, e.note, e.partnerId])).toEqual([
      ["offer_declined", "Acme Towing", "No truck free <b>now</b>", a.id],
      ["offer_accepted", "Rivera Towing", "25", b.id],
      ["offer_withdrawn", "Rivera Towing", "Delta Towing", c.id],
      ["status", "Rivera Towing", null, null],
    ]);
    expect(history.at(-1)).toMatchObject({ fromStatus: "new", toStatus: "dispatched" });
    // C is told through the outbox: an e-mail, and a webhook event since C has a system of its own.
    const told = await db.db
      .select({ channel: alertOutbox.channel, offerId: alertOutbox.offerId })
      .from(alertOutbox)
      .where(and(eq(alertOutbox.serviceRequestId, job.id), eq(alertOutbox.kind, "offer_withdrawn")));
    expect(told.sort((x, y) => x.channel.localeCompare(y.channel))).toEqual([
      { channel: "email", offerId: offerC.offerId },
      { channel: "webhook", offerId: offerC.offerId },
    ]);
    const [cRow] = await db.db.select().from(partnerOffers).where(eq(partnerOffers.id, offerC.offerId));
    expect(cRow).toMatchObject({ state: "withdrawn", answeredAt: now() });

    // C's page says the job was taken and shows nothing of the driver; its acceptance is refused.
    const cPage = (await page(offerC.path)).body;
    expect(cPage).toContain("This job was taken");
    for (const hidden of [validServiceRequest.name, validServiceRequest.pickupLocation, "Fremont", "555-0100"]) {
      expect(cPage).not.toContain(hidden);
    }
    const late = await answerOffer(app, offerC.token, "accept", { etaMinutes: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "conflict", offer: { state: "withdrawn", taken: true } });
    phoneNamed(late.json().message);

    // A's link, declined before, now says the job was taken, and still shows nothing of the driver.
    const aPage = (await page(offerA.path)).body;
    expect(aPage).toContain("This job was taken");
    expect(aPage).not.toContain(validServiceRequest.name);

    // B's page now holds what CVC 22513(a)(2) asks for.
    const bPage = (await page(offerB.path)).body;
    expect(bPage).toContain(`Job #${job.id}`);
    expect(bPage).toContain("about 25 minutes");
    expect(bPage).toContain(validServiceRequest.name);
    expect(bPage).toContain('href="tel:+12095550100"');
    expect(bPage).toContain("2014 Honda Civic");
    expect(bPage).toContain(validServiceRequest.pickupLocation.replace("&", "&amp;"));
    expect(bPage).toContain(mapSearchHref(validServiceRequest.pickupLocation).replace(/&/g, "&amp;"));
    expect(bPage).toContain(validServiceRequest.dropoffLocation);
    expect(bPage).toContain(mapSearchHref(validServiceRequest.dropoffLocation).replace(/&/g, "&amp;"));
    expect(bPage).toContain("Time summoned");
    expect(cheerio.load(bPage)(`time[datetime="${now().toISOString()}"]`).length).toBeGreaterThan(0);
    expect(bPage).toContain(site.name);
    expect(bPage).toContain(`Not given yet: call ${site.phone.display}`);
    // The owner adds the plate and model in the desk; the page shows them.
    await db.db
      .update(serviceRequests)
      .set({ deskVehicle: "2014 Honda Civic LX", licensePlate: "8ABC123" })
      .where(eq(serviceRequests.id, job.id));
    const withPlate = (await page(offerB.path)).body;
    expect(withPlate).toContain("2014 Honda Civic LX");
    expect(withPlate).toContain("8ABC123");

    // A second acceptance by B changes nothing; A's own decline stands.
    expect((await answerOffer(app, offerB.token, "accept", { etaMinutes: 40 })).json().offer.etaMinutes).toBe(25);
    expect((await answerOffer(app, offerA.token, "accept", { etaMinutes: 5 })).json().offer).toMatchObject({
      state: "declined",
      taken: true,
    });

    // The steps, forward only, each on the timeline; Done completes the request through the desk's path.
    for (const step of ["on_the_way", "on_scene"]) {
      clock += MINUTE;
      expect((await formAnswer(offerB.token, "step", { step })).statusCode).toBe(303);
      expect((await page(offerB.path)).body).toContain(step === "on_the_way" ? "On the way" : "On scene");
    }
    const back = await answerOffer(app, offerB.token, "step", { step: "on_the_way" });
    expect(back.statusCode).toBe(409);
    expect(back.json().offer.step).toBe("on_scene");
    expect((await answerOffer(app, offerB.token, "step", { step: "done" })).json().offer.step).toBe("done");
    expect(await statusOf(job.id)).toBe("completed");
    expect(await driverStatus(job.driverToken)).toBe("done");
    expect((await answerOffer(app, offerB.token, "step", { step: "not_completed" })).statusCode).toBe(409);
    const progress = (await events(job.id)).filter((e) => e.kind === "job_progress" || e.kind === "status");
    expect(progress.map((e) => [e.kind, e.note ?? e.toStatus, e.actor])).toEqual([
      ["status", "dispatched", "Rivera Towing"],
      ["job_progress", "on_the_way", "Rivera Towing"],
      ["job_progress", "on_scene", "Rivera Towing"],
      ["job_progress", "done", "Rivera Towing"],
      ["status", "completed", "Rivera Towing"],
    ]);
    expect(progress.filter((e) => e.kind === "job_progress").every((e) => e.partnerId === b.id)).toBe(true);
  });

  it("the driver's note: not shown before acceptance, then at the top under the pickup, as text", async () => {
    clock = Date.now();
    const job = await send({ note: "Gate code 4521 <script>alert(1)</script>\nRear wheel locked" });
    const partner = await addPartner(db.db, { companyName: "Note Towing" });
    const offer = await offerJob(db.db, job.id, partner.id, now());
    const before = (await page(offer.path)).body;
    expect(before).not.toContain("Gate code 4521");
    expect(before).not.toContain("Driver's note");

    expect((await answerOffer(app, offer.token, "accept", { etaMinutes: 20 })).statusCode).toBe(200);
    const $ = cheerio.load((await page(offer.path)).body);
    // At the top of the accepted job, under the pickup, where the operator reads where to go.
    const top = $('[data-testid="offer-job-top"]');
    const note = top.find('[data-testid="offer-note"]');
    expect(top.find('[data-testid="offer-pickup"]').nextAll('[data-testid="offer-note"]')).toHaveLength(1);
    expect(note.prev().text()).toBe("Driver's note");
    expect(note.text()).toBe("Gate code 4521 <script>alert(1)</script>\nRear wheel locked");
    expect(note.find("script")).toHaveLength(0);
  });

  it("could not complete keeps its reason; steps before acceptance are refused", async () => {
    clock = Date.now();
    const job = await send();
    const p = await addPartner(db.db);
    const offer = await offerJob(db.db, job.id, p.id, now());
    const early = await answerOffer(app, offer.token, "step", { step: "on_the_way" });
    expect(early.statusCode).toBe(409);
    phoneNamed(early.json().message);
    await answerOffer(app, offer.token, "accept", { etaMinutes: 15 });
    const gone = await formAnswer(offer.token, "step", { step: "not_completed", reason: "Gone on arrival" });
    expect(gone.statusCode).toBe(303);
    const [row] = await db.db.select().from(partnerOffers).where(eq(partnerOffers.id, offer.offerId));
    expect(row).toMatchObject({ step: "not_completed", notCompletedReason: "Gone on arrival" });
    expect((await page(offer.path)).body).toContain("Could not complete");
    // Nobody is on the way any more: back to Contacted, and the driver's page no longer says so.
    expect(await statusOf(job.id)).toBe("contacted");
    expect(await driverStatus(job.driverToken)).toBe("arranging");
  });

  it("the last open offer declined: the desk is alerted (no_partner) before the decline's answer comes back", async () => {
    clock = Date.now();
    const job = await send();
    const p = await addPartner(db.db);
    const offer = await offerJob(db.db, job.id, p.id, now());
    // What the desk's offering writes beside the offer: the round it begins.
    await db.db.insert(requestEvents).values({ requestId: job.id, kind: "offer_sent", actor: "owner", at: now() });
    expect((await answerOffer(app, offer.token, "decline", {})).statusCode).toBe(200);
    // No sweep ran: the offers' own listener of the decline escalated it.
    expect((await events(job.id)).map((e) => e.kind)).toEqual(["offer_sent", "offer_declined", "no_partner"]);
  });

  it("an offer past its time cannot be accepted or declined, and its page says so", async () => {
    clock = Date.now();
    const job = await send();
    const p = await addPartner(db.db);
    const offer = await offerJob(db.db, job.id, p.id, now(), { minutes: 10 });
    clock += 10 * MINUTE + 1;
    expect((await page(offer.path)).body).toContain("This offer has expired");
    for (const [action, payload] of [
      ["accept", { etaMinutes: 10 }],
      ["decline", {}],
    ] as const) {
      const res = await answerOffer(app, offer.token, action, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().offer.state).toBe("expired");
    }
    expect(await statusOf(job.id)).toBe("new");
  });

  it("when the driver cancels after acceptance the page says so, shows no details and takes no step", async () => {
    clock = Date.now();
    const job = await send();
    const p = await addPartner(db.db);
    const offer = await offerJob(db.db, job.id, p.id, now());
    await answerOffer(app, offer.token, "accept", { etaMinutes: 30 });
    const cancel = await app.inject({
      method: "POST",
      url: `/api/request/${job.driverToken}/cancel`,
      payload: {},
      headers: SAME_ORIGIN,
    });
    expect(cancel.statusCode).toBe(200);
    const body = (await page(offer.path)).body;
    expect(body).toContain("The driver cancelled");
    expect(body).not.toContain(validServiceRequest.name);
    const step = await answerOffer(app, offer.token, "step", { step: "on_the_way" });
    expect(step.statusCode).toBe(409);
    expect(step.json().offer.driverCancelled).toBe(true);
    // An open offer on a cancelled request is refused too.
    const other = await offerJob(db.db, job.id, (await addPartner(db.db)).id, now());
    expect((await answerOffer(app, other.token, "accept", { etaMinutes: 5 })).json().offer.driverCancelled).toBe(true);
  });

  it("refuses unreadable answers with 400 naming the field and the phone, and changes nothing", async () => {
    clock = Date.now();
    const job = await send();
    const p = await addPartner(db.db);
    const offer = await offerJob(db.db, job.id, p.id, now());
    const bad: [string, unknown, string][] = [
      ["accept", {}, "etaMinutes"],
      ["accept", { etaMinutes: 0 }, "etaMinutes"],
      ["accept", { etaMinutes: 601 }, "etaMinutes"],
      ["accept", { etaMinutes: 2.5 }, "etaMinutes"],
      ["accept", { etaMinutes: "soon" }, "etaMinutes"],
      ["accept", [25], "etaMinutes"],
      ["decline", { reason: "x".repeat(281) }, "reason"],
      ["step", { step: "flying" }, "step"],
      ["step", {}, "step"],
    ];
    for (const [action, payload, field] of bad) {
      const res = await answerOffer(app, offer.token, action, payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("invalid_fields");
      expect(Object.keys(res.json().fields)).toEqual([field]);
      phoneNamed(res.json().message);
    }
    // A form without JavaScript gets a page saying what to do, with the way back.
    const form = await formAnswer(offer.token, "accept", { etaMinutes: "" });
    expect(form.statusCode).toBe(400);
    expect(form.headers["content-type"]).toMatch(/^text\/html/);
    expect(form.body).toContain("arrival estimate in minutes");
    expect(form.body).toContain(`href="${offer.path}"`);
    // An unknown action is a 404 like any other.
    expect((await answerOffer(app, offer.token, "approve", {})).statusCode).toBe(404);
    const [row] = await db.db.select().from(partnerOffers).where(eq(partnerOffers.id, offer.offerId));
    expect(row?.state).toBe("offered");
  });

  it("takes answers only from its own page: a foreign origin, a cross-site fetch or no origin at all is refused", async () => {
    clock = Date.now();
    const job = await send();
    const offer = await offerJob(db.db, job.id, (await addPartner(db.db)).id, now());
    const refused: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      {},
    ];
    for (const headers of refused) {
      const res = await answerOffer(app, offer.token, "accept", { etaMinutes: 20 }, headers);
      expect(res.statusCode).toBe(403);
      phoneNamed(res.json().message);
    }
    expect(await statusOf(job.id)).toBe("new");
    // The page is sent with no-referrer, so a browser's post from it says Origin: null.
    const fromPage = await answerOffer(
      app,
      offer.token,
      "accept",
      { etaMinutes: 20 },
      { origin: "null", "sec-fetch-site": "same-origin" },
    );
    expect(fromPage.statusCode).toBe(200);
  });

  it("counts lookups per client like the request page, and answers past the limit with 429 naming the phone", async () => {
    // Another client than the other tests' (app.inject's 127.0.0.1), so its count starts at zero.
    const client = { remoteAddress: "203.0.113.77" };
    const path = `/offer/${newPageToken()}`;
    const codes = new Set<number>();
    for (let i = 0; i < LOOKUP_LIMIT; i++)
      codes.add((await app.inject({ method: "GET", url: path, ...client })).statusCode);
    expect([...codes]).toEqual([404]);
    const page429 = await app.inject({ method: "GET", url: path, ...client });
    expect(page429.statusCode).toBe(429);
    expect(page429.body).toContain(site.phone.display);
    const over = await app.inject({
      method: "POST",
      url: `/api/offer/${newPageToken()}/accept`,
      payload: {},
      headers: SAME_ORIGIN,
      ...client,
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    phoneNamed(over.json().message);
    // Another client is not held back.
    expect((await page(path)).statusCode).toBe(404);
  });
});
