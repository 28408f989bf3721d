/**
 * `npm run db:migrate` (built: `node dist-server/migrate.js`): brings the database the configuration names
 * (DATABASE_URL, or the PGlite folder DATA_DIR) up to this release's migrations, then exits. On PostgreSQL
 * it runs under an advisory lock of that database and schema, so two runs at once apply each migration
 * once and both succeed; on PGlite the folder's lock keeps everyone else out (stop the server first).
 * Run it before starting servers with MIGRATE_ON_START=false.
 */
import { loadConfig } from "../config";
import { openDatabase } from "./client";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    // A new PGlite folder is made (and migrated) in a child process, as the server does.
    createInChildProcess: true,
    migrate: true,
  });
  try {
    const { applied, total, created } = database.migrations;
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the PGlite folder ${config.dataDir}`;
    if (created) console.log(`Created ${where} with all ${total} migrations.`);
    else if (applied === 0) console.log(`${where}: up to date (${total} migrations); nothing to apply.`);
    else console.log(`${where}: applied ${applied} migration(s); now at ${total}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // The lock's, the unreachable database's or a failed migration's message, for a person to act on.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
