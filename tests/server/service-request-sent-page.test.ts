import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { REQUEST_NUMBER_SLOT, REQUEST_PAGE_LINK_SLOT } from "../../server/features/service-requests/form-pages";
import type { SiteFiles } from "../../server/site-files";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { emptyTestSite } from "../support/test-site";

/** A built confirmation page in miniature: the slots where the number and the link go. */
const SENT_HTML = `<!doctype html><html><body><h1>Request Sent</h1><div data-slot="${REQUEST_NUMBER_SLOT}"></div><p>We'll get back to you as soon as possible.</p><div data-slot="${REQUEST_PAGE_LINK_SLOT}"></div></body></html>`;

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
    const site: SiteFiles = { ...emptyTestSite(root), routes: new Map([["/contact/sent", "contact/sent.html"]]) };
    db = await openTestDatabase(pglite);
    app = await buildApp({ config: testConfig(), logger: false, site, db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("a plain form post lands on /contact/sent?id=N&token=T, and that page names request #N and links to its page", async () => {
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
    const address = new URL(location, "http://x");
    expect(address.pathname).toBe("/contact/sent");
    const id = Number(address.searchParams.get("id"));
    expect(id).toBeGreaterThan(0);
    const token = address.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await app.inject({ method: "GET", url: location });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cache-control"]).toBe("no-store");
    // The address holds the page's token: it must not travel on as a Referer from this page's links.
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain(`Your request number is <strong>#${id}</strong>.`);
    expect(page.body).toContain(`<a class="font-semibold text-brand-800 underline" href="/request/${token}">`);
    // And the link opens request #N's page.
    const requestPage = await app.inject({ method: "GET", url: `/request/${token}` });
    expect(requestPage.statusCode).toBe(200);
    expect(requestPage.body).toContain(`Service request #${id}`);
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
    expect(page.body).not.toContain("/request/");
  });

  it.each([
    ["markup", "%22%3E%3Cscript%3Ealert(1)%3C/script%3E"],
    ["a token one character short", "A".repeat(42)],
    ["a path", "..%2F..%2Fdesk"],
  ])("with %s as the token the page links to nothing", async (_what, token) => {
    const page = await app.inject({ method: "GET", url: `/contact/sent?id=7&token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("#7");
    expect(page.body).not.toContain("/request/");
    expect(page.body).not.toContain("<script>");
  });
});
