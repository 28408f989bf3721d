import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { alertReceiversForThisFile, waitDelivered, whileRecoveringALeaseLater } from "../support/alert-deliveries";
import { databaseTargets } from "../support/databases";
import { freePort, startServer, stopServer, waitHealthy, writeMinimalSite } from "../support/server-process";
import { validServiceRequest } from "../support/service-request";

/**
 * How many alerts a SIGKILL mid-burst sends twice. The webhook receiver holds its answers, so the
 * worker's batch stays in flight on the webhooks while its e-mails go out; the server is killed then.
 * Each alert is recorded as soon as its own send ends, so the e-mails already sent are never sent
 * again (before, the batch was recorded at its end: every one of them was repeated), and at most the
 * webhooks in flight at the kill are repeated, by the server that recovers (a lease later by its clock).
 */
const REQUESTS = 6;

const siteRoot = mkdtempSync(path.join(tmpdir(), "towing-kill-site-"));
const site = writeMinimalSite(siteRoot);
const receivers = alertReceiversForThisFile();
afterAll(() => rmSync(siteRoot, { recursive: true, force: true }));

const metricValue = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}"]/g, "\\$&")} (\\d+)`, "m").exec(text)?.[1] ?? 0);

describe.each(databaseTargets)("duplicates after a SIGKILL mid-burst on $kind", (target) => {
  it("repeats only the sends in flight at the kill: no e-mail, at most the held webhooks", {
    timeout: 240_000,
  }, async () => {
    receivers.smtp.mails.length = 0;
    receivers.hook.hooks.length = 0;
    receivers.hook.hold();
    const place = await target.create();
    const env = {
      SMTP_URL: receivers.smtp.url,
      LEAD_ALERT_FROM: "alerts@stocktontowing.example",
      LEAD_ALERT_TO: "owner@example.com",
      LEAD_ALERT_WEBHOOK_URL: receivers.hook.url,
      LEAD_ALERT_WEBHOOK_SECRET: "kill-test-secret-0123456789",
      CONTACT_RATE_LIMIT_MAX: "1000000",
      DIST_DIR: site,
      DATA_DIR: place.dataDir,
      DATABASE_URL: place.databaseUrl ?? "",
    };
    const server = startServer(await freePort(), env);
    try {
      await waitHealthy(server);
      const ids = new Set<number>();
      await Promise.all(
        Array.from({ length: REQUESTS }, async () => {
          const res = await fetch(`${server.url}/api/contact`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(validServiceRequest),
          });
          expect(res.status).toBe(201);
          ids.add(((await res.json()) as { id: number }).id);
        }),
      );
      // Each request: the owner's e-mail and the driver's confirmation. Every e-mail sent is recorded
      // (pending + received = all) and webhooks are in flight: the moment to kill.
      const emails = REQUESTS * 2;
      await expect
        .poll(
          async () => {
            const text = await (await fetch(`${server.url}/metrics`)).text();
            const pending = metricValue(text, 'towing_alert_outbox_pending{channel="email"}');
            return pending + receivers.smtp.mails.length === emails && receivers.hook.held() > 0;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe(true);
      const inFlight = receivers.hook.held();
      server.child.kill("SIGKILL");
      expect(await server.exited).toBe("SIGKILL");
      // The receiver answers now: it took them, the killed server never heard so.
      receivers.hook.release();

      await whileRecoveringALeaseLater(env, site, async () => {
        expect(await waitDelivered(receivers.smtp, receivers.hook, ids, 60_000)).toEqual([]);
        await receivers.smtp.waitFor(emails, 60_000);
      });
      const byMessageId = new Map<string, number>();
      for (const m of receivers.smtp.mails) {
        const id = m.parsed.messageId ?? "";
        byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
      }
      const emailRepeats = receivers.smtp.mails.length - byMessageId.size;
      const hookIds = receivers.hook.accepted().map((h) => String(h.headers["idempotency-key"]));
      const hookRepeats = hookIds.length - new Set(hookIds).size;
      console.info(
        `${target.kind}: SIGKILL with ${inFlight} webhooks in flight; repeated after: ${emailRepeats} e-mails, ${hookRepeats} webhooks`,
      );
      expect(byMessageId.size).toBe(emails);
      expect(emailRepeats).toBe(0);
      expect(hookRepeats).toBeLessThanOrEqual(inFlight);
    } finally {
      receivers.hook.release();
      await stopServer(server);
      await place.dispose();
    }
  });
});
