import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client";
import { inProcessChanges, PostgresChanges, type RequestChanges } from "../shared/change-notices";

declare module "fastify" {
  interface FastifyInstance {
    /** How the driver pages' feed hears of changes made by other processes (LISTEN/NOTIFY on PostgreSQL). */
    requestChanges: RequestChanges;
  }
}

/**
 * Changes to service requests pushed across processes: on PostgreSQL a dedicated connection listens on
 * this schema's channel, so a driver's page on any process updates at once whichever process made the
 * change. On PGlite one process owns the database and its own wake-up is enough.
 */
async function liveUpdates(app: FastifyInstance, opts: { database: Database; mode: "notify" | "poll" }) {
  const { database } = opts;
  if (opts.mode === "poll" || database.kind !== "postgres" || !database.dedicatedClient || !database.schema) {
    app.decorate("requestChanges", inProcessChanges);
    return;
  }
  const changes = new PostgresChanges({
    db: database.db,
    schema: database.schema,
    newClient: database.dedicatedClient,
    log: app.log.child({ component: "request-pages" }),
  });
  app.decorate("requestChanges", changes);
  // Listening before the first request: a failure here is retried in the background, the feed polling meanwhile.
  await changes.start();
  app.addHook("onClose", async () => changes.close());
}

export default fp(liveUpdates, { name: "live-updates" });
