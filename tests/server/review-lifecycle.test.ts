import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { reviews } from "../../server/db/schema";
import type { SiteFiles } from "../../server/site-files";
import type { DeskReview } from "../../src/shared/review";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { type DeskClient, signInOwner } from "../support/desk-client";
import { writeHomeSite } from "../support/home-shell";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/** Home page visits after one change: one rebuild must serve them all. */
const VISITS = 25;

/**
 * A review's life after the owner published it: the driver's edit takes it off the website until the
 * owner publishes it again; "Delete request" and the desk's own Delete take it away for good; and the
 * home pages are rebuilt once per change of what they show, whatever the number of visits or saves.
 */
describe.each(databaseTargets)("a published review's life on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;
  let siteRoot: string;
  let rebuilds = 0;
  let address = 10;

  beforeAll(async () => {
    siteRoot = mkdtempSync(path.join(tmpdir(), "review-life-"));
    writeHomeSite(siteRoot);
    const site: SiteFiles = {
      ...emptyTestSite(siteRoot),
      routes: new Map([
        ["/", "index.html"],
        ["/es", "es/index.html"],
      ]),
    };
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig(),
      logger: false,
      site,
      db,
      alerts: { autoStart: false },
      onHomeCarouselRebuilt: () => {
        rebuilds++;
      },
    });
    owner = await signInOwner(app, db.db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(siteRoot, { recursive: true, force: true });
  });

  const home = async () =>
    (await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } })).body;
  /** `n` visits to the home page: the rebuilds they cost. */
  const rebuildsOver = async (n: number) => {
    const before = rebuilds;
    for (let i = 0; i < n; i++) await home();
    return rebuilds - before;
  };
  const review = (token: string, body: Record<string, unknown>) =>
    app.inject({
      method: "POST",
      url: `/api/request/${token}/review`,
      headers: { origin: "null", "sec-fetch-site": "same-origin", "content-type": "application/json" },
      payload: JSON.stringify(body),
      remoteAddress: "198.51.100.7",
    });
  const deskReview = async (id: number) =>
    ((await owner.get("/api/desk/reviews")).json() as DeskReview[]).find((r) => r.id === id) as DeskReview;

  /** A done request with a review the driver allowed and the owner published: its ids and words. */
  const publishedReview = async (words: string) => {
    const request = await postServiceRequest(app, {}, { remoteAddress: `203.0.113.${address++}` });
    expect((await owner.post(`/api/desk/requests/${request.id}/status`, { status: "completed" })).statusCode).toBe(200);
    expect((await review(request.token, { stars: 5, comment: words, consent: true })).statusCode).toBe(200);
    const [row] = await db.db.select().from(reviews).where(eq(reviews.serviceRequestId, request.id));
    if (!row) throw new Error("no review");
    expect((await owner.post(`/api/desk/reviews/${row.id}/publish`, {})).statusCode).toBe(200);
    expect(await home()).toContain(words);
    return { requestId: request.id, token: request.token, page: request.path, reviewId: row.id };
  };

  it("an edit takes a published review off the home page until the owner publishes it again", async () => {
    const r = await publishedReview("Fast and friendly tow");
    const edited = await review(r.token, { stars: 1, comment: "Rewritten after publishing", consent: true });
    expect(edited.statusCode).toBe(200);
    const page = await home();
    expect(page).not.toContain("Fast and friendly tow");
    expect(page).not.toContain("Rewritten after publishing");
    // The driver's page said so before they changed it.
    const driverPage = (await app.inject({ method: "GET", url: r.page })).body;
    expect(driverPage).toContain(
      "If you change a review we show, the change goes on the website once we have read it.",
    );
    // The desk sees it waiting for the owner again.
    expect(await deskReview(r.reviewId)).toMatchObject({ publishedAt: null, consent: true, stars: 1 });

    expect((await owner.post(`/api/desk/reviews/${r.reviewId}/publish`, {})).statusCode).toBe(200);
    expect(await home()).toContain("Rewritten after publishing");
    // Saving the same words again changes nothing: it stays on the website.
    await review(r.token, { stars: 1, comment: "Rewritten after publishing", consent: true });
    expect(await home()).toContain("Rewritten after publishing");
  });

  it("rebuilds the home pages once per change, never per visit or per save that changes nothing shown", async () => {
    const r = await publishedReview("Counted once");
    expect(await rebuildsOver(VISITS)).toBe(0); // publishedReview's own visit already rebuilt it
    // A driver saving the same words over and over, between visits: nothing shown changes.
    for (let i = 0; i < VISITS; i++) await review(r.token, { stars: 5, comment: "Counted once", consent: true });
    expect(await rebuildsOver(VISITS)).toBe(0);
    // The edit: one change, one rebuild; the edits after it (off the website) cost none.
    await review(r.token, { stars: 4, comment: "Counted once, edited", consent: true });
    expect(await rebuildsOver(VISITS)).toBe(1);
    for (let i = 0; i < VISITS; i++) {
      await review(r.token, { stars: 4, comment: `Edited again ${i}`, consent: true });
      await home();
    }
    expect(await rebuildsOver(0)).toBe(0);
    expect(rebuilds).toBeGreaterThan(0);
    // Each of the owner's changes: one rebuild.
    for (const action of ["publish", "unpublish", "publish"]) {
      expect((await owner.post(`/api/desk/reviews/${r.reviewId}/${action}`, {})).statusCode).toBe(200);
      expect(await rebuildsOver(VISITS), action).toBe(1);
    }
    // A decision that changes nothing shown (publishing what is published) costs none.
    await owner.post(`/api/desk/reviews/${r.reviewId}/publish`, {});
    expect(await rebuildsOver(VISITS)).toBe(0);
  });

  it('"Delete request" deletes its review, which leaves the home page', async () => {
    const r = await publishedReview("Forget me with my request");
    expect((await owner.request({ method: "DELETE", url: `/api/desk/requests/${r.requestId}` })).statusCode).toBe(204);
    expect(await db.db.select().from(reviews).where(eq(reviews.id, r.reviewId))).toEqual([]);
    expect(await home()).not.toContain("Forget me with my request");
    expect(await deskReview(r.reviewId)).toBeUndefined();
  });

  it("the desk deletes a review (session, same origin and CSRF token required), and it leaves the home page", async () => {
    const r = await publishedReview("Delete only my review");
    const url = `/api/desk/reviews/${r.reviewId}`;
    expect((await app.inject({ method: "DELETE", url })).statusCode).toBe(401);
    expect((await owner.request({ method: "DELETE", url, csrf: false })).statusCode).toBe(403);
    expect(
      (await owner.request({ method: "DELETE", url, headers: { origin: "https://evil.example" } })).statusCode,
    ).toBe(403);
    expect(await home()).toContain("Delete only my review");

    expect((await owner.request({ method: "DELETE", url })).statusCode).toBe(204);
    expect(await db.db.select().from(reviews).where(eq(reviews.id, r.reviewId))).toEqual([]);
    expect(await home()).not.toContain("Delete only my review");
    // The request stays; a second delete, or a made-up id, is the one 404.
    expect((await owner.get(`/api/desk/requests/${r.requestId}`)).statusCode).toBe(200);
    const again = await owner.request({ method: "DELETE", url });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe("There is no such review.");
    expect((await owner.request({ method: "DELETE", url: "/api/desk/reviews/not-a-number" })).statusCode).toBe(404);
  });
});
