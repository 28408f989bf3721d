import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { readSiteFiles } from "../../server/site-files";
import type { DeskHereLink } from "../../src/shared/desk-schema";
import { builtStylesheets } from "../support/built-stylesheets";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { signInOwner } from "../support/desk-client";
import { addPartner, offerJob } from "../support/offers";
import { postServiceRequest } from "../support/test-app";

/**
 * The pages opened cold from a texted or e-mailed link (the driver's, the partner's, the caller's)
 * carry the site's stylesheet in the page, so a phone on a weak signal paints them without a second
 * round trip (integrations/inline-stylesheets.mjs; docs/benchmarks.md). And, now that the stylesheet
 * makes them about 100 KB of HTML, each is sent compressed. Read off the built site (`npm run build`).
 */
const distDir = path.resolve(process.env.ASTRO_OUT_DIR ?? "dist");
// The site's stylesheet, and the partner's job page's own (src/styles/job.css).
const { site: stylesheet, siteCss: css, jobCss } = builtStylesheets(distDir);
/** The stylesheet each page carries: the partner's page its own, the others the site's. */
const cssOf = (who: string) => (who === "partner" ? jobCss : css);
/** The caller's location form as a page posts it without JavaScript (an opaque origin, from the page). */
const PLACE_FORM = {
  origin: "null",
  "sec-fetch-site": "same-origin",
  "content-type": "application/x-www-form-urlencoded",
};

const pglite = databaseTargets[0];
if (!pglite) throw new Error("no database target");

/** The page's HTML, as the browser reads it after undoing the compression it asked for. */
const htmlOf = (res: LightMyRequestResponse) => {
  const coding = res.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(res.rawPayload).toString("utf8");
  if (coding === "gzip") return gunzipSync(res.rawPayload).toString("utf8");
  return res.body;
};

describe("the pages opened from a texted link carry their stylesheet, and travel compressed", () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const paths: Record<string, string> = {};

  beforeAll(async () => {
    db = await openTestDatabase(pglite);
    app = await buildApp({ config: testConfig({ distDir }), logger: false, site: readSiteFiles(distDir), db });
    const driver = await postServiceRequest(app);
    const spanish = await postServiceRequest(app, { language: "es" });
    paths.driver = `/request/${driver.token}`;
    paths["driver, in Spanish"] = `/request/${spanish.token}`;
    const partner = await addPartner(db.db);
    paths.partner = (await offerJob(db.db, driver.id, partner.id, new Date(), { linkHours: 1 })).path;
    const desk = await signInOwner(app, db.db);
    const hereLink = async (id: number) =>
      ((await desk.post(`/api/desk/requests/${id}/here-link`)).json() as DeskHereLink).path;
    paths.caller = await hereLink(driver.id);
    paths["caller, in Spanish"] = await hereLink(spanish.id);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("the driver's and the caller's pages hold the site's whole stylesheet, the partner's its own, and link none", async () => {
    expect(css.length).toBeGreaterThan(10_000);
    // The job page's stylesheet holds what the job page draws, not the site's 47 KB (job-stylesheet.test.ts).
    expect(jobCss.length).toBeLessThan(css.length / 3);
    for (const [who, url] of Object.entries(paths)) {
      const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
      expect(res.statusCode, who).toBe(200);
      expect(res.headers["content-encoding"], who).toBeUndefined();
      // Checked as booleans: a failure would otherwise print 100 KB of page.
      expect(res.body.includes(`<style>${cssOf(who)}</style>`), who).toBe(true);
      expect(res.body.includes(who === "partner" ? css : jobCss), who).toBe(false);
      expect(/<link[^>]+rel="stylesheet"/.test(res.body), who).toBe(false);
      expect(res.body.includes("data-inline-stylesheets"), who).toBe(false);
    }
  });

  it("each is sent in brotli or gzip as the browser takes it, at under a third of its size", async () => {
    for (const [who, url] of Object.entries(paths)) {
      const plain = await app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
      for (const coding of ["br", "gzip"]) {
        const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": coding } });
        expect(res.headers["content-encoding"], `${who} ${coding}`).toBe(coding);
        expect(res.headers.vary, who).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length, `${who} ${coding}`).toBeLessThan(plain.rawPayload.length / 3);
        // Undone, it is the whole page, stylesheet and all.
        const html = htmlOf(res);
        expect(html.includes(`<style>${cssOf(who)}</style>`), who).toBe(true);
        expect(html.length, who).toBeGreaterThan(cssOf(who).length + 5_000);
      }
    }
  });

  it("the caller's form, posted without JavaScript, answers with the page compressed, sent or refused", async () => {
    const post = (place: string) =>
      app.inject({
        method: "POST",
        url: paths.caller ?? "",
        payload: new URLSearchParams({ place }).toString(),
        headers: { ...PLACE_FORM, "accept-encoding": "br, gzip" },
      });
    for (const [place, status] of [
      ["Hammer Ln and West Ln, by the gas station", 200],
      ["   ", 400],
    ] as const) {
      const res = await post(place);
      expect(res.statusCode, place).toBe(status);
      expect(res.headers["content-encoding"], place).toBe("br");
      expect(htmlOf(res).includes(`<style>${css}</style>`), place).toBe(true);
    }
  });

  it("the other pages still link the stylesheet, which every page after the first takes from the cache", async () => {
    for (const url of ["/", "/contact", "/es"]) {
      const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
      expect(res.body.includes(`<link rel="stylesheet" href="/_astro/${stylesheet}">`), url).toBe(true);
      expect(res.body.includes("<style>/*! tailwindcss"), url).toBe(false);
    }
  });
});
