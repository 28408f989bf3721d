import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { type Database, openDatabase } from "../../server/db/client";
import { alertOutbox } from "../../server/db/schema";
import { GIVE_UP_AFTER_MS } from "../../server/features/alerts/retry-policy";
import { LIVE_FOR_MS } from "../../server/features/alerts/server-directory";
import { addUser } from "../../server/features/desk/users";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase, postgresUrl } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { OWNER, PASSWORD, partnersWorld } from "../support/partners";
import { withPostgresServers } from "../support/postgres-servers";
import { type SmtpReceiver, startSmtpReceiver, startWebhookReceiver, type WebhookReceiver } from "../support/receivers";
import { validServiceRequest } from "../support/service-request";
import { emptyTestSite } from "../support/test-site";

const WEBHOOK_SECRET = "two-servers-webhook-secret-0123";

/**
 * Several servers on one database may be set up with different channels (only one has SMTP_URL, say).
 * Each claims only the alerts it can send, and each queues alerts on every channel some server of the
 * installation sends (their heartbeats say which): a request stored by the server without e-mail still
 * gets the owner's e-mail and the driver's confirmation, sent by the other. When no live server has a
 * channel with alerts waiting, /api/health and the desk's inbox say so.
 */
describe.each(databaseTargets)("two servers with different alert channels on one $kind database", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  /** The webhook-only server's own connection (on PostgreSQL; PGlite is one process's, so it is shared). */
  let second: Database | undefined;
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let webhookOnly: FastifyInstance;
  let both: FastifyInstance;
  let desk: DeskClient;
  // Both servers' clock, set ahead of the database's once they are up, so that what it stores is due.
  let clock = new Date();
  const now = () => clock;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    db = await openTestDatabase(target);
    smtp = await startSmtpReceiver();
    hook = await startWebhookReceiver();
    if (db.location.databaseUrl) second = await openDatabase(db.location);
    const build = (alerts: Parameters<typeof testConfig>[0], on: Database) =>
      buildApp({
        config: testConfig(alerts),
        logger: false,
        site: emptyTestSite(),
        db: on,
        alerts: { autoStart: false, worker: { now } },
      });
    webhookOnly = await build({ alerts: { webhook: { url: hook.url, secret: WEBHOOK_SECRET } } }, second ?? db);
    both = await build(
      {
        alerts: {
          email: { smtpUrl: smtp.url, from: "alerts@stocktontowing.example", to: ["owner@example.com"] },
          webhook: { url: hook.url, secret: WEBHOOK_SECRET },
        },
      },
      db,
    );
    await webhookOnly.ready();
    await both.ready();
    await addUser(db.db, OWNER, PASSWORD);
    desk = new DeskClient(webhookOnly);
    expect((await desk.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
    clock = new Date(Date.now() + 5000);
    await both.alerts.worker.heartbeat();
    // The webhook-only server started first: its next heartbeat hears of the other's e-mail.
    await webhookOnly.alerts.worker.heartbeat();
  });
  afterAll(async () => {
    await webhookOnly?.close();
    await both?.close();
    await second?.close();
    await smtp?.close();
    await hook?.close();
    await db?.close();
  });

  const rowsOf = (id: number) => db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id));
  const health = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: "/api/health" })).json();
  const inboxNotice = async () => (await desk.get("/api/desk/requests")).json().alertsWithoutSender;

  it("a request stored by the server without e-mail gets its owner's e-mail and driver's confirmation, sent by the other", async () => {
    const mailsBefore = smtp.mails.length;
    const created = await webhookOnly.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const emailAlerts = (await rowsOf(id)).filter((r) => r.channel === "email");
    expect(emailAlerts.map((r) => r.kind).sort()).toEqual(["driver_confirmation", "new_request"]);

    // The server without e-mail takes only the webhook; the e-mails wait, untried, for the other.
    expect(await webhookOnly.alerts.worker.runOnce()).toBe(1);
    for (const row of (await rowsOf(id)).filter((r) => r.channel === "email"))
      expect(row).toMatchObject({ state: "pending", attempts: 0, lastError: null });
    expect(await webhookOnly.alerts.worker.runOnce()).toBe(0);
    // Someone can send them: nothing to warn about.
    expect((await health(webhookOnly)).alerts.channelsWithoutSender).toEqual([]);

    expect(await both.alerts.worker.runOnce()).toBe(2);
    const mails = (await smtp.waitFor(mailsBefore + 2)).slice(mailsBefore);
    expect(mails.map((m) => m.envelopeTo.join()).sort()).toEqual(
      [validServiceRequest.email, "owner@example.com"].sort(),
    );
    const after = await rowsOf(id);
    expect(after.map((r) => r.state)).toEqual(after.map(() => "sent"));
  });

  it("with no live server able to send e-mail, health and the desk's inbox name the channel; it clears when one is back", async () => {
    // The server with SMTP stops announcing itself (down); a minute later only the other is live.
    advance(LIVE_FOR_MS + 1000);
    await webhookOnly.alerts.worker.heartbeat();
    expect(await inboxNotice()).toEqual([]);
    const created = await webhookOnly.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    // Still queued for e-mail: a server that sent it lately may come back (a restart) and send it.
    expect((await rowsOf(id)).filter((r) => r.channel === "email").length).toBe(2);
    expect(await webhookOnly.alerts.worker.runOnce()).toBe(1);

    expect((await health(webhookOnly)).alerts.channelsWithoutSender).toEqual(["email"]);
    expect(await inboxNotice()).toEqual(["email"]);

    const mailsBefore = smtp.mails.length;
    await both.alerts.worker.heartbeat();
    expect((await health(webhookOnly)).alerts.channelsWithoutSender).toEqual([]);
    expect(await both.alerts.worker.runOnce()).toBe(2);
    await smtp.waitFor(mailsBefore + 2);
    expect(await inboxNotice()).toEqual([]);
  });
});

