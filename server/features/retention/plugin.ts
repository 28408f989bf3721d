import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { RetentionDays } from "../../../src/shared/retention";
import type { Db } from "../../db/client";
import { applyRetention, type RetentionCounts } from "./retention";

/** How often the retention rule runs. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionPluginOptions {
  db: Db;
  days: RetentionDays;
  /** The clock the rule measures days by; tests move it. */
  now?: () => Date;
  intervalMs?: number;
  /** false: it does not run by itself (tests call app.retention.runOnce()). */
  autoStart?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    retention: { runOnce(): Promise<RetentionCounts> };
  }
}

/**
 * The retention job: once when the server is ready, then hourly. Each run logs how many positions
 * were erased and requests deleted, never which. A failed run is logged and tried again next hour.
 */
async function retention(app: FastifyInstance, opts: RetentionPluginOptions) {
  const now = opts.now ?? (() => new Date());
  const log = app.log.child({ component: "retention" });
  const runOnce = async () => {
    const counts = await applyRetention(opts.db, opts.days, now());
    if (counts.ran)
      log.info(
        { locationsErased: counts.locationsErased, requestsDeleted: counts.requestsDeleted },
        "retention applied",
      );
    else log.info("retention skipped: another server is applying it");
    return counts;
  };
  app.decorate("retention", { runOnce });
  if (opts.autoStart === false) return;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    runOnce().catch((err: unknown) => log.error({ err }, "retention failed; it runs again in an hour"));
  };
  app.addHook("onReady", async () => {
    tick();
    timer = setInterval(tick, opts.intervalMs ?? RETENTION_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}

export default fp(retention, { name: "retention" });
