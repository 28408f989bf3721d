import { createHash, createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { alertOutbox, requestPageLinks } from "../../server/db/schema";
import { ui } from "../../src/i18n/ui";
import { alertReceiversForThisFile } from "../support/alert-deliveries";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import type { ReceivedMail } from "../support/receivers";
import { validServiceRequest } from "../support/service-request";
import { emptyTestSite } from "../support/test-site";

const WEBHOOK_SECRET = "request-page-webhook-secret-42";
const SITE_URL = "https://www.stockton-tow-help.example";
const kindOf = (mail: ReceivedMail) => mail.parsed.headers.get("x-service-request-alert");

/**
 * The e-mails and webhooks around a driver's request page, through the real outbox to real receivers:
 * the driver's confirmation (with the link to the page) and the owner's alerts when the driver cancels.
 */
describe.each(databaseTargets)("request-page e-mails and alerts on $kind", (target) => {
  const receivers = alertReceiversForThisFile();
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let clock = Date.now();

  const send = (payload: object, remoteAddress = "203.0.113.50") =>
    app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress });
  const runWorker = async () => {
    clock = Date.now() + 1;
    return app.alerts.worker.runOnce();
  };

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({
        serviceRequestRateLimit: { max: 3, timeWindowMs: 60_000 },
        alerts: {
          email: { smtpUrl: receivers.smtp.url, from: "alerts@stocktontowing.example", to: ["owner@example.com"] },
          webhook: { url: receivers.hook.url, secret: WEBHOOK_SECRET },
        },
      }),
      logger: false,
      // The public origin the build was made for: the e-mail's link points there.
      site: { ...emptyTestSite(), siteUrl: SITE_URL },
      db,
      alerts: { autoStart: false, worker: { now: () => new Date(clock), random: () => 1 } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.db.update(alertOutbox).set({ state: "sent" }).where(eq(alertOutbox.state, "pending"));
    receivers.smtp.mails.length = 0;
    receivers.hook.hooks.length = 0;
  });

  it("e-mails the driver once: number, working link, phone, who sent it and why, every typed field escaped", async () => {
    const hostile = {
      ...validServiceRequest,
      name: 'Buy <a href="https://spam.example">cheap pills</a>',
      email: "driver.confirm@example.com",
      pickupLocation: '<img src=x onerror="alert(1)"> & "Hammer Ln"',
    };
    const res = await send(hostile, "203.0.113.51");
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    expect(await runWorker()).toBe(3);
    const mails = await receivers.smtp.waitFor(2);
    const confirmations = mails.filter((m) => kindOf(m) === "driver_confirmation");
    expect(confirmations).toHaveLength(1);
    const mail = confirmations[0] as ReceivedMail;
    // To the address the driver typed, and to nobody else; a reply reaches the business.
    expect(mail.envelopeTo).toEqual(["driver.confirm@example.com"]);
    expect(mail.parsed.replyTo?.text).toBe("dispatch@stocktontowing.example");
    expect(mail.parsed.subject).toBe(`Your service request #${id} to Stockton 24/7 Towing`);

    const text = mail.parsed.text ?? "";
    const html = String(mail.parsed.html);
    const link = new RegExp(`${SITE_URL.replaceAll(".", "\\.")}/request/([A-Za-z0-9_-]{43})`);
    const token = link.exec(text)?.[1];
    expect(token).toBeDefined();
    expect(html).toContain(`href="${SITE_URL}/request/${token}"`);
    for (const part of [text, html]) {
      expect(part).toContain(`#${id}`);
      expect(part).toContain("(209) 555-0142");
      expect(part).toMatch(
        /Why you got this e-mail: a service request was sent on the website of Stockton 24\/7 Towing/,
      );
      expect(part).toContain("it sends you at most one more, once the request is done, to ask how it went");
      // The name is never in it: a stranger's address could get a stranger's message.
      expect(part).not.toContain("cheap pills");
    }
    expect(text).toContain('<img src=x onerror="alert(1)"> & "Hammer Ln"');
    expect(html).not.toContain("<img");
    expect(html).not.toContain("spam.example");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;Hammer Ln&quot;");

    // The link opens this request's page.
    const page = await app.inject({ method: "GET", url: `/request/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Service request #${id}`);
  });

  it("e-mails a Spanish driver in Spanish, linking to the page in Spanish; the owner's alert stays English", async () => {
    const res = await send(
      { ...validServiceRequest, email: "conductor@example.com", language: "es", pickupLocation: "Hammer Ln y West Ln" },
      "203.0.113.52",
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    expect(await runWorker()).toBe(3);
    const mails = await receivers.smtp.waitFor(2);
    const mail = mails.find((m) => kindOf(m) === "driver_confirmation") as ReceivedMail;
    expect(mail.envelopeTo).toEqual(["conductor@example.com"]);
    expect(mail.parsed.subject).toBe(`Stockton 24/7 Towing: su solicitud de servicio #${id}`);
    expect(mail.parsed.headers.get("content-language")).toBe("es-US");
    const text = mail.parsed.text ?? "";
    const html = String(mail.parsed.html);
    for (const part of [text, html]) {
      expect(part).toContain(`Stockton 24/7 Towing recibió su solicitud de servicio #${id}`);
      // The service by the Spanish pages' name, not the stored "Jump Start".
      expect(part).toContain(ui.es.serviceNames["jump-start"]);
      expect(part).not.toContain("Jump Start");
      expect(part).toContain("Vea cómo va su solicitud");
      expect(part).toContain("El enlace funciona hasta 30 días después de que termine la solicitud.");
      expect(part).toMatch(/Si alguien está herido o en peligro, llame primero al 911\./);
      expect(part).toContain("Por qué recibió este correo: alguien envió una solicitud de servicio");
      // The time it was sent, in Spanish: "lunes, 23 de noviembre de 2026, 1:05 a.m.".
      expect(part).toMatch(/(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d+ de \w+ de \d{4}/);
      // Which clock, in the driver's words (issue 48): never the zone's code name "America/Los_Angeles".
      expect(part).toMatch(/\d:\d{2}\s?[ap]\.\s?m\. \(hora del Pacífico\)/);
      expect(part).not.toMatch(/America\//);
    }
    expect(text).toContain("Lo vamos a llamar. Para cualquier urgencia, llame al (209) 555-0142.");
    expect(html).toContain('llame al <a href="tel:+12095550142">(209) 555-0142</a>.');
    expect(html).toMatch(/^<!doctype html>\n<html lang="es-US">/);
    // No English left, once the link and the business's own name and address are set aside.
    const words = text.replace(/https?:\/\/\S+/g, "").replace(/Stockton 24\/7 Towing|Waterfront Way/g, "");
    expect(
      words.match(/\b(the|and|your|call|request|you|with|please|our|we|for|here|now|this|sent|service)\b/gi),
    ).toBeNull();

    // The owner's alert about the same request stays in English and says to call back in Spanish.
    const owner = mails.find((m) => kindOf(m) === "new_request") as ReceivedMail;
    expect(owner.parsed.subject).toMatch(new RegExp(`^New service request #${id}: Jump Start at`));
    expect(owner.parsed.text).toContain("Language:  Spanish (call back in Spanish)");
    expect(owner.parsed.headers.get("content-language")).toBeUndefined();

    // The link opens the request's page, in Spanish.
    const token = /\/request\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    const page = await app.inject({ method: "GET", url: `/request/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es-US">');
    expect(page.body).toContain(`Solicitud de servicio #${id}`);
  });

  it("a confirmation attempt that fails takes its link back: after the retry, the form's link and the e-mail's only", async () => {
    const email = "driver.retried@example.com";
    receivers.smtp.refuseRecipient(email, 1);
    const res = await send({ ...validServiceRequest, email }, "203.0.113.80");
    expect(res.statusCode).toBe(201);
    const { id, requestPage } = res.json() as { id: number; requestPage: string };
    const hash = (token: string) => createHash("sha256").update(token).digest("hex");
    const links = async () =>
      (await db.db.select().from(requestPageLinks).where(eq(requestPageLinks.serviceRequestId, id)))
        .map((l) => l.tokenSha256)
        .sort();
    const confirmation = async () =>
      (
        await db.db
          .select()
          .from(alertOutbox)
          .where(and(eq(alertOutbox.serviceRequestId, id), eq(alertOutbox.kind, "driver_confirmation")))
      )[0];

    // The first attempt is refused by the mail server: the alert waits for its retry, and the link
    // made for that e-mail, which nobody got, no longer opens the page.
    expect(await runWorker()).toBe(3);
    expect(await confirmation()).toMatchObject({ state: "pending", attempts: 1 });
    expect(await links()).toEqual([hash(requestPage.slice("/request/".length))]);

    // The retry, once due (20 s at most after the first), goes through with a link of its own.
    clock = Date.now() + 60_000;
    expect(await app.alerts.worker.runOnce()).toBe(1);
    await receivers.smtp.waitFor(2);
    const mail = receivers.smtp.mails.find((m) => kindOf(m) === "driver_confirmation");
    expect(mail?.envelopeTo).toEqual([email]);
    const mailed = /\/request\/([A-Za-z0-9_-]{43})/.exec(mail?.parsed.text ?? "")?.[1] ?? "";
    expect(await confirmation()).toMatchObject({ state: "sent", attempts: 2 });
    expect(await links()).toEqual([hash(requestPage.slice("/request/".length)), hash(mailed)].sort());
    expect((await app.inject({ method: "GET", url: `/request/${mailed}` })).statusCode).toBe(200);
  });

  it("the honeypot and the rate limit keep the form from mailing strangers in bulk", async () => {
    const stranger = { ...validServiceRequest, email: "stranger@example.com" };
    // A bot that fills the trap stores nothing and mails nobody, and its try counts against its address.
    const trap = await send({ ...stranger, company_website: "https://bot.example" }, "203.0.113.61");
    expect(trap.statusCode).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(stranger, "203.0.113.61")).statusCode);
    // 3 per window here: the trap's try and two requests, then 429.
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    await runWorker();
    await receivers.smtp.waitFor(4);
    const toStranger = receivers.smtp.mails.filter((m) => m.envelopeTo.includes("stranger@example.com"));
    expect(toStranger).toHaveLength(2);
  });

  it("alerts the owner by e-mail and signed webhook (service_request.cancelled) when the driver cancels", async () => {
    const res = await send({ ...validServiceRequest, name: "Cancelling Driver" }, "203.0.113.70");
    const { id, requestPage } = res.json() as { id: number; requestPage: string };
    const token = requestPage.slice("/request/".length);
    await runWorker();
    receivers.smtp.mails.length = 0;
    receivers.hook.hooks.length = 0;

    const reason = `Friend gave me a jump <script>alert("r")</script>`;
    const cancel = await app.inject({
      method: "POST",
      url: `/api/request/${token}/cancel`,
      headers: { origin: "http://localhost:80" },
      payload: { reason },
    });
    expect(cancel.statusCode).toBe(200);
    const queued = await db.db.select().from(alertOutbox).where(eq(alertOutbox.kind, "cancelled"));
    expect(
      queued
        .filter((a) => a.serviceRequestId === id)
        .map((a) => a.channel)
        .sort(),
    ).toEqual(["email", "webhook"]);
    expect(await runWorker()).toBe(2);

    const [mail] = await receivers.smtp.waitFor(1);
    expect(kindOf(mail as ReceivedMail)).toBe("cancelled");
    expect(mail?.envelopeTo).toEqual(["owner@example.com"]);
    expect(mail?.parsed.subject).toMatch(
      new RegExp(`^Cancelled by the driver: service request #${id} \\(Jump Start at`),
    );
    expect(mail?.parsed.text).toContain(reason);
    expect(mail?.parsed.text).toContain("Cancelling Driver");
    const html = String(mail?.parsed.html);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;r&quot;)&lt;/script&gt;");

    const [hook] = await receivers.hook.waitFor(1);
    const body = JSON.parse(hook?.body ?? "{}");
    expect(body).toMatchObject({
      type: "service_request.cancelled",
      id,
      cancelledBy: "driver",
      reason,
      name: "Cancelling Driver",
      phone: validServiceRequest.phone,
      service: validServiceRequest.service,
    });
    expect(new Date(body.cancelledAt).getTime()).toBeGreaterThan(new Date(body.createdAt).getTime() - 1);
    const signature = `sha256=${createHmac("sha256", WEBHOOK_SECRET)
      .update(hook?.body ?? "")
      .digest("hex")}`;
    expect(hook?.headers["x-signature-256"]).toBe(signature);
    const webhookAlert = queued.find((a) => a.serviceRequestId === id && a.channel === "webhook");
    expect(hook?.headers["idempotency-key"]).toBe(webhookAlert?.id);

    // A second cancel is refused and alerts nobody.
    const again = await app.inject({
      method: "POST",
      url: `/api/request/${token}/cancel`,
      headers: { origin: "http://localhost:80" },
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(await runWorker()).toBe(0);
  });
});
