import { createHash, createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { AlertConfig } from "../../server/config";
import { alertOutbox, offerLinks, type partners, serviceRequests } from "../../server/db/schema";
import { noPartnerPushNotification, notCompletedPushNotification } from "../../server/features/alerts/message";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { logSink } from "../support/log-sink";
import { addOffer, addPartner, type OfferFields } from "../support/offers";
import { type SmtpReceiver, startSmtpReceiver, startWebhookReceiver, type WebhookReceiver } from "../support/receivers";
import { validServiceRequest } from "../support/service-request";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/**
 * The partners' alerts (issue 40): an offer e-mailed to the partner with its private link (made when
 * it is sent: only its hash kept, expiring after OFFER_LINK_HOURS), posted to their own webhook even
 * when the owner has none; its withdrawal and the driver's cancel told to them the same ways; and the
 * desk told when no partner took a job. Real SMTP and webhook receivers on this machine. Partners,
 * offers and their outbox rows are written straight into the tables, as the desk's offering would.
 */

const OWNER_TO = ["owner@example.com"];
const FROM = "alerts@stocktontowing.example";
const PARTNER_SECRET = "partner-webhook-secret-0123456789";
const OWNER_SECRET = "owner-webhook-secret-0123456789";
const LINK_HOURS = 6;
const TIMEOUT_MINUTES = 10;
const HOUR = 60 * 60 * 1000;

const driver = {
  ...validServiceRequest,
  name: "Maria Secretname",
  email: "maria.secret@example.com",
  phone: "(209) 555-0177",
  service: "Towing",
  pickupLocation: "4410 Secret Pickup Rd, Lodi",
  dropoffLocation: "99 Hidden Dropoff Ave, Stockton",
  vehicle: "2014 Honda Civic, silver",
};
/** What the partner may not learn before accepting. */
const privateBits = [driver.name, driver.email, "555-0177", "2095550177", "Secret Pickup", "Hidden Dropoff"];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const verify = (body: string, header: unknown, key: string) =>
  header === `sha256=${createHmac("sha256", key).update(body).digest("hex")}`;

describe.each(databaseTargets)("partners' alerts on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let smtp: SmtpReceiver;
  /** The partner's own system. */
  let partnerHook: WebhookReceiver;
  /** The owner's webhook (only the second app has it). */
  let ownerHook: WebhookReceiver;
  /** E-mail only: no owner's webhook; partners' webhooks allowed on this machine for the test. */
  let app: FastifyInstance;
  /** E-mail and the owner's webhook, the production rule for partners' webhook addresses. */
  let desk: FastifyInstance;
  let clock = Date.now();
  /** The e-mail-only app's log: what the worker said of each alert. */
  const log = logSink();

  const build = (alerts: AlertConfig, loopback: boolean) =>
    buildApp({
      config: testConfig({
        serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        requestPageRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        alerts,
        offerLinkHours: LINK_HOURS,
        offerTimeoutMinutes: TIMEOUT_MINUTES,
        partnerWebhookSecret: PARTNER_SECRET,
      }),
      logger: loopback ? { level: "info", stream: log.stream } : false,
      site: emptyTestSite(),
      db,
      alerts: {
        autoStart: false,
        worker: { now: () => new Date(clock), random: () => 1 },
        ...(loopback ? { partnerWebhookRule: { allowLoopback: true } } : {}),
      },
    });

  beforeAll(async () => {
    db = await openTestDatabase(target);
    smtp = await startSmtpReceiver();
    partnerHook = await startWebhookReceiver();
    ownerHook = await startWebhookReceiver();
    const email = { smtpUrl: smtp.url, from: FROM, to: OWNER_TO };
    app = await build({ email }, true);
    desk = await build({ email, webhook: { url: ownerHook.url, secret: OWNER_SECRET } }, false);
  });
  afterAll(async () => {
    await app?.close();
    await desk?.close();
    await smtp?.close();
    await partnerHook?.close();
    await ownerHook?.close();
    await db?.close();
  });
  beforeEach(async () => {
    // Nothing left from an earlier test may be due (the driver's own alerts included).
    await db.db.update(alertOutbox).set({ state: "sent" }).where(eq(alertOutbox.state, "pending"));
    smtp.mails.length = 0;
    partnerHook.hooks.length = 0;
    ownerHook.hooks.length = 0;
    partnerHook.respondWith([]);
  });

  /** A request as the form sends it; then only the alerts the test queues are pending. */
  const send = async (fields: Partial<typeof driver> = {}) => {
    const { id, token } = await postServiceRequest(app, { ...driver, ...fields });
    await db.db.update(alertOutbox).set({ state: "sent" }).where(eq(alertOutbox.state, "pending"));
    return { id, token };
  };
  const newPartner = (fields: Partial<typeof partners.$inferInsert> = {}) =>
    addPartner(db.db, {
      companyName: "Rivera Towing",
      contactName: "Ana Rivera",
      phone: "(209) 555-0199",
      email: "dispatch@rivera.example",
      webhookUrl: partnerHook.url,
      services: ["towing"],
      towns: ["Lodi"],
      ...fields,
    });
  /** An offer of request `id` to `partnerId`, and its outbox rows of `kind` (e-mail, and webhook when the partner has one). */
  const offer = async (
    id: number,
    partner: { id: number; webhookUrl: string | null },
    values: OfferFields = {},
    kind: "offer_created" | "offer_withdrawn" = "offer_created",
  ) => {
    const offerId = await addOffer(db.db, id, partner.id, new Date(), {
      town: "Lodi",
      distanceKm: 3.2,
      minutes: TIMEOUT_MINUTES,
      ...values,
    });
    await db.db.insert(alertOutbox).values(
      (partner.webhookUrl ? (["email", "webhook"] as const) : (["email"] as const)).map((channel) => ({
        serviceRequestId: id,
        channel,
        kind,
        offerId,
      })),
    );
    clock = Math.max(clock, Date.now() + 1);
    return offerId;
  };
  const alertsOf = (offerId: number) => db.db.select().from(alertOutbox).where(eq(alertOutbox.offerId, offerId));
  const linksOf = (offerId: number) => db.db.select().from(offerLinks).where(eq(offerLinks.offerId, offerId));
  const tokenIn = (text: string) => /\/offer\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  it("e-mails the offer to the partner with a private link: only its hash kept, expiring after OFFER_LINK_HOURS; no driver's details", async () => {
    const { id } = await send();
    const partner = await newPartner({ webhookUrl: null });
    const offerId = await offer(id, partner);
    expect(await app.alerts.worker.runOnce()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(["dispatch@rivera.example"]);
    expect(mail?.parsed.from?.text).toBe(FROM);
    expect(mail?.parsed.subject).toBe(`Job offer #${id}: Towing near Lodi (2.0 mi, 3.2 km from its center)`);
    const text = mail?.parsed.text ?? "";
    for (const shown of ["Towing", "near Lodi", "2014 Honda Civic, silver", "Answer by", "(Pacific time)"]) {
      expect(text).toContain(shown);
    }
    expect(text).not.toContain("America/Los_Angeles");
    for (const part of [mail?.raw ?? "", text, String(mail?.parsed.html)]) {
      for (const hidden of privateBits) expect(part).not.toContain(hidden);
    }
    // The link: its token only in the e-mail; its hash opens this one offer, until now + OFFER_LINK_HOURS.
    const token = tokenIn(text);
    expect(token).toBeDefined();
    expect(String(mail?.parsed.html)).toContain(`/offer/${token}`);
    const links = await linksOf(offerId);
    expect(links).toHaveLength(1);
    expect(links[0]?.tokenSha256).toBe(sha256(token as string));
    expect(links[0]?.expiresAt.getTime()).toBe(clock + LINK_HOURS * HOUR);
    const everywhere = await db.db
      .select()
      .from(offerLinks)
      .where(eq(offerLinks.tokenSha256, sha256(token as string)));
    expect(everywhere.map((l) => l.offerId)).toEqual([offerId]);
    for (const table of ["offer_links", "alert_outbox", "partner_offers", "contact_requests"]) {
      expect(JSON.stringify(await db.db.execute(sql.raw(`select * from ${table}`)))).not.toContain(token);
    }
    expect((await alertsOf(offerId)).map((a) => a.state)).toEqual(["sent"]);
  });

  it("posts offer.created to the partner's own webhook though the owner has none, signed with the partner's key", async () => {
    const { id } = await send();
    const partner = await newPartner();
    const offerId = await offer(id, partner);
    expect(app.alerts.channels).toEqual(["email"]); // the owner's: no webhook of theirs
    expect(await app.alerts.worker.runOnce()).toBe(2);
    const [hook] = await partnerHook.waitFor(1);
    const body = JSON.parse(hook?.body ?? "{}");
    expect(body).toMatchObject({
      type: "offer.created",
      offerId,
      jobId: id,
      service: "Towing",
      town: "Lodi",
      distanceKm: 3.2,
      vehicle: driver.vehicle,
    });
    expect(Date.parse(body.answerBy)).toBeGreaterThan(Date.now());
    expect(body.offerUrlExpiresAt).toBe(new Date(clock + LINK_HOURS * HOUR).toISOString());
    for (const hidden of privateBits) expect(hook?.body).not.toContain(hidden);
    const webhookAlert = (await alertsOf(offerId)).find((a) => a.channel === "webhook");
    expect(hook?.headers["idempotency-key"]).toBe(webhookAlert?.id);
    const key = createHmac("sha256", PARTNER_SECRET).update(`partner:${partner.id}`).digest("hex");
    expect(verify(hook?.body ?? "", hook?.headers["x-signature-256"], key)).toBe(true);
    expect(verify(hook?.body ?? "", hook?.headers["x-signature-256"], PARTNER_SECRET)).toBe(false);
    // Its own link, not the e-mail's: each alert carries one, both open this offer.
    const mailToken = tokenIn((await smtp.waitFor(1))[0]?.parsed.text ?? "");
    const hookToken = tokenIn(body.offerUrl);
    expect(hookToken).toBeDefined();
    expect(hookToken).not.toBe(mailToken);
    expect((await linksOf(offerId)).map((l) => l.tokenSha256).sort()).toEqual(
      [sha256(mailToken as string), sha256(hookToken as string)].sort(),
    );
    expect(ownerHook.hooks).toHaveLength(0);
  });

  it("a failed attempt takes its link back; the retry's e-mail carries a new one that works", async () => {
    const { id } = await send();
    const partner = await newPartner({ webhookUrl: null, email: "busy@rivera.example" });
    const offerId = await offer(id, partner);
    smtp.refuseRecipient("busy@rivera.example", 1);
    await app.alerts.worker.runOnce();
    expect(smtp.mails).toHaveLength(0);
    expect(await linksOf(offerId)).toHaveLength(0);
    const [alert] = await alertsOf(offerId);
    expect(alert?.state).toBe("pending");
    clock = (alert?.nextAttemptAt.getTime() ?? 0) + 1;
    await app.alerts.worker.runOnce();
    const token = tokenIn((await smtp.waitFor(1))[0]?.parsed.text ?? "");
    expect((await linksOf(offerId)).map((l) => l.tokenSha256)).toEqual([sha256(token as string)]);
  });

  it("an offer taken before its alert went out is not sent: no link is made for it", async () => {
    const { id } = await send();
    const partner = await newPartner();
    const offerId = await offer(id, partner, { state: "withdrawn", answeredAt: new Date() });
    expect(await app.alerts.worker.runOnce()).toBe(2);
    expect(smtp.mails).toHaveLength(0);
    expect(partnerHook.hooks).toHaveLength(0);
    expect(await linksOf(offerId)).toHaveLength(0);
    expect((await alertsOf(offerId)).map((a) => a.state)).toEqual(["skipped", "skipped"]);
  });

  it("an offer expired before its alert went out is logged and kept as skipped, never as delivered", async () => {
    const { id } = await send();
    const partner = await newPartner({ email: "late@rivera.example" });
    const offerId = await offer(id, partner, { expiresAt: new Date(Date.now() - 60_000) });
    const alertIds = (await alertsOf(offerId)).map((a) => a.id);
    log.lines.length = 0;
    expect(await app.alerts.worker.runOnce()).toBe(2);
    expect(smtp.mails).toHaveLength(0);
    expect(partnerHook.hooks).toHaveLength(0);
    const rows = await alertsOf(offerId);
    expect(rows.map((a) => [a.channel, a.state, a.sentAt]).sort()).toEqual([
      ["email", "skipped", null],
      ["webhook", "skipped", null],
    ]);
    const said = log.lines.filter((l) => alertIds.includes(l.alertId as string));
    expect(said.map((l) => [l.channel, l.outcome, l.msg]).sort()).toEqual([
      ["email", "skipped", "alert skipped"],
      ["webhook", "skipped", "alert skipped"],
    ]);
    expect(said.map((l) => l.reason)).toEqual(said.map(() => "the offer closed before its alert went out"));
  });

  it("tells a partner their offer was withdrawn (another partner took the job), by e-mail and offer.withdrawn", async () => {
    const { id } = await send();
    const partner = await newPartner();
    const withdrawnAt = new Date(Date.now() - 1000);
    const offerId = await offer(id, partner, { state: "withdrawn", answeredAt: withdrawnAt }, "offer_withdrawn");
    await app.alerts.worker.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.parsed.subject).toMatch(new RegExp(`^Offer closed: job #${id} .* was taken$`));
    expect(mail?.parsed.text).not.toMatch(/\/offer\//);
    const [hook] = await partnerHook.waitFor(1);
    const body = JSON.parse(hook?.body ?? "{}");
    expect(body).toMatchObject({ type: "offer.withdrawn", offerId, jobId: id, withdrawnAt: withdrawnAt.toISOString() });
    expect(body.offerUrl).toBeUndefined();
    expect(await linksOf(offerId)).toHaveLength(0);
  });

  it("the driver cancelling after acceptance queues offer_cancelled to that partner in the cancel itself, then tells them", async () => {
    const { id, token } = await send();
    const partner = await newPartner();
    const offerId = await addOffer(db.db, id, partner.id, new Date(), {
      state: "accepted",
      town: "Lodi",
      distanceKm: null,
      minutes: 1,
      answeredAt: new Date(),
      etaMinutes: 25,
    });
    const res = await app.inject({
      method: "POST",
      url: `/api/request/${token}/cancel`,
      payload: { reason: "My cousin <b>came</b>" },
      headers: { origin: "http://localhost:80" },
    });
    expect(res.statusCode).toBe(200);
    const queued = await db.db
      .select()
      .from(alertOutbox)
      .where(and(eq(alertOutbox.serviceRequestId, id), eq(alertOutbox.state, "pending")));
    expect(queued.map((a) => `${a.kind} ${a.channel} ${a.offerId ?? "-"}`).sort()).toEqual([
      "cancelled email -",
      `offer_cancelled email ${offerId}`,
      `offer_cancelled webhook ${offerId}`,
    ]);
    clock = Math.max(clock, Date.now() + 1);
    await app.alerts.worker.runOnce();
    const mails = await smtp.waitFor(2);
    const toPartner = mails.find((m) => m.envelopeTo.includes("dispatch@rivera.example"));
    expect(toPartner?.parsed.subject).toMatch(new RegExp(`^Cancelled by the driver: job #${id} `));
    expect(toPartner?.parsed.text).toContain("Please do not go");
    for (const hidden of [...privateBits, "cousin"]) expect(toPartner?.raw).not.toContain(hidden);
    const [hook] = await partnerHook.waitFor(1);
    expect(JSON.parse(hook?.body ?? "{}")).toMatchObject({
      type: "offer.cancelled",
      offerId,
      jobId: id,
      cancelledBy: "driver",
    });
    // A request nobody accepted queues nothing for partners.
    const other = await send();
    await app.inject({
      method: "POST",
      url: `/api/request/${other.token}/cancel`,
      payload: {},
      headers: { origin: "http://localhost:80" },
    });
    const theirs = await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, other.id));
    expect(theirs.filter((a) => a.kind === "offer_cancelled")).toHaveLength(0);
  });

  it("what a driver or a partner typed is text: escaped in the e-mail's HTML, a plain string in the webhook's JSON", async () => {
    const vehicle = '<img src=x onerror="alert(1)"> & "quotes"';
    const { id } = await send({ vehicle });
    const partner = await newPartner({ companyName: "<script>alert(1)</script> Towing" });
    await offer(id, partner);
    await app.alerts.worker.runOnce();
    const [mail] = await smtp.waitFor(1);
    const html = String(mail?.parsed.html);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;quotes&quot;");
    const [hook] = await partnerHook.waitFor(1);
    expect(JSON.parse(hook?.body ?? "{}").vehicle).toBe(vehicle);
  });

  it("no partner took it: the desk's e-mail and the owner's webhook say so with OFFER_TIMEOUT_MINUTES; the partner hears nothing", async () => {
    const { id } = await send();
    await db.db.insert(alertOutbox).values(
      (["email", "webhook"] as const).map((channel) => ({
        serviceRequestId: id,
        channel,
        kind: "no_partner" as const,
      })),
    );
    clock = Math.max(clock, Date.now() + 1);
    expect(await desk.alerts.worker.runOnce()).toBe(2);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(OWNER_TO);
    expect(mail?.parsed.subject).toMatch(new RegExp(`^No partner took #${id} in ${TIMEOUT_MINUTES} minutes `));
    expect(mail?.parsed.text).toContain(`/desk#/requests/${id}`);
    const [hook] = await ownerHook.waitFor(1);
    expect(verify(hook?.body ?? "", hook?.headers["x-signature-256"], OWNER_SECRET)).toBe(true);
    expect(JSON.parse(hook?.body ?? "{}")).toMatchObject({
      type: "service_request.no_partner",
      id,
      offerTimeoutMinutes: TIMEOUT_MINUTES,
      name: driver.name,
    });
    expect(partnerHook.hooks).toHaveLength(0);
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(noPartnerPushNotification(row as typeof serviceRequests.$inferSelect, TIMEOUT_MINUTES)).toMatchObject({
      title: `No partner took #${id} in ${TIMEOUT_MINUTES} minutes`,
      url: `/desk#/requests/${id}`,
      tag: `service-request-${id}-no-partner`,
    });
  });

  it("a partner could not complete the job: the desk's e-mail and the owner's webhook say who and why, as text; the partner hears nothing", async () => {
    const { id } = await send();
    const reason = '<b>Truck</b> broke down & "no spare"';
    const partner = await newPartner({ companyName: "Delta <i>Tow</i>", email: "delta@example.com" });
    const offerId = await offer(
      id,
      partner,
      { state: "accepted", answeredAt: new Date(), etaMinutes: 20, step: "not_completed", notCompletedReason: reason },
      "offer_withdrawn",
    );
    // Only the desk's alerts on this offer are due (the partner's rows from the helper are done).
    await db.db.update(alertOutbox).set({ state: "sent" }).where(eq(alertOutbox.offerId, offerId));
    await db.db.insert(alertOutbox).values(
      (["email", "webhook"] as const).map((channel) => ({
        serviceRequestId: id,
        channel,
        kind: "job_not_completed" as const,
        offerId,
      })),
    );
    clock = Math.max(clock, Date.now() + 1);
    expect(await desk.alerts.worker.runOnce()).toBe(2);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(OWNER_TO);
    expect(mail?.parsed.subject).toMatch(new RegExp(`^Delta <i>Tow</i> could not complete #${id} `));
    expect(mail?.parsed.text).toContain(`Their reason: ${reason}.`);
    expect(mail?.parsed.text).toContain(`/desk#/requests/${id}`);
    const html = String(mail?.parsed.html);
    expect(html).not.toContain("<b>Truck");
    expect(html).not.toContain("<i>Tow");
    expect(html).toContain("&lt;b&gt;Truck&lt;/b&gt; broke down &amp; &quot;no spare&quot;");
    const [hook] = await ownerHook.waitFor(1);
    expect(verify(hook?.body ?? "", hook?.headers["x-signature-256"], OWNER_SECRET)).toBe(true);
    expect(JSON.parse(hook?.body ?? "{}")).toMatchObject({
      type: "service_request.not_completed",
      id,
      partner: { companyName: "Delta <i>Tow</i>" },
      reason,
    });
    expect(partnerHook.hooks).toHaveLength(0);
    expect(smtp.mails.map((m) => m.envelopeTo)).toEqual([OWNER_TO]);
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(notCompletedPushNotification(row as typeof serviceRequests.$inferSelect, "Delta <i>Tow</i>")).toMatchObject({
      title: `Delta <i>Tow</i> could not complete #${id}`,
      url: `/desk#/requests/${id}`,
      tag: `service-request-${id}-not-completed`,
    });
  });

  it("a server without the owner's webhook leaves the desk's webhook alerts to one that has it", async () => {
    const { id } = await send();
    await db.db.insert(alertOutbox).values({ serviceRequestId: id, channel: "webhook", kind: "no_partner" });
    clock = Math.max(clock, Date.now() + 1);
    expect(await app.alerts.worker.runOnce()).toBe(0);
    expect(await desk.alerts.worker.runOnce()).toBe(1);
    await ownerHook.waitFor(1);
  });

  it("a partner's webhook address inside our network is never posted to (the desk's push rule)", async () => {
    const { id } = await send();
    const partner = await newPartner({ email: "loop@rivera.example" });
    const offerId = await offer(id, partner, { state: "withdrawn", answeredAt: new Date() }, "offer_withdrawn");
    await desk.alerts.worker.runOnce();
    const hookAlert = (await alertsOf(offerId)).find((a) => a.channel === "webhook");
    expect(hookAlert?.state).toBe("pending");
    expect(hookAlert?.lastError).toBe("the partner's webhook address is not a public https address");
    expect(partnerHook.hooks).toHaveLength(0);
  });
});
