import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";

/** Starts the production server: reads the environment once, serves, and stops cleanly on a signal. */
async function main() {
  const config = loadConfig();
  // PGlite in DATA_DIR (locked to this process) or PostgreSQL at DATABASE_URL; migrated before we listen.
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, db });
  } catch (error) {
    await db.close();
    throw error;
  }
  app.addHook("onClose", async () => {
    await db.close();
  });
  app.log.info({ database: db.kind }, "database open");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close(); // releases the database (and its folder lock)
    throw error;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
