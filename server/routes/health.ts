import type { FastifyInstance } from "fastify";

export interface AlertStats {
  pending: number;
  failed: number;
  oldestPendingAgeSeconds: number | null;
}

export interface HealthOptions {
  /** Checks the database answers; rejects when it does not. */
  ping?: () => Promise<void>;
  /** Counts of the alert outbox (no personal data); absent without a database. */
  alertStats?: () => Promise<AlertStats>;
}

/**
 * GET /healthz: 200 when the server and its database answer, 503 when the database does not.
 * GET /api/health: the same, plus the alert outbox's state, so a monitor can page someone when
 * delivery is stuck (pending alerts growing old, or failed ones).
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
      const alerts = opts.alertStats ? await opts.alertStats() : null;
      return { status: "ok", database: opts.ping ? "ok" : "none", alerts };
    } catch (error) {
      request.log.error({ err: error }, "health check: database did not answer");
      return reply.code(503).send({ status: "unavailable", database: "unavailable", alerts: null });
    }
  });
}
