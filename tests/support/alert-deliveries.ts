import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { DEFAULT_LEASE_MS } from "../../server/features/alerts/worker";
import { readSiteFiles } from "../../server/site-files";
import { type SmtpReceiver, startSmtpReceiver, startWebhookReceiver, type WebhookReceiver } from "./receivers";

interface AlertReceivers {
  smtp: SmtpReceiver;
  hook: WebhookReceiver;
}

/** An SMTP and a webhook receiver for the calling test file: started before its tests, closed after. */
export function alertReceiversForThisFile(): AlertReceivers {
  const receivers = {} as AlertReceivers;
  beforeAll(async () => {
    receivers.smtp = await startSmtpReceiver();
    receivers.hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receivers.smtp?.close();
    await receivers.hook?.close();
  });
  return receivers;
}

/**
 * How many times each service request id's new-request alert arrived at the owner's e-mail and webhook
 * receivers (the driver's confirmation e-mail and cancellation alerts are other alerts, not counted).
 */
export function deliveries(smtp: SmtpReceiver, hook: WebhookReceiver) {
  const mails = new Map<number, number>();
  for (const m of smtp.mails) {
    if (m.parsed.headers.get("x-service-request-alert") !== "new_request") continue;
    const id = Number(m.parsed.headers.get("x-service-request-id"));
    mails.set(id, (mails.get(id) ?? 0) + 1);
  }
  const hooks = new Map<number, number>();
  for (const h of hook.accepted()) {
    const body = JSON.parse(h.body) as { id: number; type: string };
    if (body.type !== "contact_request.created") continue;
    const id = body.id;
    hooks.set(id, (hooks.get(id) ?? 0) + 1);
  }
  return { mails, hooks };
}

/** Waits until every id has had both alerts, or the time is up; returns the ids still missing one. */
export async function waitDelivered(
  smtp: SmtpReceiver,
  hook: WebhookReceiver,
  ids: Set<number>,
  timeoutMs: number,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { mails, hooks } = deliveries(smtp, hook);
    const missing = [...ids].filter((id) => !mails.has(id) || !hooks.has(id));
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Deliveries beyond the first, summed over all ids. */
export const duplicateCount = (counts: Map<number, number>) => [...counts.values()].reduce((n, c) => n + c - 1, 0);

/**
 * Runs `work` while a server recovers after killed ones: built in this process on the same database,
 * with its alert worker's clock a lease ahead, so what a killed server had claimed is due at once
 * (the 45 s lease is proved to expire without being waited out). Closed after `work`.
 */
export async function whileRecoveringALeaseLater<T>(
  env: Record<string, string>,
  site: string,
  work: () => Promise<T>,
): Promise<T> {
  const config = loadConfig({ ...env, LOG_LEVEL: "silent" });
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const app = await buildApp({
    config,
    db,
    logger: false,
    site: readSiteFiles(site),
    alerts: { worker: { now: () => new Date(Date.now() + DEFAULT_LEASE_MS) } },
  });
  try {
    await app.ready();
    return await work();
  } finally {
    await app.close();
    await db.close();
  }
}
