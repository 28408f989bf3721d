import { buildApp } from "./app";
import { checkBusinessBuild, readBusinessBuild } from "./business-check";
import { loadConfig, type ServerConfig } from "./config";
import { serveBackups } from "./db/backup";
import { type Database, openDatabase } from "./db/client";
import { checkSmtpTls, SmtpTlsError } from "./features/alerts/email-sender";
import { drainAndClose } from "./shutdown";
import { readSiteFiles } from "./site-files";

/** How long requests under way may finish once the listener is closed (after the readiness grace). */
const SHUTDOWN_FINISH_MS = 10_000;

type App = Awaited<ReturnType<typeof buildApp>>;

/** Before anything opens a database: a login sent in clear is refused here, with the reason. */
async function checkSmtpAtStart(config: ServerConfig) {
  if (!config.alerts.email) return;
  await checkSmtpTls(config.alerts.email).catch((error: unknown) => {
    if (error instanceof SmtpTlsError) throw error;
    // The mail server is away now: alerts wait in the outbox and go out when it is back.
    console.warn(`SMTP check at start failed (${error instanceof Error ? error.message : error}); starting anyway`);
  });
}

/** The built site, the database and the app on them; the database closed again if the app cannot be built. */
async function openApp(config: ServerConfig): Promise<{ app: App; db: Database }> {
  // The built pages and the chat assistant's knowledge first: a missing or broken build stops the
  // start here, with a message naming the file, before the database is opened or locked.
  const site = readSiteFiles(config.distDir);
  // PGlite in DATA_DIR (locked to this process) or PostgreSQL at DATABASE_URL; migrated before we listen,
  // or, with MIGRATE_ON_START=false, checked: a missing migration stops the start, naming `npm run db:migrate`.
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    createInChildProcess: true,
    migrate: config.migrateOnStart,
  });
  try {
    return { app: await buildApp({ config, db, site, chatWorkers: config.chatWorkers }), db };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Says in the log what the operator should know about this start: the database, and settings to notice. */
function logStart(app: App, config: ServerConfig, db: Database) {
  app.log.info({ database: db.kind }, "database open");
  if (config.alerts.push?.allowLoopbackEndpoints) {
    app.log.warn(
      "WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS=true: the desk may subscribe push endpoints on this machine; for tests only",
    );
  }
  if (db.tightened) {
    app.log.warn(
      { dataDir: config.dataDir, ...db.tightened },
      "the data folder was readable by other users: tightened it to owner-only (folders 0700, files 0600)",
    );
  }
}

/** `npm run db:backup` asks this process for a consistent copy of the folder it holds (PGlite only). */
async function serveBackupsWhileOpen(app: App, config: ServerConfig, db: Database) {
  if (!db.copyForBackup) return;
  const copy = db.copyForBackup;
  const backups = await serveBackups(config.dataDir, copy, (err) => app.log.error({ err }, "backup failed")).catch(
    (err: unknown) => {
      app.log.warn({ err }, "backups of the running server are unavailable; stop it to run npm run db:backup");
      return undefined;
    },
  );
  app.addHook("onClose", async () => {
    await backups?.close();
  });
}

/** On SIGTERM or SIGINT: drains, closes the app then the database, and exits. */
function stopOnSignals(app: App, config: ServerConfig, db: Database) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM comes from an orchestrator, whose proxy needs the grace to notice; Ctrl-C (SIGINT) from a person.
    const graceMs = signal === "SIGTERM" ? config.shutdownGraceSeconds * 1000 : 0;
    app.log.info({ signal, graceMs }, "shutting down");
    // Last resort if closing itself hangs (a database that never answers).
    const hardStop = setTimeout(
      () => {
        app.log.error("shutdown took too long; exiting");
        process.exit(1);
      },
      graceMs + SHUTDOWN_FINISH_MS + 15_000,
    );
    hardStop.unref();
    try {
      // The app first, the database after: app.close() waits for the alert worker to record the batch
      // it is sending (sent or released), which needs the database open. (An onClose hook for the
      // database would run before the plugins' own, as avvio runs them last registered first.)
      await drainAndClose(app, { graceMs, finishMs: SHUTDOWN_FINISH_MS });
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Starts the production server: reads the environment once, serves, and stops cleanly on a signal. */
async function main() {
  const config = loadConfig();
  // The build's business against the one asked for (BUSINESS_DIR): a mismatch stops here, naming the fix.
  const notice = checkBusinessBuild(readBusinessBuild(import.meta.dirname), config.businessDir, process.cwd());
  if (notice) console.warn(notice);
  await checkSmtpAtStart(config);
  const { app, db } = await openApp(config);
  logStart(app, config, db);
  await serveBackupsWhileOpen(app, config, db);
  stopOnSignals(app, config, db);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await db.close(); // releases the folder lock
    throw error;
  }
}

// Files the server creates (database, backups, sockets) are for its own user only.
process.umask(0o077);

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
