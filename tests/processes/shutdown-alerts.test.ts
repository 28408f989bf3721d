import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { alertReceiversForThisFile, deliveries, duplicateCount } from "../support/alert-deliveries";
import { copyMigratedPglite } from "../support/databases";
import { freePort, startServer, stopServer, waitHealthy, writeMinimalSite } from "../support/server-process";
import { numberedServiceRequest } from "../support/service-request";

/**
 * A clean stop (SIGTERM) while alerts are being sent: the alert worker records its batch before the
 * database closes, so nothing it already delivered goes out again at the next start. Before the fix
 * the database closed first ("PGlite is closed" in markSent) and every in-flight alert came twice.
 */
const root = mkdtempSync(path.join(tmpdir(), "towing-shutdown-"));
const receivers = alertReceiversForThisFile();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const REQUESTS = 6;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("SIGTERM with alerts in flight", () => {
  it("delivers each alert exactly once across the stop and the next start", async () => {
    const { smtp, hook } = receivers;
    const env = {
      DIST_DIR: writeMinimalSite(path.join(root, "dist")),
      DATA_DIR: path.join(root, "data"),
      SMTP_URL: smtp.url,
      LEAD_ALERT_FROM: "alerts@example.com",
      LEAD_ALERT_TO: "owner@example.com",
      LEAD_ALERT_WEBHOOK_URL: hook.url,
      LEAD_ALERT_WEBHOOK_SECRET: "a-webhook-secret-of-some-length",
      CONTACT_RATE_LIMIT_MAX: "100",
    };
    // A migrated database to start from: this test is about the stop, not about creating one.
    copyMigratedPglite(env.DATA_DIR);
    const first = startServer(await freePort(), env);
    onTestFinished(() => stopServer(first));
    await waitHealthy(first);
    // The webhook receiver answers nothing for now: the worker's batch stays in flight.
    hook.hold();
    const ids: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const res = await fetch(`${first.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(numberedServiceRequest(i)),
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    await until("a webhook in flight", () => hook.held() > 0);
    first.child.kill("SIGTERM");
    // Once the server has stopped listening it is shutting down; only then does the receiver answer.
    await until("the server to stop listening", async () => {
      try {
        await fetch(`${first.url}/healthz`);
        return false;
      } catch {
        return true;
      }
    });
    hook.release();
    expect(await first.exited).toBe(0);
    expect(first.stderr()).not.toMatch(/PGlite is closed|could not|unexpected error/);

    const second = startServer(await freePort(), env);
    try {
      await waitHealthy(second);
      // Every alert of every request sent (the ones not yet claimed at the stop go out now).
      await until(
        "the outbox to empty",
        async () => {
          const health = (await (await fetch(`${second.url}/api/health`)).json()) as { alerts: { pending: number } };
          return health.alerts.pending === 0;
        },
        60_000,
      );
      const { mails, hooks } = deliveries(smtp, hook);
      expect([...mails.keys()].sort((a, b) => a - b)).toEqual(ids);
      expect([...hooks.keys()].sort((a, b) => a - b)).toEqual(ids);
      expect(duplicateCount(mails)).toBe(0);
      expect(duplicateCount(hooks)).toBe(0);
    } finally {
      await stopServer(second);
    }
  }, 240_000);
});
