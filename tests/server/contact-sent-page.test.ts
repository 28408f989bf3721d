import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { REQUEST_NUMBER_MARKER } from "../../server/routes/contact-page";
import { emptySiteFiles, type SiteFiles } from "../../server/site-files";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";

/** A built confirmation page in miniature: the marker where the number goes. */
const SENT_HTML = `<!doctype html><html><body><h1>Request Sent</h1>${REQUEST_NUMBER_MARKER}<p>We'll get back to you as soon as possible.</p></body></html>`;

const pglite = databaseTargets[0];
if (!pglite) throw new Error("no database target");

describe("the no-JavaScript confirmation page shows the stored request's number", () => {
  let root: string;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "towing-sent-"));
    mkdirSync(path.join(root, "contact"));
    writeFileSync(path.join(root, "contact", "sent.html"), SENT_HTML);
    const site: SiteFiles = { ...emptySiteFiles(root), routes: new Map([["/contact/sent", "contact/sent.html"]]) };
    db = await openTestDatabase(pglite);
    app = await buildApp({ config: testConfig(), logger: false, site, db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("a plain form post lands on /contact/sent?id=N, and that page names request #N", async () => {
    const body = new URLSearchParams({
      name: "No Script",
      email: "noscript@example.com",
      phone: "+1 (209) 555-0100",
      service: "Flat Tire",
      pickupLocation: "Hammer Ln, Stockton",
      dropoffLocation: "Hammer Ln, Stockton",
    });
    const posted = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: body.toString(),
    });
    expect(posted.statusCode).toBe(303);
    const location = String(posted.headers.location);
    const id = Number(new URL(location, "http://x").searchParams.get("id"));
    expect(id).toBeGreaterThan(0);

    const page = await app.inject({ method: "GET", url: location });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain(`Your request number is <strong>#${id}</strong>.`);
    expect(page.body).not.toContain(REQUEST_NUMBER_MARKER);
  });

  it.each([
    ["markup", "/contact/sent?id=%3Cscript%3Ealert(1)%3C/script%3E"],
    ["a number with more", "/contact/sent?id=12%3Cb%3E"],
    ["no number", "/contact/sent"],
    ["zero", "/contact/sent?id=0"],
    ["two numbers", "/contact/sent?id=1&id=2"],
    ["a huge number", `/contact/sent?id=${"9".repeat(40)}`],
  ])("with %s in the address the page shows no number and nothing of the address", async (_what, url) => {
    const page = await app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Request Sent");
    expect(page.body).not.toContain("request number");
    expect(page.body).not.toContain("<script>");
    expect(page.body).not.toContain("<b>");
  });
});
