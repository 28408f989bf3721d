import type { FastifyInstance } from "fastify";

export interface DrainTiming {
  /** SHUTDOWN_GRACE_SECONDS: how long /readyz says 503 while everything is still served. */
  graceMs: number;
  /** How long requests under way may then take before their connections are cut. */
  finishMs: number;
}

/**
 * A graceful stop in three steps. 1. Readiness turns 503 and the process goes on serving for the grace,
 * so the proxy, at its next health check, sends new requests elsewhere and none of them meets a closed
 * port. 2. The listener closes: requests under way finish and the driver pages' live streams end
 * cleanly (the browser reconnects to another process); after `finishMs` whatever is still open is cut.
 * 3. The app's own work (the alert worker's sends) is recorded, and the caller closes the database.
 */
export async function drainAndClose(app: FastifyInstance, timing: DrainTiming): Promise<void> {
  app.readiness.drain();
  app.log.info({ graceMs: timing.graceMs }, "draining: readiness answers 503 from now on");
  await new Promise((resolve) => setTimeout(resolve, timing.graceMs));
  const cut = setTimeout(() => {
    app.log.warn("shutdown: requests still open after the grace; closing their connections");
    app.server.closeAllConnections();
  }, timing.finishMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
