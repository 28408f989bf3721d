import * as cheerio from "cheerio";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { DeskHereLink, DeskRequestDetail } from "../../src/shared/desk-schema";
import { testConfig } from "../support/config";
import { builtKnowledge } from "../support/content";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { type DeskClient, signInOwner } from "../support/desk-client";
import { logSink } from "../support/log-sink";
import { validServiceRequest } from "../support/service-request";
import { emptyTestSite } from "../support/test-site";

/**
 * The place a caller types on the /here page when their phone gives no position (issue 48): sent as
 * JSON by the page's script or as a plain form post without JavaScript, checked by the shared schema
 * in the request's language, refused from another site and once the request has ended, and kept as a
 * line of the request's history that the desk shows, as text.
 */

/** What a browser sends from the page itself: it has Referrer-Policy no-referrer, so a post says Origin: null. */
const FROM_PAGE = { origin: "null", "sec-fetch-site": "same-origin" };

describe.each(databaseTargets)("a place typed on a /here link, on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let desk: DeskClient;
  const now = new Date("2026-11-27T10:47:00Z");
  const log = logSink();

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
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  /** A request in `language` and a /here link for it: its id and the link's token. */
  const requestWithLink = async (language: "en" | "es" = "en") => {
    const sent = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...validServiceRequest, language },
    });
    const id = sent.json().id as number;
    const link = (await desk.post(`/api/desk/requests/${id}/here-link`)).json() as DeskHereLink;
    return { id, token: link.path.slice("/here/".length) };
  };
  const history = async (id: number) =>
    ((await desk.get(`/api/desk/requests/${id}`)).json() as DeskRequestDetail).events;
  const placeJson = (token: string, payload: unknown, headers: Record<string, string> = FROM_PAGE) =>
    app.inject({ method: "POST", url: `/api/here/${token}/place`, payload: payload as object, headers });

  it("stores the typed place as the caller's history line, with its time, and logs none of it", async () => {
    const { id, token } = await requestWithLink();
    const place = "I-5 north past the <b>March Lane</b> exit\n white pickup";
    const res = await placeJson(token, { place });
    expect(res.statusCode).toBe(204);
    expect(res.headers["cache-control"]).toBe("no-store");
    const line = (await history(id)).find((e) => e.kind === "caller_place");
    expect(line).toMatchObject({
      actor: "the caller",
      // One line, as typed otherwise: markup stays text for the desk to show as text.
      note: "I-5 north past the <b>March Lane</b> exit white pickup",
      at: now.toISOString(),
    });
    expect(log.text()).not.toContain("March Lane");
    expect(log.text()).not.toContain(token);
  });

  it("refuses nothing typed and a place over 200 characters, in the request's language, and stores nothing", async () => {
    const { id, token } = await requestWithLink("es");
    const empty = await placeJson(token, { place: " \t " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: "invalid_fields",
      fields: { place: "Escriba dónde está: la calle, la esquina o la salida más cercana." },
    });
    const long = await placeJson(token, { place: "x".repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Use como máximo 200 caracteres.");
    expect((await placeJson(token, { place: 42 })).statusCode).toBe(400);
    const notAnObject = await app.inject({
      method: "POST",
      url: `/api/here/${token}/place`,
      payload: '"Hwy 99"',
      headers: { ...FROM_PAGE, "content-type": "application/json" },
    });
    expect(notAnObject.statusCode).toBe(400);
    expect((await placeJson(token, { place: "x".repeat(200) })).statusCode).toBe(204);
    // A body far larger than any place is refused before it is read.
    expect((await placeJson(token, { place: "x".repeat(10_000) })).statusCode).toBe(413);
    expect((await history(id)).filter((e) => e.kind === "caller_place")).toHaveLength(1);
  });

  it("refuses a post from another site (403) and one after the request ended (409), with the phone", async () => {
    const { id, token } = await requestWithLink();
    const foreign = await placeJson(token, { place: "Hwy 99" }, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toContain("(209) 555-0142");
    const crossSite = await placeJson(token, { place: "Hwy 99" }, { origin: "null", "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    await desk.post(`/api/desk/requests/${id}/status`, { status: "completed" });
    const ended = await placeJson(token, { place: "Hwy 99" });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(
      "This request has ended, so the position was not sent. Call (209) 555-0142 if you still need help.",
    );
    expect((await history(id)).filter((e) => e.kind === "caller_place")).toHaveLength(0);
    expect((await placeJson(`${"A".repeat(43)}`, { place: "Hwy 99" })).statusCode).toBe(404);
  });

  it("without JavaScript, the page's own form posts the place and gets the page back saying it was sent", async () => {
    const { id, token } = await requestWithLink("es");
    const form = (place: string) =>
      app.inject({
        method: "POST",
        url: `/here/${token}`,
        payload: new URLSearchParams({ place }).toString(),
        headers: { ...FROM_PAGE, "content-type": "application/x-www-form-urlencoded" },
      });
    const sent = await form("Autopista 99 sur, junto a la salida de Arch Road");
    expect(sent.statusCode).toBe(200);
    expect(sent.headers["cache-control"]).toBe("no-store");
    expect(sent.headers["referrer-policy"]).toBe("no-referrer");
    const said = cheerio.load(sent.body)('[data-testid="here-said"]');
    expect(said.attr("role")).toBe("status");
    expect(said.text()).toContain("Enviado. Nuestro despachador puede ver lo que escribió.");
    expect(said.text()).toContain("Lo que sigue:");
    const refused = await form("");
    expect(refused.statusCode).toBe(400);
    const alert = cheerio.load(refused.body)('[data-testid="here-said"]');
    expect(alert.attr("role")).toBe("alert");
    expect(alert.text()).toContain("Escriba dónde está");
    expect((await history(id)).filter((e) => e.kind === "caller_place").map((e) => e.note)).toEqual([
      "Autopista 99 sur, junto a la salida de Arch Road",
    ]);
  });
});
