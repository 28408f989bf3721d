import type { FastifyInstance } from "fastify";

export interface HealthOptions {
  /** Checks the database answers; rejects when it does not. */
  ping?: () => Promise<void>;
}

/** GET /healthz: 200 when the server and its database answer, 503 when the database does not. */
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
}
