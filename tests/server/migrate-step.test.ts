import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { MIGRATION_LOCK_KEY_SQL, UnmigratedDatabaseError } from "../../server/db/migrate";
import { MIGRATIONS_FOLDER } from "../../server/db/migrations-folder";
import { postgresUrl, withSearchPath } from "../support/databases";

/**
 * Migrations as a step of their own (`npm run db:migrate`), for rolling updates on PostgreSQL: two runs at
 * once on a fresh schema apply each migration once and both succeed (an advisory lock of that database and
 * schema), and a server told not to migrate (MIGRATE_ON_START=false) refuses a database that lacks one.
 */
const journalSize = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

describe.skipIf(!postgresUrl)("npm run db:migrate on PostgreSQL", () => {
  const url = postgresUrl as string;
  const schemas: string[] = [];
  const freshSchema = async () => {
    const schema = `migrate_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    schemas.push(schema);
    return { schema, databaseUrl: withSearchPath(url, schema) };
  };
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it("two runs at once on a fresh schema: each migration is applied once, and both succeed", async () => {
    const { schema, databaseUrl } = await freshSchema();
    // Two pools, as two processes have (tests/processes/deploy-layout.test.ts runs two `node dist-server/migrate.js`).
    const opened = await Promise.all([
      openDatabase({ dataDir: "unused", databaseUrl }),
      openDatabase({ dataDir: "unused", databaseUrl }),
    ]);
    for (const db of opened) await db.close();
    // One applied them all; the other waited for the lock and found nothing left to do.
    expect(opened.map((db) => db.migrations.applied).sort()).toEqual([0, journalSize]);
    const { rows } = await admin.query(`select count(*)::int as n, count(distinct hash)::int as distinct_hashes
      from "${schema}".__drizzle_migrations`);
    expect(rows[0]).toEqual({ n: journalSize, distinct_hashes: journalSize });
  });

  it("the lock is per database and schema: a migration held in one schema does not block another's", async () => {
    const held = await freshSchema();
    const other = await freshSchema();
    const holder = new pg.Client({ connectionString: held.databaseUrl });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY_SQL})`);
      const opened = await openDatabase({ dataDir: "unused", databaseUrl: other.databaseUrl });
      expect(opened.migrations.applied).toBe(journalSize);
      await opened.close();
    } finally {
      await holder.end();
    }
  });

  it("with MIGRATE_ON_START=false a server on an unmigrated database does not start, and says to run db:migrate", async () => {
    const { schema, databaseUrl } = await freshSchema();
    const config = loadConfig({ DATABASE_URL: databaseUrl, MIGRATE_ON_START: "false" });
    expect(config.migrateOnStart).toBe(false);
    // What server/start.ts does with it (tests/processes/deploy-layout.test.ts starts the built server so).
    const refused = openDatabase({ dataDir: "unused", databaseUrl, migrate: config.migrateOnStart });
    await expect(refused).rejects.toBeInstanceOf(UnmigratedDatabaseError);
    await expect(refused).rejects.toThrow(`missing ${journalSize} migration(s)`);
    await expect(refused).rejects.toThrow("npm run db:migrate");
    // It only looked: nothing was created in the schema.
    const { rows } = await admin.query(
      "select count(*)::int as n from information_schema.tables where table_schema = $1",
      [schema],
    );
    expect(rows[0]?.n).toBe(0);

    // After the step, the same server opens it without migrating.
    await (await openDatabase({ dataDir: "unused", databaseUrl })).close();
    const opened = await openDatabase({ dataDir: "unused", databaseUrl, migrate: false });
    expect(opened.migrations).toEqual({ applied: 0, total: journalSize, created: false });
    await opened.close();
  });
});