/**
 * With no SMTP on any server, a partner's offer is still queued by e-mail (a partner's address is
 * required): nobody can send it, and the owner is told where they look.
 */
describe.each(databaseTargets)("no server with e-mail on a $kind database", (target) => {
  const world = partnersWorld(target, {}, new Date(Date.now() + 1000), {
    alerts: { autoStart: false, worker: { now: () => world.now() } },
  });

  it("a partner's offer e-mail waits, and /api/health and the inbox name e-mail as the channel without a sender", async () => {
    const requestId = await world.addRequest();
    const partnerId = await world.addPartner();
    expect((await world.app.inject({ method: "GET", url: "/api/health" })).json().alerts.channelsWithoutSender).toEqual(
      [],
    );
    const offered = await world.desk.post(`/api/desk/requests/${requestId}/offers`, { partnerIds: [partnerId] });
    expect(offered.statusCode, offered.body).toBe(201);
    expect(await world.app.alerts.worker.runOnce()).toBe(0);
    const health = (await world.app.inject({ method: "GET", url: "/api/health" })).json();
    expect(health.alerts).toMatchObject({ pending: 1, channelsWithoutSender: ["email"] });
    expect((await world.desk.get("/api/desk/requests")).json().alertsWithoutSender).toEqual(["email"]);

    // 48 hours on, still no server with e-mail: it is given up like any alert, never sent days late.
    // From whichever is later, the world's clock or the database's (which stamped the alert): the world's
    // clock starts when the file is collected, a minute or more before this test runs on a busy machine.
    world.setNow(new Date(Math.max(world.now().getTime(), Date.now()) + GIVE_UP_AFTER_MS + 60_000));
    await world.app.alerts.worker.heartbeat();
    const later = (await world.app.inject({ method: "GET", url: "/api/health" })).json();
    expect(later.alerts).toMatchObject({ pending: 0, failed: 1, channelsWithoutSender: [] });
    expect((await world.desk.get("/api/desk/requests")).json().alertsWithoutSender).toEqual([]);
  });
});

/**
 * The same as two production processes on one PostgreSQL (each its own pool and worker, on the real
 * clock): the one with SMTP starts first, then one with only the owner's webhook, which hears of the
 * other's e-mail at its start. A request sent through the webhook-only process gets all three alerts.
 */
describe.runIf(postgresUrl)("two server processes on one PostgreSQL, one without SMTP", () => {
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    await smtp?.close();
    await hook?.close();
  });

  it("a request through the process without SMTP: the owner's e-mail and the driver's confirmation arrive from the other", {
    timeout: 240_000,
  }, async () => {
    const withEmail = {
      SMTP_URL: smtp.url,
      LEAD_ALERT_FROM: "alerts@stocktontowing.example",
      LEAD_ALERT_TO: "owner@example.com",
    };
    const webhookOnly = { LEAD_ALERT_WEBHOOK_URL: hook.url, LEAD_ALERT_WEBHOOK_SECRET: WEBHOOK_SECRET };
    await withPostgresServers(
      2,
      (i) => (i === 0 ? withEmail : webhookOnly),
      async ([, noSmtp]) => {
        const res = await fetch(`${noSmtp?.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(validServiceRequest),
        });
        expect(res.status).toBe(201);
        const id = ((await res.json()) as { id: number }).id;
        const mails = await smtp.waitFor(2, 60_000);
        const said = mails.map((m) => [m.parsed.headers.get("x-service-request-alert"), m.envelopeTo.join()]);
        expect(said.sort()).toEqual([
          ["driver_confirmation", validServiceRequest.email],
          ["new_request", "owner@example.com"],
        ]);
        for (const m of mails) expect(m.parsed.headers.get("x-service-request-id")).toBe(String(id));
        await hook.waitFor(1, 60_000);
        const health = (await (await fetch(`${noSmtp?.url}/api/health`)).json()) as {
          alerts: { channelsWithoutSender: string[] };
        };
        expect(health.alerts.channelsWithoutSender).toEqual([]);
      },
    );
  });
});
