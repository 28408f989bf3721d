import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { type Database, openDatabase } from "../../server/db/client";
import { alertOutbox } from "../../server/db/schema";
import { emptySiteFiles } from "../../server/site-files";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { type SmtpReceiver, startSmtpReceiver, startWebhookReceiver, type WebhookReceiver } from "../support/receivers";
import { validServiceRequest } from "../support/service-request";

const WEBHOOK_SECRET = "two-servers-webhook-secret-0123";

/**
 * Several servers on one database may be set up with different channels (only one has SMTP_URL, say).
 * Each claims only the alerts it can send: the one without e-mail never takes an e-mail alert, so it
 * never puts one off with "not configured on this server" while a server that can send it waits.
 */
describe.each(databaseTargets)("two servers with different alert channels on one $kind database", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  /** The webhook-only server's own connection (on PostgreSQL; PGlite is one process's, so it is shared). */
  let second: Database | undefined;
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let webhookOnly: FastifyInstance;
  let both: FastifyInstance;
  const now = () => new Date(Date.now() + 1000);

  beforeAll(async () => {
    db = await openTestDatabase(target);
    smtp = await startSmtpReceiver();
    hook = await startWebhookReceiver();
    if (db.location.databaseUrl) second = await openDatabase(db.location);
    const build = (alerts: Parameters<typeof testConfig>[0], on: Database) =>
      buildApp({
        config: testConfig(alerts),
        logger: false,
        site: emptySiteFiles(),
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
    await Promise.all([webhookOnly.ready(), both.ready()]);
  });
  afterAll(async () => {
    await webhookOnly?.close();
    await both?.close();
    await second?.close();
    await smtp?.close();
    await hook?.close();
    await db?.close();
  });

  it("the server without e-mail claims only the webhook alert; the e-mail ones wait, untried, for the other", async () => {
    const created = await both.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const rows = () => db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id));
    const emailAlerts = (await rows()).filter((r) => r.channel === "email");
    // The owner's alert and the driver's confirmation.
    expect(emailAlerts.length).toBe(2);

    expect(await webhookOnly.alerts.worker.runOnce()).toBe(1);
    expect(hook.hooks.length).toBe(1);
    const afterFirst = await rows();
    for (const row of afterFirst.filter((r) => r.channel === "email")) {
      expect(row).toMatchObject({ state: "pending", attempts: 0, lastError: null });
    }
    expect(afterFirst.find((r) => r.channel === "webhook")?.state).toBe("sent");
    // Asked again, it still takes nothing it cannot send.
    expect(await webhookOnly.alerts.worker.runOnce()).toBe(0);

    expect(await both.alerts.worker.runOnce()).toBe(2);
    await smtp.waitFor(2);
    const afterSecond = await rows();
    expect(afterSecond.map((r) => r.state)).toEqual(afterSecond.map(() => "sent"));
    expect(afterSecond.filter((r) => r.channel === "email").map((r) => r.attempts)).toEqual([1, 1]);
  });
});
