import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { AlertConfig } from "../../server/config";
import { alertOutbox } from "../../server/db/schema";
import { NO_ALERT_CHANNEL_WARNING } from "../../server/features/alerts/plugin";
import { MAX_RETRY_DELAY_MS } from "../../server/features/alerts/retry-policy";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { logSink } from "../support/log-sink";
import { type SmtpReceiver, startSmtpReceiver, startWebhookReceiver, type WebhookReceiver } from "../support/receivers";
import { emptyTestSite } from "../support/test-site";

const WEBHOOK_SECRET = "test-webhook-secret-0123456789";
const SMTP_PASSWORD = "smtp-password-123"; // in the receiver's URL: must never reach a log

const driver = {
  name: "Maria Lopez",
  email: "maria.lopez@example.com",
  phone: "(209) 555-0100",
  service: "Jump Start",
  pickupLocation: "Pacific Ave & March Ln, Stockton",
  dropoffLocation: "1200 W Fremont St, Stockton",
  vehicle: "2014 Honda Civic, silver",
  note: "Gate code 4521, the car is behind the shop",
};

/** The receiver's side of the README's recipe: HMAC the raw body, compare in constant time. */
function verifySignature(rawBody: string, header: string | string[] | undefined, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`);
  const given = Buffer.from(String(header ?? ""));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe.each(databaseTargets)("new-request alerts on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let app: FastifyInstance;
  let clock = Date.now();
  const log = logSink();

  const alertConfig = (): AlertConfig => ({
    email: { smtpUrl: smtp.url, from: "alerts@stocktontowing.example", to: ["owner@example.com", "desk@example.com"] },
    webhook: { url: hook.url, secret: WEBHOOK_SECRET },
  });
  const post = async (a: FastifyInstance, payload: object) => {
    const res = await a.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
    // A new alert is due from the database's now(); the test's clock must not lag behind it.
    clock = Math.max(clock, Date.now() + 1);
    return res;
  };
  const alertsOf = (id: number) => db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id));
  const runWorker = () => app.alerts.worker.runOnce();
  /** The owner's new-request e-mail (each request also sends the driver a confirmation: tests/server/request-page-email.test.ts). */
  const ownerMail = async () =>
    (await smtp.waitFor(2)).find((m) => m.parsed.headers.get("x-service-request-alert") === "new_request");

  beforeAll(async () => {
    db = await openTestDatabase(target);
    smtp = await startSmtpReceiver();
    hook = await startWebhookReceiver();
    app = await buildApp({
      config: testConfig({ serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 }, alerts: alertConfig() }),
      logger: { level: "info", stream: log.stream },
      site: emptyTestSite(),
      db,
      // The worker runs only when the test says, on the test's clock.
      alerts: { autoStart: false, worker: { now: () => new Date(clock), random: () => 1 } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await hook?.close();
    await db?.close();
  });
  beforeEach(async () => {
    clock = Date.now();
    // Nothing left over from an earlier test may be due.
    await db.db.update(alertOutbox).set({ state: "sent" }).where(eq(alertOutbox.state, "pending"));
    smtp.mails.length = 0;
    hook.hooks.length = 0;
    hook.respondWith([]);
    log.lines.length = 0;
  });

  it("stores one pending alert per channel with the request, and the driver's confirmation, before the 201", async () => {
    const res = await post(app, driver);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const alerts = await alertsOf(id);
    expect(alerts.map((a) => `${a.kind} ${a.channel}`).sort()).toEqual([
      "driver_confirmation email",
      "new_request email",
      "new_request webhook",
    ]);
    expect(alerts.every((a) => a.state === "pending" && a.attempts === 0)).toBe(true);
  });

  it("the plain form gets its alerts too", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(driver).toString(),
    });
    expect(res.statusCode).toBe(303);
    const [alert] = await db.db.select().from(alertOutbox).where(eq(alertOutbox.state, "pending"));
    expect(alert).toBeDefined();
    expect((await alertsOf(alert?.serviceRequestId ?? 0)).length).toBe(3);
  });

  it("e-mails every field, call and map links, the business's time and the id, with the alert's Message-ID", async () => {
    const { id, createdAt } = (await post(app, driver)).json();
    expect(await runWorker()).toBe(3);
    const mail = await ownerMail();
    const m = mail?.parsed;
    expect(m?.subject).toMatch(/^New service request/);
    expect(m?.subject).toContain("Jump Start");
    expect(m?.subject).toContain("Pacific Ave & March Ln, Stockton");
    expect(mail?.envelopeTo.sort()).toEqual(["desk@example.com", "owner@example.com"]);
    expect(m?.from?.text).toBe("alerts@stocktontowing.example");
    expect(m?.replyTo?.text).toBe(driver.email);

    const emailAlert = (await alertsOf(id)).find((a) => a.channel === "email" && a.kind === "new_request");
    expect(m?.messageId).toBe(`<${emailAlert?.id}@stocktontowing.example>`);
    expect(emailAlert?.state).toBe("sent");

    const when = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Los_Angeles",
      dateStyle: "full",
      timeStyle: "short",
    }).format(new Date(createdAt));
    const escapeAmp = (v: string) => v.replaceAll("&", "&amp;");
    for (const [part, asWritten] of [
      [m?.text ?? "", (v: string) => v],
      [String(m?.html), escapeAmp],
    ] as const) {
      for (const value of [driver.name, driver.email, driver.phone, driver.service, driver.vehicle, String(id)]) {
        expect(part).toContain(asWritten(value));
      }
      expect(part).toContain(when);
      // The clock named in a reader's words, not the zone's code name (issue 48).
      expect(part).toContain(`${when} (Pacific time)`);
      expect(part).not.toContain("America/Los_Angeles");
      expect(part).toContain("tel:+12095550100");
      for (const place of [driver.pickupLocation, driver.dropoffLocation]) {
        expect(part).toContain(
          asWritten(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`),
        );
      }
    }
    expect(String(m?.html)).toContain("Pacific Ave &amp; March Ln, Stockton");
    expect(String(m?.html)).toContain('href="tel:+12095550100"');
  });

  it("escapes what a visitor typed in the HTML part, and a name with CR/LF adds no header", async () => {
    const hostile = {
      ...driver,
      name: 'Eve <script>alert("x")</script>\r\nBcc: victim@example.com\r\nX-Injected: yes',
      pickupLocation: '<img src=x onerror="alert(1)"> & "quotes"',
      dropoffLocation: "Main St\r\nSubject: fake",
    };
    expect((await post(app, hostile)).statusCode).toBe(201);
    await runWorker();
    const mail = await ownerMail();
    const html = String(mail?.parsed.html);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;quotes&quot;");
    // The envelope and the headers are only what we set.
    expect(mail?.envelopeTo.sort()).toEqual(["desk@example.com", "owner@example.com"]);
    const headers = mail?.parsed.headers;
    expect(headers?.has("bcc")).toBe(false);
    expect(headers?.has("x-injected")).toBe(false);
    const headerBlock = mail?.raw.split(/\r?\n\r?\n/)[0] ?? "";
    expect(headerBlock).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(headerBlock.match(/^Subject:/gim)).toHaveLength(1);
    expect(mail?.parsed.subject).not.toMatch(/[\r\n]/);
  });

  it("posts a signed JSON webhook with an Idempotency-Key that a receiver verifies as the README says", async () => {
    const { id, createdAt } = (await post(app, driver)).json();
    await runWorker();
    const [received] = await hook.waitFor(1);
    const body = JSON.parse(received?.body ?? "{}");
    expect(body).toEqual({
      type: "contact_request.created",
      id,
      createdAt,
      ...driver,
      language: "en",
      languageName: "English",
      source: "web",
      location: null,
    });
    expect(received?.headers["content-type"]).toBe("application/json");
    expect(verifySignature(received?.body ?? "", received?.headers["x-signature-256"], WEBHOOK_SECRET)).toBe(true);
    expect(verifySignature(`${received?.body} `, received?.headers["x-signature-256"], WEBHOOK_SECRET)).toBe(false);
    expect(verifySignature(received?.body ?? "", received?.headers["x-signature-256"], "another-secret-123456")).toBe(
      false,
    );
    const webhookAlert = (await alertsOf(id)).find((a) => a.channel === "webhook");
    expect(received?.headers["idempotency-key"]).toBe(webhookAlert?.id);
  });

  it("says so when the driver left the optional vehicle empty: null in the webhook, '(not given)' in the e-mail", async () => {
    const { vehicle: _left, ...withoutVehicle } = driver;
    const { id, createdAt } = (await post(app, { ...withoutVehicle, vehicle: "   " })).json();
    await runWorker();
    const [received] = await hook.waitFor(1);
    expect(JSON.parse(received?.body ?? "{}")).toEqual({
      type: "contact_request.created",
      id,
      createdAt,
      ...withoutVehicle,
      vehicle: null,
      language: "en",
      languageName: "English",
      source: "web",
      location: null,
    });
    const mail = await ownerMail();
    expect(mail?.parsed.text).toMatch(/^Vehicle: +\(not given\)$/m);
    // The driver's note reaches the owner's real mailbox as its own line.
    expect(mail?.parsed.text).toMatch(/^Note: +Gate code 4521, the car is behind the shop$/m);
    expect(mail?.parsed.text).toMatch(/^Language: +English$/m);
  });

  it("a request from the Spanish site: the owner's e-mail, in English, says to call back in Spanish; the webhook says es and Spanish", async () => {
    const { id } = (await post(app, { ...driver, language: "es" })).json();
    await runWorker();
    const [received] = await hook.waitFor(1);
    expect(JSON.parse(received?.body ?? "{}")).toMatchObject({ id, language: "es", languageName: "Spanish" });
    const mail = await ownerMail();
    expect(mail?.parsed.text).toMatch(/^Language: +Spanish \(call back in Spanish\)$/m);
    expect(mail?.parsed.html).toMatch(/<th[^>]*>Language<\/th><td[^>]*>Spanish \(call back in Spanish\)<\/td>/);
    // The rest of the e-mail stays in the owner's language.
    expect(mail?.parsed.subject).toMatch(/^New service request #\d+: /);
    expect(mail?.parsed.text).toMatch(/^Service: +Jump Start$/m);
  });

  it("retries a webhook answering 500 three times with growing backoff, and delivers once accepted", async () => {
    hook.respondWith([500, 500, 500]);
    const { id } = (await post(app, driver)).json();
    const webhookAlert = async () => (await alertsOf(id)).find((a) => a.channel === "webhook");
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runWorker();
      const alert = await webhookAlert();
      expect(alert?.state).toBe("pending");
      expect(alert?.attempts).toBe(attempt);
      expect(alert?.lastError).toBe("HTTP 500");
      const delay = (alert?.nextAttemptAt.getTime() ?? 0) - clock;
      delays.push(delay);
      // Not due before its time...
      clock += delay - 1000;
      expect(await runWorker()).toBe(0);
      // ...and due once it has come.
      clock += 1000;
    }
    expect(delays[0]).toBeLessThanOrEqual(30_000);
    expect(delays[1]).toBeGreaterThan(delays[0] ?? 0);
    expect(delays[2]).toBeGreaterThan(delays[1] ?? 0);
    await runWorker();
    const alert = await webhookAlert();
    expect(alert?.state).toBe("sent");
    expect(alert?.attempts).toBe(4);
    expect(hook.hooks.map((h) => h.status)).toEqual([500, 500, 500, 200]);
    // Every try carried the same key, so a receiver that saw one can drop the rest.
    expect(new Set(hook.hooks.map((h) => h.headers["idempotency-key"]))).toEqual(new Set([alert?.id]));
    expect(hook.accepted()).toHaveLength(1);
  });

  it("keeps trying up to 48 hours after the request, then marks the alert failed", async () => {
    hook.respondWith(Array.from({ length: 10 }, () => 503));
    const { id, createdAt } = (await post(app, driver)).json();
    const webhookAlert = async () => (await alertsOf(id)).find((a) => a.channel === "webhook");
    const stored = new Date(createdAt).getTime();
    // A try just before the 48 hours: still scheduled again, at most 15 minutes on.
    clock = stored + 48 * 3_600_000 - 5_000;
    await runWorker();
    let alert = await webhookAlert();
    expect(alert?.state).toBe("pending");
    expect((alert?.nextAttemptAt.getTime() ?? 0) - clock).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
    // The next try, past 48 hours, fails for good.
    clock = alert?.nextAttemptAt.getTime() ?? 0;
    await runWorker();
    alert = await webhookAlert();
    expect(alert?.state).toBe("failed");
    expect(alert?.lastError).toBe("HTTP 503");
    expect(await runWorker()).toBe(0);
    const health = (await app.inject({ method: "GET", url: "/api/health" })).json();
    expect(health.alerts.failed).toBeGreaterThanOrEqual(1);
    const failedLine = log.lines.find((l) => l.outcome === "failed");
    expect(failedLine).toMatchObject({ alertId: alert?.id, channel: "webhook", attempt: 2 });
    await db.db.delete(alertOutbox).where(eq(alertOutbox.state, "failed"));
  });

  it("logs one line per attempt with alert id, channel, outcome and attempt, and no personal data or secret", async () => {
    hook.respondWith([500]);
    await post(app, driver);
    await runWorker();
    clock += 60_000;
    await runWorker();
    const attempts = log.lines.filter((l) => "outcome" in l);
    expect(attempts.map((l) => [l.channel, l.outcome, l.attempt]).sort()).toEqual([
      ["email", "sent", 1],
      ["email", "sent", 1],
      ["webhook", "retry", 1],
      ["webhook", "sent", 2],
    ]);
    for (const line of attempts) expect(typeof line.alertId).toBe("string");
    const text = log.text();
    for (const secret of [driver.name, driver.email, driver.phone, driver.pickupLocation, "Maria", "555-0100"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(SMTP_PASSWORD);
    expect(text).not.toContain(WEBHOOK_SECRET);
  });

  it("GET /api/health counts pending and failed alerts and the oldest pending one's age, without personal data", async () => {
    hook.respondWith([500]);
    await post(app, driver);
    clock += 5_000;
    await runWorker(); // e-mail sent, webhook pending
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ok");
    expect(body.alerts.pending).toBe(1);
    expect(body.alerts.failed).toBe(0);
    expect(body.alerts.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.body).not.toContain("Maria");
  });

  it("an SMTP server that is down when requests arrive gets every alert once it is up", async () => {
    // A port with nobody listening: take one, then free it.
    const probe = await startSmtpReceiver();
    const downPort = probe.port;
    await probe.close();
    const downLog = logSink();
    const offline = await buildApp({
      config: testConfig({
        serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        alerts: {
          // The receiver offers STARTTLS with smtp-server's own self-signed certificate.
          email: {
            smtpUrl: `smtp://127.0.0.1:${downPort}/?tls.rejectUnauthorized=false`,
            from: "alerts@example.com",
            to: ["o@example.com"],
          },
        },
      }),
      logger: { level: "info", stream: downLog.stream },
      site: emptyTestSite(),
      db,
      alerts: { autoStart: false, worker: { now: () => new Date(clock) } },
    });
    const late = await (async () => {
      try {
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) ids.push((await post(offline, { ...driver, name: `Driver ${i}` })).json().id);
        // Each request: the owner's alert and the driver's confirmation. (Its webhook alert, queued for
        // the other server on this database, which has the webhook, is not this server's to send.)
        const emailsOf = async (id: number) => (await alertsOf(id)).filter((a) => a.channel === "email");
        expect(await offline.alerts.worker.runOnce()).toBe(6);
        for (const id of ids) {
          for (const alert of await emailsOf(id)) {
            expect(alert.state).toBe("pending");
            expect(alert.lastError).toBe("SMTP connection failed (ECONNREFUSED)");
          }
        }
        const up = await startSmtpReceiver(downPort);
        try {
          clock += 60 * 60_000;
          expect(await offline.alerts.worker.runOnce()).toBe(6);
          const mails = await up.waitFor(6);
          for (const id of ids) expect((await emailsOf(id)).map((a) => a.state)).toEqual(["sent", "sent"]);
          return mails.filter((m) => m.parsed.headers.get("x-service-request-alert") === "new_request");
        } finally {
          await up.close();
        }
      } finally {
        await offline.close();
      }
    })();
    expect(late.map((m) => m.parsed.subject?.match(/#(\d+)/)?.[1]).length).toBe(3);
  });
});

describe("with no alert channel configured", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it("warns once at start and still stores requests, with no alert rows", async () => {
    const target = databaseTargets[0];
    if (!target) throw new Error("no database target");
    const db = await openTestDatabase(target);
    const log = logSink();
    try {
      app = await buildApp({
        config: testConfig({ alerts: {} }),
        logger: { level: "info", stream: log.stream },
        site: emptyTestSite(),
        db,
      });
      await app.ready();
      const res = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(driver),
      });
      expect(res.statusCode).toBe(201);
      expect(await db.db.select().from(alertOutbox)).toHaveLength(0);
      const warnings = log.lines.filter((l) => l.msg === NO_ALERT_CHANNEL_WARNING);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.level).toBe(40);
      expect(NO_ALERT_CHANNEL_WARNING).toContain("SMTP_URL");
      expect(NO_ALERT_CHANNEL_WARNING).toContain("LEAD_ALERT_WEBHOOK_URL");
    } finally {
      await app?.close();
      app = undefined;
      await db.close();
    }
  });
});
