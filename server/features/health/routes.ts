import type { FastifyInstance } from "fastify";
import type { RedisState } from "../../plugins/counters";
import type { AlertStats } from "../alerts/plugin";

export interface RequestPageStats {
  /** Event streams open (or being opened) on this process. */
  streams: number;
  /** Pages this process's feed reads the requests of (one per open stream). */
  followers: number;
}

interface HealthOptions {
  /** Checks the database answers; rejects when it does not. */
  ping?: () => Promise<void>;
  /** Counts of the alert outbox (no personal data); absent without a database. */
  alertStats?: () => Promise<AlertStats>;
  /** Whether the shared rate-limit counters' Redis answers (within its timeout); "none" without Redis. */
  redisState?: () => Promise<RedisState>;
  /** The driver pages' live updates on this process (counts only); absent without a database. */
  requestPageStats?: () => RequestPageStats;
}

/**
 * GET /healthz: 200 when the server and its database answer, 503 when the database does not.
 * GET /api/health: the same, plus the alert outbox's state, so a monitor can page someone when
 * delivery is stuck (pending alerts growing old, or failed ones), and Redis: "degraded" while it does
 * not answer (limits then count per process, so several processes each allow the full limit), and
 * the driver pages' open event streams on this process (a number that never comes down is a leak).
 */
export default async function healthRoutes(app: FastifyInstance, opts: HealthOptions) {
  app.get("/healthz", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    try {
      await opts.ping?.();
      return { status: "ok" };
    } catch (error) {
      request.log.error({ err: error }, "health check: database did not answer");
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  app.get("/api/health", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    try {
      await opts.ping?.();
      const [alerts, redis] = await Promise.all([
        opts.alertStats ? opts.alertStats() : null,
        opts.redisState ? opts.redisState() : "none",
      ]);
      return {
        status: redis === "degraded" ? "degraded" : "ok",
        database: opts.ping ? "ok" : "none",
        redis,
        alerts,
        requestPages: opts.requestPageStats?.() ?? null,
      };
    } catch (error) {
      request.log.error({ err: error }, "health check: database did not answer");
      return reply
        .code(503)
        .send({ status: "unavailable", database: "unavailable", redis: null, alerts: null, requestPages: null });
    }
  });
}
