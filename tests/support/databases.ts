import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../../server/db/client";

/**
 * The databases server tests run against: always PGlite in a fresh temporary folder, and
 * PostgreSQL too when DATABASE_URL is set. On PostgreSQL each test file gets its own schema (through
 * search_path in the connection string), so files running at the same time never see each other's rows.
 */
export interface DatabaseTarget {
  kind: "pglite" | "postgres";
  /** Creates the empty place for a database; returns what openDatabase needs. */
  create(): Promise<{ dataDir: string; databaseUrl?: string; dispose(): Promise<void> }>;
}

export const postgresUrl = process.env.DATABASE_URL || undefined;

export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

const pgliteTarget: DatabaseTarget = {
  kind: "pglite",
  async create() {
    const root = mkdtempSync(path.join(tmpdir(), "towing-db-"));
    // Two levels down: a copy of the run's migrated database (below); outside Vitest's setup, nothing yet.
    const dataDir = path.join(root, "nested", "data");
    copyMigratedPglite(dataDir);
    return { dataDir, dispose: async () => rmSync(root, { recursive: true, force: true }) };
  },
};

const postgresTarget = (url: string): DatabaseTarget => ({
  kind: "postgres",
  async create() {
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    return {
      dataDir: path.join(tmpdir(), "towing-unused-by-postgres"),
      databaseUrl: withSearchPath(url, schema),
      async dispose() {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await c.end();
      },
    };
  },
});

export const databaseTargets: DatabaseTarget[] = [pgliteTarget, ...(postgresUrl ? [postgresTarget(postgresUrl)] : [])];

/** Names the migrated PGlite folder made once per run (tests/support/vitest-global-setup.ts). */
export const PGLITE_TEMPLATE_ENV = "TOWING_TEST_PGLITE_TEMPLATE";

/**
 * A fresh test database on PGlite is a copy of the run's migrated folder: creating one (initdb and every
 * migration, in a child process) costs seconds of CPU, copying it milliseconds, and the copy is the same
 * database. Without the folder (a file run outside Vitest's setup) each is created as the server does.
 * Tests of creation itself (the child process, the folder's modes, a start cut short) make their own
 * folders and start from nothing.
 */
export function copyMigratedPglite(dataDir: string): void {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template && existsSync(template) && !existsSync(dataDir)) cpSync(template, dataDir, { recursive: true });
}

/** Opens a fresh database of the given kind; close() also removes it. */
export async function openTestDatabase(
  target: DatabaseTarget,
): Promise<Database & { location: { dataDir: string; databaseUrl?: string } }> {
  const place = await target.create();
  const db = await openDatabase(place);
  return {
    ...db,
    location: { dataDir: place.dataDir, databaseUrl: place.databaseUrl },
    async close() {
      await db.close();
      await place.dispose();
    },
  };
}
