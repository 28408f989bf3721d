import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { alertOutbox, reviews, serviceRequests } from "../../server/db/schema";
import { addUser } from "../../server/features/desk/users";
import { HOME_CAROUSEL_CACHE_MS } from "../../server/features/reviews/home-carousel";
import type { SiteFiles } from "../../server/site-files";
import { ui } from "../../src/i18n/ui";
import { type DeskReview, NO_CONSENT_MESSAGE } from "../../src/shared/review";
import { alertReceiversForThisFile } from "../support/alert-deliveries";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { writeHomeSite } from "../support/home-shell";
import type { ReceivedMail } from "../support/receivers";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

const SITE_URL = "https://www.stockton-tow-help.example";
const PASSWORD = "correct horse battery staple";
const OWNER = "owner@example.com";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const kindOf = (mail: ReceivedMail) => mail.parsed.headers.get("x-service-request-alert");

/**
 * Reviews end to end on the server: the one "How did it go?" e-mail (timing on an injected clock,
 * quiet hours at delivery), the driver's review on the request page (no JavaScript and JSON, 7 days
 * to change it), the desk's consent rule, and the home carousel showing a published review escaped.
 */
describe.each(databaseTargets)("reviews on $kind", (target) => {
  const receivers = alertReceiversForThisFile();
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;
  let siteRoot: string;
  // 10:00 PDT on a June day: Done now means the e-mail at 12:00.
  let clock = Date.parse("2026-06-10T17:00:00Z");
  const now = () => new Date(clock);

  beforeAll(async () => {
    siteRoot = mkdtempSync(path.join(tmpdir(), "reviews-site-"));
    writeHomeSite(siteRoot);
    const site: SiteFiles = {
      ...emptyTestSite(siteRoot),
      siteUrl: SITE_URL,
      routes: new Map([
        ["/", "index.html"],
        ["/es", "es/index.html"],
      ]),
    };
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({
        alerts: {
          email: { smtpUrl: receivers.smtp.url, from: "alerts@stocktontowing.example", to: ["owner@example.com"] },
        },
      }),
      logger: false,
      site,
      db,
      alerts: { autoStart: false, worker: { now, random: () => 1 } },
      deskClock: now,
      requestPageClock: now,
    });
    await app.ready();
    await addUser(db.db, OWNER, PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(siteRoot, { recursive: true, force: true });
  });

  let address = 60;
  /** A request from the public form: its id and page token. Its first alerts are set aside (marked sent), unsent. */
  const newRequest = async (fields: Record<string, unknown> = {}) => {
    const { id, token, path } = await postServiceRequest(app, fields, { remoteAddress: `203.0.113.${address++}` });
    await db.db.update(alertOutbox).set({ state: "sent" }).where(eq(alertOutbox.serviceRequestId, id));
    return { id, token, page: path };
  };
  /** The owner signs in at the clock's time (the clock jumps days: an older session would have expired). */
  const signIn = async () => {
    owner = new DeskClient(app);
    expect((await owner.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
  };
  const setStatus = async (id: number, status: string) => {
    await signIn();
    return owner.post(`/api/desk/requests/${id}/status`, { status });
  };
  const reviewRows = (id: number) =>
    db.db
      .select()
      .from(alertOutbox)
      .where(and(eq(alertOutbox.serviceRequestId, id), eq(alertOutbox.kind, "review_request")));
  /** Posts the review as the page's island does (JSON), or as its plain form (no JavaScript). */
  const review = (token: string, body: Record<string, unknown> | string, form = false) =>
    app.inject({
      method: "POST",
      url: `/api/request/${token}/review`,
      headers: {
        origin: "null",
        "sec-fetch-site": "same-origin",
        "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
      },
      payload: typeof body === "string" ? body : JSON.stringify(body),
      remoteAddress: "198.51.100.7",
    });

  it("queues one e-mail at Done, two hours later, and sends it once with the page's link, in the request's language", async () => {
    const { id } = await newRequest({ language: "es", email: "conductora@example.com" });
    clock = Date.parse("2026-06-10T17:00:00Z");
    expect((await setStatus(id, "completed")).statusCode).toBe(200);
    // Reopened and done again (the desk, or the partner's "Done"): still one e-mail.
    clock += 10 * 60_000;
    await setStatus(id, "dispatched");
    await setStatus(id, "completed");
    const rows = await reviewRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.channel).toBe("email");
    expect(rows[0]?.nextAttemptAt.toISOString()).toBe("2026-06-10T19:00:00.000Z");

    // Not before its time...
    clock = Date.parse("2026-06-10T18:59:00Z");
    await app.alerts.worker.runOnce();
    expect(receivers.smtp.mails.filter((m) => kindOf(m) === "review_request")).toHaveLength(0);
    // ...then once.
    clock = Date.parse("2026-06-10T19:00:00Z");
    await app.alerts.worker.runOnce();
    const [mail] = await receivers.smtp.waitFor(1);
    clock += HOUR;
    await app.alerts.worker.runOnce();
    expect(receivers.smtp.mails).toHaveLength(1);
    expect(kindOf(mail as ReceivedMail)).toBe("review_request");
    expect(mail?.envelopeTo).toEqual(["conductora@example.com"]);
    expect(mail?.parsed.subject).toBe(`¿Cómo le fue? Su solicitud de servicio #${id}`);
    expect(mail?.parsed.headers.get("content-language")).toBe("es-US");
    const token = new RegExp(`${SITE_URL.replaceAll(".", "\\.")}/request/([A-Za-z0-9_-]{43})`).exec(
      mail?.parsed.text ?? "",
    )?.[1];
    expect(token).toBeDefined();
    // The link opens the page, which asks in Spanish.
    const page = await app.inject({ method: "GET", url: `/request/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("¿Cómo le fue?");
    expect(page.body).toContain(ui.es.reviews.consentLabel);
    receivers.smtp.mails.length = 0;
  });

  it("never sends it in the quiet hours: a Done at 19:30 waits for 08:00, even for a retry or a late server", async () => {
    const { id } = await newRequest({ email: "late@example.com" });
    clock = Date.parse("2026-06-11T02:30:00Z"); // 19:30 PDT
    await setStatus(id, "completed");
    const [row] = await reviewRows(id);
    expect(row?.nextAttemptAt.toISOString()).toBe("2026-06-11T15:00:00.000Z"); // 08:00 PDT
    // Made due at night (as a retry's backoff could): at 23:00 it is still not taken.
    await db.db
      .update(alertOutbox)
      .set({ nextAttemptAt: new Date("2026-06-11T05:00:00Z") })
      .where(eq(alertOutbox.id, row?.id as string));
    clock = Date.parse("2026-06-11T06:00:00Z"); // 23:00 PDT
    await app.alerts.worker.runOnce();
    clock = Date.parse("2026-06-11T14:59:59Z"); // 07:59:59 PDT
    await app.alerts.worker.runOnce();
    expect(receivers.smtp.mails).toHaveLength(0);
    clock = Date.parse("2026-06-11T15:00:00Z"); // 08:00 PDT
    await app.alerts.worker.runOnce();
    const [mail] = await receivers.smtp.waitFor(1);
    expect(mail?.parsed.subject).toBe(`How did it go? Your service request #${id}`);
    receivers.smtp.mails.length = 0;
  });

  it("does not ask again by e-mail a driver who already answered on their page", async () => {
    const { id, token } = await newRequest({ email: "answered@example.com" });
    clock = Date.parse("2026-06-13T17:00:00Z");
    await setStatus(id, "completed");
    clock += 30 * 60_000;
    expect((await review(token, { stars: 5 })).statusCode).toBe(200);
    clock = Date.parse("2026-06-13T19:00:00Z");
    await app.alerts.worker.runOnce();
    clock += HOUR;
    await app.alerts.worker.runOnce();
    expect(receivers.smtp.mails).toHaveLength(0);
    const [row] = await reviewRows(id);
    // Done with, but never said to be sent: nothing went out.
    expect(row?.state).toBe("skipped");
  });

  it("takes one review per request once it is done, by plain form (303) and by JSON, changeable for 7 days", async () => {
    const { id, token, page } = await newRequest({ name: "  Rosa María Gómez", email: "rosa@example.com" });
    await db.db.update(serviceRequests).set({ nearestTown: "Lodi" }).where(eq(serviceRequests.id, id));
    // Not done yet: the page does not ask, and the API says why, naming the phone.
    expect((await app.inject({ method: "GET", url: page })).body).not.toContain("How did it go?");
    const early = await review(token, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain("(209) 555-0142");

    clock = Date.parse("2026-06-12T17:00:00Z");
    await setStatus(id, "completed");
    const asked = await app.inject({ method: "GET", url: page });
    expect(asked.body).toContain("How did it go?");
    // The consent box is there and unchecked.
    expect(asked.body).toMatch(/<input[^>]*id="review-consent"(?![^>]*checked)[^>]*>/);

    // Without JavaScript: a form post, then back to the page.
    const posted = await review(token, "stars=4&comment=Quick+and+kind", true);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`${page}#review`);
    const [stored] = await db.db.select().from(reviews).where(eq(reviews.serviceRequestId, id));
    expect(stored).toMatchObject({
      stars: 4,
      comment: "Quick and kind",
      consent: false,
      language: "en",
      firstName: "Rosa",
      town: "Lodi",
      partnerId: null,
    });

    // Bad input: 400 in words a person can act on.
    expect((await review(token, { stars: 6 })).json().message).toContain(ui.en.reviews.starsRequired);
    const long = await review(token, { stars: 3, comment: "x".repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("1,000");

    // Changed by JSON six days and 23 hours later: still one review.
    clock += 7 * DAY - HOUR;
    const changed = await review(token, { stars: 5, comment: "Even better on reflection", consent: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().review).toMatchObject({ editable: true, review: { stars: 5, consent: true } });
    expect(await db.db.select().from(reviews).where(eq(reviews.serviceRequestId, id))).toHaveLength(1);

    // Seven days after it was first written: no more changes, and the page shows it read-only.
    clock += HOUR;
    const late = await review(token, { stars: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain("7 days");
    const readOnly = await app.inject({ method: "GET", url: page });
    expect(readOnly.body).toContain("Even better on reflection");
    expect(readOnly.body).toContain("can no longer be changed");
    expect(readOnly.body).not.toContain('name="stars"');
    receivers.smtp.mails.length = 0;
  });

  it("publishes only with the driver's consent; the owner can hide but never change the words", async () => {
    const withConsent = await newRequest({ email: "yes@example.com" });
    const without = await newRequest({ email: "no@example.com" });
    clock = Date.parse("2026-06-20T17:00:00Z");
    for (const r of [withConsent, without]) await setStatus(r.id, "completed");
    await review(withConsent.token, { stars: 5, comment: "Yes you may", consent: true });
    await review(without.token, { stars: 2, comment: "Private words" });
    await signIn();
    const list = (await owner.get("/api/desk/reviews")).json() as DeskReview[];
    const a = list.find((r) => r.requestId === withConsent.id) as DeskReview;
    const b = list.find((r) => r.requestId === without.id) as DeskReview;
    expect(b).toMatchObject({ consent: false, stars: 2, comment: "Private words", publishedAt: null, hidden: false });

    // No consent: never published, said plainly.
    const refused = await owner.post(`/api/desk/reviews/${b.id}/publish`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(NO_CONSENT_MESSAGE);
    // Without a session or CSRF token: nothing.
    expect((await app.inject({ method: "POST", url: `/api/desk/reviews/${a.id}/publish` })).statusCode).toBe(401);
    expect((await owner.post(`/api/desk/reviews/${a.id}/publish`, {}, false)).statusCode).toBe(403);

    const published = await owner.post(`/api/desk/reviews/${a.id}/publish`, { comment: "Owner's words" });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ comment: "Yes you may", publishedAt: expect.any(String) });
    const hidden = (await owner.post(`/api/desk/reviews/${a.id}/hide`, {})).json() as DeskReview;
    expect(hidden).toMatchObject({ hidden: true, publishedAt: null, comment: "Yes you may" });
    expect((await owner.post(`/api/desk/reviews/${a.id}/publish`, {})).statusCode).toBe(409);
    await owner.post(`/api/desk/reviews/${a.id}/unhide`, {});
    expect((await owner.post(`/api/desk/reviews/${a.id}/publish`, {})).statusCode).toBe(200);
    expect((await owner.post("/api/desk/reviews/999999/publish", {})).statusCode).toBe(404);
    // Every review stays in the list.
    const after = (await owner.get("/api/desk/reviews")).json() as DeskReview[];
    expect(after.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    await owner.post(`/api/desk/reviews/${a.id}/unpublish`, {});
  });

  it("shows a published review first on the home pages, escaped, samples only in the places left; no review markup", async () => {
    const driver = await newRequest({ name: "Ana <b>Bold</b>", email: "ana@example.com" });
    clock = Date.parse("2026-06-25T17:00:00Z");
    await setStatus(driver.id, "completed");
    const hostile = `<img src=x onerror="alert(1)"> & "great" tow`;
    await review(driver.token, { stars: 5, comment: hostile, consent: true });
    const [row] = await db.db.select().from(reviews).where(eq(reviews.serviceRequestId, driver.id));
    await signIn();
    const before = await app.inject({ method: "GET", url: "/" });
    expect(before.body).not.toContain("great");
    expect((await owner.post(`/api/desk/reviews/${row?.id}/publish`, {})).statusCode).toBe(200);

    const home = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } });
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toContain("text/html");
    expect(home.body).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;great&quot; tow");
    expect(home.body).not.toContain("<img");
    // Its first name only ("Ana"), and the stars said in words.
    expect(home.body).toContain("Ana");
    expect(home.body).not.toContain("Bold");
    expect(home.body).toContain('aria-label="Rated 5 out of 5"');
    const list = home.body.slice(home.body.indexOf('data-slot="home-reviews"'));
    const cards = [...list.matchAll(/<li\b[^>]*data-testid="testimonial"[^>]*>/g)].map((m) => m[0]);
    expect(cards).toHaveLength(7);
    expect(cards[0]).not.toContain("data-sample");
    expect(cards.slice(1).every((c) => c.includes('data-sample="true"'))).toBe(true);
    expect(home.body).toContain(ui.en.reviews.carousel.mixedIntro.replaceAll("'", "&#39;").slice(0, 40));
    // Structured data still has no review or rating.
    expect(home.body).not.toMatch(/"Review"|"AggregateRating"|aggregateRating/);

    // The Spanish page shows it in English, and says so.
    const spanish = await app.inject({ method: "GET", url: "/es", headers: { "accept-encoding": "gzip" } });
    expect(spanish.headers["content-encoding"]).toBe("gzip");
    const { gunzipSync } = await import("node:zlib");
    const es = gunzipSync(spanish.rawPayload).toString("utf8");
    expect(es).toContain(ui.es.reviews.carousel.writtenIn.en);
    expect(es).toContain('lang="en-US"');

    // Revalidation: the same page answers 304 to its ETag.
    const again = await app.inject({
      method: "GET",
      url: "/",
      headers: { "if-none-match": String(home.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // The driver withdraws consent: off the website at once.
    await review(driver.token, { stars: 5, comment: hostile, consent: false });
    expect((await app.inject({ method: "GET", url: "/" })).body).not.toContain("great");
    expect(HOME_CAROUSEL_CACHE_MS).toBeLessThanOrEqual(60_000);
  });

  it("keeps the home page whole around a review whose words hold a nested list's markup", async () => {
    const driver = await newRequest({ name: "Lena", email: "lena@example.com" });
    clock = Date.parse("2026-06-26T17:00:00Z");
    await setStatus(driver.id, "completed");
    const nested = "Fast tow <ul><li>outer<ul><li>inner</li></ul></li></ul> and kind";
    await review(driver.token, { stars: 4, comment: nested, consent: true });
    const [row] = await db.db.select().from(reviews).where(eq(reviews.serviceRequestId, driver.id));
    await signIn();
    expect((await owner.post(`/api/desk/reviews/${row?.id}/publish`, {})).statusCode).toBe(200);

    for (const url of ["/", "/es"]) {
      const body = (await app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } })).body;
      // The words as text, once; the list holds the review and six samples, and the page goes on after it.
      expect(body).toContain(
        "Fast tow &lt;ul&gt;&lt;li&gt;outer&lt;ul&gt;&lt;li&gt;inner&lt;/li&gt;&lt;/ul&gt;&lt;/li&gt;&lt;/ul&gt; and kind",
      );
      expect(body).not.toContain("<li>outer");
      const list = body.slice(body.indexOf('data-slot="home-reviews"'), body.indexOf("</ul>"));
      const cards = [...list.matchAll(/<li\b[^>]*data-testid="testimonial"[^>]*>/g)].map((m) => m[0]);
      expect(cards).toHaveLength(7);
      expect(cards.filter((c) => c.includes('data-sample="true"'))).toHaveLength(6);
      expect(body.match(/<ul\b/g)).toHaveLength(1);
      expect(body).toContain('<footer data-testid="after-carousel">End of page</footer></body></html>');
    }
    expect(
      (await app.inject({ method: "GET", url: "/es", headers: { "accept-encoding": "identity" } })).body,
    ).toContain("Ejemplo 1:");
    await owner.post(`/api/desk/reviews/${row?.id}/unpublish`, {});
  });
});
