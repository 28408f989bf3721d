import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  alertReceiversForThisFile,
  deliveries as deliveriesOf,
  duplicateCount,
  waitDelivered as waitDeliveredTo,
  whileRecoveringALeaseLater,
} from "../support/alert-deliveries";
import { databaseTargets } from "../support/databases";
import { keepPosting } from "../support/keep-posting";
import {
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  waitHealthy,
  writeMinimalSite,
} from "../support/server-process";

/**
 * Alerts are as durable as the request: real servers take requests and deliver alerts to real
 * receivers while they are SIGKILLed again and again; at the end every acknowledged request has had
 * its e-mail and its webhook delivered. Delivery is at least once, so duplicates are counted and
 * reported, not forbidden. (Two servers sharing one outbox: tests/server/scale-out.test.ts.)
 *
 * An alert a killed server had claimed waits out its lease (45 s) on PostgreSQL, where no server owns
 * the database alone. The server that recovers runs in this process with its worker's clock a lease
 * ahead, as if the lease had passed: the test proves the claims expire and are sent, without waiting.
 */
const KILLS = 3;
const CONCURRENCY = 4;

const siteRoot = mkdtempSync(path.join(tmpdir(), "towing-alerts-site-"));
const site = writeMinimalSite(siteRoot);
const receivers = alertReceiversForThisFile();
afterAll(() => {
  rmSync(siteRoot, { recursive: true, force: true });
});

const alertEnv = () => ({
  SMTP_URL: receivers.smtp.url,
  LEAD_ALERT_FROM: "alerts@stocktontowing.example",
  LEAD_ALERT_TO: "owner@example.com",
  LEAD_ALERT_WEBHOOK_URL: receivers.hook.url,
  LEAD_ALERT_WEBHOOK_SECRET: "crash-test-secret-0123456789",
  CONTACT_RATE_LIMIT_MAX: "1000000",
  DIST_DIR: site,
});

async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const deliveries = () => deliveriesOf(receivers.smtp, receivers.hook);
const waitDelivered = (ids: Set<number>, timeoutMs: number) =>
  waitDeliveredTo(receivers.smtp, receivers.hook, ids, timeoutMs);
const duplicates = duplicateCount;

describe.each(databaseTargets)("alerts survive SIGKILL on $kind", (target) => {
  it(`delivers every acknowledged request's alerts across ${KILLS} kills`, { timeout: 300_000 }, async () => {
    receivers.smtp.mails.length = 0;
    receivers.hook.hooks.length = 0;
    const place = await target.create();
    const env = { ...alertEnv(), DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? "" };
    const acknowledged = new Set<number>();
    const started: ServerProcess[] = [];
    try {
      for (let round = 0; round < KILLS; round++) {
        const server = startServer(await freePort(), env);
        started.push(server);
        await waitHealthy(server);
        const before = acknowledged.size;
        const load = keepPosting([server], CONCURRENCY, (id) => acknowledged.add(id), "crash");
        // Kill it mid-stream: once it has taken some requests (however busy the machine), at a random moment.
        await waitFor(() => acknowledged.size - before >= 20, 60_000);
        await new Promise((r) => setTimeout(r, Math.random() * 400));
        server.child.kill("SIGKILL");
        expect(await server.exited).toBe("SIGKILL");
        await load.stop();
      }
      // The recovering server, a lease later by its clock: what a killed server had claimed is due.
      const missing = await whileRecoveringALeaseLater(env, site, () => waitDelivered(acknowledged, 60_000));
      const { mails, hooks } = deliveries();
      console.info(
        `${target.kind}: ${acknowledged.size} acknowledged requests over ${KILLS} kills; ` +
          `${missing.length} without alerts; duplicates: ${duplicates(mails)} e-mails, ${duplicates(hooks)} webhooks`,
      );
      expect(missing, `${missing.length} acknowledged requests never alerted`).toEqual([]);
    } finally {
      await Promise.all(started.map((s) => stopServer(s)));
      await place.dispose();
    }
  });
});
