import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHereLink, HERE_LINK_LIFETIME_MS } from "../../server/features/here/store";
import { newPageToken } from "../../server/shared/page-tokens";
import { PAGE_LIFETIME_AFTER_END_DAYS } from "../../src/shared/request-page";
import { site as business } from "../../src/shared/site";
import { databaseTargets } from "../support/databases";
import { addPartner, offerJob, SAME_ORIGIN } from "../support/offers";
import { appOnFreshDatabase, postServiceRequest, type TestDatabase } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/**
 * The three kinds of private link (the driver's /request/{token}, the partner's /offer/{token}, the
 * caller's /here/{token}) answer a token that opens nothing with one 404: the same status, type and
 * bytes for an unknown, a malformed and an expired token, whichever kind of link it was, as a page and
 * as JSON. Nothing in the answer tells a prober which kind of link, or which reason, it met.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The built site's 404 pages, as the build writes them (each language its own). */
const NOT_FOUND_PAGES = {
  "404.html": "<!doctype html><title>Not found</title><h1>404 Page Not Found</h1>",
  "es/404.html": "<!doctype html><title>No encontrada</title><h1>404 Página no encontrada</h1>",
};

/** What a person (or a probe) gets: the status, the type and the body, and the private-page headers. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  type: res.headers["content-type"],
  body: res.body,
  cache: res.headers["cache-control"],
  referrer: res.headers["referrer-policy"],
});

describe.each(databaseTargets)("private links' one 404 on $kind", (target) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock = new Date("2026-11-27T06:00:00Z").getTime();
  const now = () => new Date(clock);
  /** A live token of each kind, made at the start; expired by moving the clock (and ending the request). */
  const live = { request: "", offer: "", here: "" };
  /** A site with nothing built but its two 404 pages. */
  const root = mkdtempSync(path.join(tmpdir(), "private-link-404-"));
  mkdirSync(path.join(root, "es"));
  for (const [file, html] of Object.entries(NOT_FOUND_PAGES)) writeFileSync(path.join(root, file), html);

  appOnFreshDatabase(
    target,
    {
      requestPageRateLimit: { max: 1000, timeWindowMs: 60_000 },
      serviceRequestRateLimit: { max: 1000, timeWindowMs: 60_000 },
      alerts: {},
    },
    (ready) => ({ app, db } = ready),
    {
      site: { ...emptyTestSite(root), notFoundPage: "404.html", spanishNotFoundPage: "es/404.html" },
      requestPageClock: now,
      deskClock: now,
      retention: { autoStart: false },
    },
  );
  beforeAll(async () => {
    const sent = await postServiceRequest(app, {});
    const partner = await addPartner(db.db);
    live.request = sent.token;
    live.offer = (await offerJob(db.db, sent.id, partner.id, now(), { linkHours: 1 })).token;
    live.here = (await createHereLink(db.db, sent.id, now())).token;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Each kind's page, and an answer its page's script sends (JSON, from the page itself). */
  const kinds = {
    request: {
      page: (token: string) => `/request/${token}`,
      api: (token: string) => ({ method: "GET" as const, url: `/api/request/${token}/state` }),
    },
    offer: {
      page: (token: string) => `/offer/${token}`,
      api: (token: string) => ({
        method: "POST" as const,
        url: `/api/offer/${token}/accept`,
        payload: { etaMinutes: 20 },
      }),
    },
    here: {
      page: (token: string) => `/here/${token}`,
      api: (token: string) => ({
        method: "POST" as const,
        url: `/api/here/${token}`,
        payload: { latitude: 38.1302, longitude: -121.2724, accuracy: 12 },
      }),
    },
  };
  type Kind = keyof typeof kinds;
  const names = Object.keys(kinds) as Kind[];
  const asked = (language: string) => ({ ...SAME_ORIGIN, "accept-language": language });
  const pageOf = (kind: Kind, token: string, language: string) =>
    app.inject({ method: "GET", url: kinds[kind].page(token), headers: asked(language) });
  const apiOf = (kind: Kind, token: string, language: string) =>
    app.inject({ ...kinds[kind].api(token), headers: asked(language) });

  it("answers an unknown, a malformed and an expired token of every kind with the same bytes, page and JSON", async () => {
    // Each live link opens first: the 404s below are of links that did work.
    for (const kind of names) {
      expect((await pageOf(kind, live[kind], "en")).statusCode, kind).toBe(200);
    }
    // Every link expires: the offer's after its hour, the /here link after a day, the driver's page
    // a lifetime after the request ended (the driver cancels it here).
    const cancel = await app.inject({
      method: "POST",
      url: `/api/request/${live.request}/cancel`,
      payload: {},
      headers: SAME_ORIGIN,
    });
    expect(cancel.statusCode).toBe(200);
    clock += Math.max(PAGE_LIFETIME_AFTER_END_DAYS * DAY, HERE_LINK_LIFETIME_MS) + 1;

    const tokens = (kind: Kind) => ({
      unknown: newPageToken(),
      malformed: "%27%3Cscript%3E",
      tooLong: "A".repeat(300),
      expired: live[kind],
    });
    for (const [language, pageText] of [
      ["en", NOT_FOUND_PAGES["404.html"]],
      ["es-MX,es;q=0.9", NOT_FOUND_PAGES["es/404.html"]],
    ] as const) {
      const pages: [string, LightMyRequestResponse][] = [];
      const apis: [string, LightMyRequestResponse][] = [];
      for (const kind of names) {
        for (const [reason, token] of Object.entries(tokens(kind))) {
          pages.push([`${kind} ${reason}`, await pageOf(kind, token, language)]);
          apis.push([`${kind} ${reason}`, await apiOf(kind, token, language)]);
        }
      }
      const [, firstPage] = pages[0] as [string, LightMyRequestResponse];
      expect(seen(firstPage)).toMatchObject({
        status: 404,
        body: pageText,
        cache: "no-store",
        referrer: "no-referrer",
      });
      expect(firstPage.headers["content-type"]).toMatch(/^text\/html/);
      for (const [which, res] of pages) expect(seen(res), `page: ${which}`).toEqual(seen(firstPage));

      const [, firstApi] = apis[0] as [string, LightMyRequestResponse];
      expect(firstApi.statusCode).toBe(404);
      expect(firstApi.headers["content-type"]).toMatch(/^application\/json/);
      expect(firstApi.json()).toMatchObject({ code: "not_found" });
      // Helpful all the same: it says what to do, with the phone.
      expect(firstApi.json().message).toContain(business.phone.display);
      for (const [which, res] of apis) expect(seen(res), `JSON: ${which}`).toEqual(seen(firstApi));
    }
  });
});
