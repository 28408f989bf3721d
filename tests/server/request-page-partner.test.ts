import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import * as cheerio from "cheerio";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { type JobStep, partnerOffers, serviceRequests } from "../../server/db/schema";
import { ui } from "../../src/i18n/ui";
import type { RequestIslandsData } from "../../src/screens/request/islands";
import type { RequestPageLive } from "../../src/shared/request-page";
import { announceChange } from "../support/announce-change";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { addOffer, addPartner } from "../support/offers";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/**
 * The driver's request page once a partner operator accepted the job (issue 40): who, when, their own
 * estimate, each step live, in the request's language; the partner's phone only with
 * PARTNER_PHONE_TO_DRIVER. Partners and offers are written straight into the tables (the desk's and
 * the offer page's flows are tested with their features).
 */

const ZONE = "America/Los_Angeles";
/** 4:52 AM in Stockton (PST). */
const ACCEPTED_AT = new Date("2026-11-23T12:52:00.000Z");
const PARTNER_PHONE = "(209) 555-0199";
/** 5:17 AM: what a 25-minute estimate given at 4:52 AM comes to. */
const ARRIVAL = new Date(ACCEPTED_AT.getTime() + 25 * 60_000);

/** "4:52 AM PST" / "4:52 a.m. PST": how the page writes a time of the day, checked against Intl itself. */
const clock = (date: Date, tag: string) =>
  new Intl.DateTimeFormat(tag, { timeZone: ZONE, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(
    date,
  );

/** What a person reads on the page: the text of <main>, spaces made plain. */
const visibleText = (html: string) => cheerio.load(html)("main").text().replace(/\s+/g, " ");

/** Reads a page's Server-Sent Events from a real connection; `next()` waits for the next state. */
async function openStates(url: string) {
  const controller = new AbortController();
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    http.get(url, { signal: controller.signal }, resolve).once("error", reject);
  });
  const states: RequestPageLive[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    let buffer = "";
    try {
      for await (const chunk of answer) {
        buffer += String(chunk);
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (/^event: state$/m.test(block) && data) states.push(JSON.parse(data));
          end = buffer.indexOf("\n\n");
        }
        for (const w of waiters) w();
      }
    } catch {
      // closed by the test
    }
  })();
  let seen = 0;
  return {
    status: answer.statusCode,
    /** The next state the server pushed that `until` accepts. */
    next(until: (s: RequestPageLive) => boolean = () => true, timeoutMs = 5_000): Promise<RequestPageLive> {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (seen < states.length) {
            const state = states[seen++] as RequestPageLive;
            if (until(state)) {
              clearTimeout(timer);
              waiters.delete(check);
              return resolve(state);
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such state within ${timeoutMs} ms: ${JSON.stringify(states.slice(-1))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

describe.each(databaseTargets)("the driver's page shows the partner who accepted, on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  /** The same database, with PARTNER_PHONE_TO_DRIVER on. */
  let withPhone: FastifyInstance;
  /** The pages' clock: ten minutes after the acceptance unless a test moves it. */
  let now = new Date(ACCEPTED_AT.getTime() + 10 * 60_000);

  const build = (partnerPhoneToDriver: boolean) =>
    buildApp({
      config: testConfig({
        serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        requestPageRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        alerts: {},
        partnerPhoneToDriver,
      }),
      logger: false,
      site: emptyTestSite(),
      db,
      alerts: { autoStart: false },
      requestFeedIntervalMs: 50,
      requestPageClock: () => now,
    });

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await build(false);
    withPhone = await build(true);
  });
  afterAll(async () => {
    await app?.close();
    await withPhone?.close();
    await db?.close();
  });

  /** A request as the form sends it, in `language`; its id and page path. */
  const send = (language: "en" | "es" = "en") => postServiceRequest(app, { language });
  /** A partner, and their accepted offer on request `id` (as the offer page leaves it). */
  const accepted = async (id: number, companyName = "Rivera Towing", etaMinutes = 25) => {
    const partner = await addPartner(db.db, {
      companyName,
      contactName: "Ana Rivera",
      phone: PARTNER_PHONE,
      email: "dispatch@rivera.example",
      services: ["towing"],
      towns: ["Stockton"],
    });
    // Offered three minutes before it was accepted, open ten.
    return addOffer(db.db, id, partner.id, new Date(ACCEPTED_AT.getTime() - 3 * 60_000), {
      state: "accepted",
      distanceKm: null,
      answeredAt: ACCEPTED_AT,
      etaMinutes,
      step: "accepted",
      stepAt: ACCEPTED_AT,
    });
  };
  /** The desk's status as an accepted offer leaves it (server/features/offer/answers.ts). */
  // Each announced as the server that made it would (LISTEN/NOTIFY on PostgreSQL).
  const dispatched = async (id: number) => {
    await db.db.update(serviceRequests).set({ status: "dispatched" }).where(eq(serviceRequests.id, id));
    await announceChange(db);
  };
  const report = async (offerId: number, step: JobStep, at: Date) => {
    await db.db.update(partnerOffers).set({ step, stepAt: at }).where(eq(partnerOffers.id, offerId));
    await announceChange(db);
  };
  const baseUrl = async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };

  it("says nothing of a partner before one accepted", async () => {
    const { path } = await send();
    const res = await app.inject({ method: "GET", url: path });
    expect(res.body).not.toContain('data-testid="request-partner"');
    const state = await app.inject({ method: "GET", url: `/api${path}/state` });
    expect(state.json().live.partner).toBeNull();
  });

  it("without JavaScript: who accepted, at what time in Stockton, and their own estimate as theirs; no phone by default", async () => {
    const { id, path } = await send();
    await accepted(id);
    const res = await app.inject({ method: "GET", url: path });
    expect(res.statusCode).toBe(200);
    const text = visibleText(res.body);
    expect(clock(ACCEPTED_AT, "en-US")).toBe("4:52 AM PST");
    expect(text).toContain("Rivera Towing accepted your request at 4:52 AM PST.");
    // When they expect to arrive, as a time of day in Stockton and the minutes left (10 of 25 gone).
    expect(clock(ARRIVAL, "en-US")).toBe("5:17 AM PST");
    expect(text).toContain("Arrival: around 5:17 AM PST (about 15 minutes, their estimate).");
    const $ = cheerio.load(res.body);
    expect($('[data-testid="partner-accepted"] time').attr("datetime")).toBe(ACCEPTED_AT.toISOString());
    // The island starts from the same state the page shows.
    const island = (JSON.parse($("#request-islands-data").text()) as RequestIslandsData).live;
    expect(island.partner).toEqual({
      companyName: "Rivera Towing",
      acceptedAt: ACCEPTED_AT.toISOString(),
      etaMinutes: 25,
      step: "accepted",
      stepAt: ACCEPTED_AT.toISOString(),
      phone: null,
    });
    for (const body of [res.body, (await app.inject({ method: "GET", url: `/api${path}/state` })).body]) {
      expect(body).not.toContain("555-0199");
      expect(body).not.toContain("2095550199");
    }
  });

  it("with PARTNER_PHONE_TO_DRIVER on, the partner's phone is on the page as a call link", async () => {
    const { id, path } = await send();
    await accepted(id);
    const res = await withPhone.inject({ method: "GET", url: path });
    const $ = cheerio.load(res.body);
    // A call button: the link is the whole line, naming whom it calls.
    expect($('[data-testid="partner-phone"] a').text()).toBe(`Call Rivera Towing: ${PARTNER_PHONE}`);
    expect($('[data-testid="partner-phone"] a').attr("href")).toBe("tel:+12095550199");
    expect($('[data-testid="partner-phone"] a').attr("class")).toContain("min-h-13");
    const state = await withPhone.inject({ method: "GET", url: `/api${path}/state` });
    expect(state.json().live.partner.phone).toBe(PARTNER_PHONE);
  });

  it("follows each step live over the event stream, and a reload shows the latest", async () => {
    const { id, path, token } = await send();
    const events = await openStates(`${await baseUrl()}/api/request/${token}/events`);
    try {
      expect(events.status).toBe(200);
      expect((await events.next()).partner).toBeNull();
      const offerId = await accepted(id);
      const first = await events.next((s) => s.partner !== null);
      expect(first.partner).toMatchObject({ companyName: "Rivera Towing", etaMinutes: 25, step: "accepted" });
      const steps: [JobStep, string][] = [
        ["on_the_way", "On the way"],
        ["on_scene", "Arrived"],
        ["done", "Done"],
      ];
      let at = ACCEPTED_AT.getTime();
      for (const [step, words] of steps) {
        at += 5 * 60_000;
        await report(offerId, step, new Date(at));
        const state = await events.next((s) => s.partner?.step === step);
        expect(state.partner?.stepAt).toBe(new Date(at).toISOString());
        const text = visibleText((await app.inject({ method: "GET", url: path })).body);
        expect(text).toContain(`Latest: ${words} · ${clock(new Date(at), "en-US")}`);
        // The acceptance stays said above the step; the arrival only until they are there.
        expect(text).toContain("Rivera Towing accepted your request at 4:52 AM PST.");
        if (step === "on_the_way") expect(text).toContain("Arrival: around 5:17 AM PST");
        else expect(text).not.toContain("Arrival:");
      }
      await report(offerId, "not_completed", new Date(at + 60_000));
      expect((await events.next((s) => s.partner?.step === "not_completed")).partner?.companyName).toBe(
        "Rivera Towing",
      );
      expect(visibleText((await app.inject({ method: "GET", url: path })).body)).toContain(
        `Latest: ${ui.en.requestPage.partner.steps.not_completed}`,
      );
    } finally {
      events.close();
    }
  });

  it("in Spanish for a request sent from the Spanish site: the page, the stream's state and every step", async () => {
    const { id, path } = await send("es");
    const offerId = await accepted(id, "Grúas Rivera", 1);
    const es = ui.es.requestPage.partner;
    let text = visibleText((await app.inject({ method: "GET", url: path })).body);
    expect(text).toContain(`Grúas Rivera aceptó su solicitud a las ${clock(ACCEPTED_AT, "es-US")}.`);
    // Past the one minute they gave: said plainly, in Spanish.
    expect(text).toContain(
      `Llegada: se esperaba alrededor de las ${clock(new Date(ACCEPTED_AT.getTime() + 60_000), "es-US")} (cálculo de la compañía). Esa hora ya pasó.`,
    );
    // One minute left is said in the singular.
    now = new Date(ACCEPTED_AT.getTime() + 30_000);
    try {
      text = visibleText((await app.inject({ method: "GET", url: path })).body);
      expect(text).toContain("(en más o menos 1 minuto, según el cálculo de la compañía).");
    } finally {
      now = new Date(ACCEPTED_AT.getTime() + 10 * 60_000);
    }
    let at = ACCEPTED_AT.getTime();
    for (const step of ["on_the_way", "on_scene", "done", "not_completed"] as const) {
      at += 60_000;
      await report(offerId, step, new Date(at));
      text = visibleText((await app.inject({ method: "GET", url: path })).body);
      expect(text).toContain(`${es.latest}: ${es.steps[step]} · ${clock(new Date(at), "es-US")}`);
    }
    expect(text).not.toMatch(/accepted your request|their estimate|On the way|Arrived/);
  });

  it("Spanish says 'a la 1:05' for one o'clock", async () => {
    const { id, path } = await send("es");
    const offerId = await accepted(id, "Grúas Rivera");
    const oneOClock = new Date("2026-11-23T09:05:00.000Z"); // 1:05 AM PST
    await db.db.update(partnerOffers).set({ answeredAt: oneOClock }).where(eq(partnerOffers.id, offerId));
    const text = visibleText((await app.inject({ method: "GET", url: path })).body);
    expect(text).toContain(`Grúas Rivera aceptó su solicitud a la ${clock(oneOClock, "es-US")}.`);
    expect(text).toContain(
      `Llegada: se esperaba alrededor de la ${clock(new Date(oneOClock.getTime() + 25 * 60_000), "es-US")}`,
    );
  });

  it("a partner's name is text everywhere: escaped in the page, a JSON string in the stream", async () => {
    const { id, path } = await send();
    const hostile = '<img src=x onerror="alert(1)"> {time} Towing';
    await accepted(id, hostile);
    const res = await app.inject({ method: "GET", url: path });
    expect(res.body).not.toContain("<img src=x");
    const $ = cheerio.load(res.body);
    expect($('[data-testid="partner-accepted"]').text()).toContain(`${hostile} accepted your request at 4:52 AM PST`);
    expect($('[data-testid="partner-accepted"] img').length).toBe(0);
    const state = await app.inject({ method: "GET", url: `/api${path}/state` });
    expect(state.json().live.partner.companyName).toBe(hostile);
  });

  it("a cancelled request no longer shows the partner (they were told)", async () => {
    const { id, path, token } = await send();
    await accepted(id);
    const res = await app.inject({
      method: "POST",
      url: `/api/request/${token}/cancel`,
      payload: {},
      headers: { origin: "http://localhost:80" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().live.partner).toBeNull();
    expect((await app.inject({ method: "GET", url: path })).body).not.toContain("Rivera Towing");
  });

  it("says 'Accepted by' the partner until they report On the way; only then 'An operator is on the way'", async () => {
    const { id, path, token } = await send();
    const offerId = await accepted(id);
    await dispatched(id);
    const statusOf = async () => {
      const $ = cheerio.load((await app.inject({ method: "GET", url: path })).body);
      return $('[data-testid="request-status"]').text();
    };
    expect(await statusOf()).toBe("Accepted by Rivera Towing");
    const state = await app.inject({ method: "GET", url: `/api/request/${token}/state` });
    expect(state.json().live.status).toBe("accepted");
    await report(offerId, "on_the_way", new Date(ACCEPTED_AT.getTime() + 2 * 60_000));
    expect(await statusOf()).toBe("An operator is on the way");
  });

  it("a request the desk marked dispatched without a partner of ours is on the way, as the desk says", async () => {
    const { id, path } = await send();
    await dispatched(id);
    const $ = cheerio.load((await app.inject({ method: "GET", url: path })).body);
    expect($('[data-testid="request-status"]').text()).toBe("An operator is on the way");
  });

  it("once the estimated time has passed, the page says so, never a count below zero", async () => {
    const { id, path } = await send();
    await accepted(id);
    now = new Date(ARRIVAL.getTime() + 3 * 60_000);
    try {
      const text = visibleText((await app.inject({ method: "GET", url: path })).body);
      expect(text).toContain("Arrival: expected around 5:17 AM PST (their estimate). That time has passed.");
      expect(text).not.toMatch(/about -?\d+ minutes?/);
    } finally {
      now = new Date(ACCEPTED_AT.getTime() + 10 * 60_000);
    }
  });
});
