import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** How long /readyz waits for the database: a proxy's health check must get an answer, not a hang. */
const DEFAULT_PING_TIMEOUT_MS = 2_000;

export interface ReadinessOptions {
  /** Checks the database answers; rejects when it does not. Absent without a database. */
  ping?: () => Promise<void>;
  pingTimeoutMs?: number;
}

export interface Readiness {
  /** Whether the process is draining: /readyz answers 503 from now on, everything else as before. */
  readonly draining: boolean;
  /** Starts the drain (SIGTERM): the proxy stops sending new requests here at its next health check. */
  drain(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /livez: 200 while the process runs and its event loop answers; never reads the database, so a
 * database blip does not get healthy processes restarted (the container's HEALTHCHECK).
 * GET /readyz: 200 when this process should get new requests: its database answers and it is not
 * draining; 503 otherwise (the proxy's health check). Pre-rendered pages are still served meanwhile.
 */
async function readiness(app: FastifyInstance, opts: ReadinessOptions) {
  let draining = false;
  app.decorate("readiness", {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  });

  app.get("/livez", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (draining) return reply.code(503).send({ status: "draining" });
    try {
      if (opts.ping) await withTimeout(opts.ping(), opts.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS);
      return { status: "ok" };
    } catch (error) {
      request.log.warn({ err: error }, "readiness: the database did not answer");
      return reply.code(503).send({ status: "unavailable" });
    }
  });
}

export default fp(readiness, { name: "readiness" });
