import { readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { MIGRATIONS_FOLDER } from "./migrations-folder";

/**
 * Bringing a database up to server/db/migrations, or only checking that it is: `npm run db:migrate`
 * (server/db/migrate-cli.ts) applies them as a step of its own, and a server started with
 * MIGRATE_ON_START=false only checks, so a rolling update never depends on which process starts first.
 */

/** What a database holds of the migrations. */
interface MigrationState {
  applied: number;
  /** The migrations this release has that the database has not (their tags), oldest first. */
  pending: string[];
}

/** What opening did: migrations applied now, of the total this release has. */
export interface Migrated {
  applied: number;
  total: number;
}

export class UnmigratedDatabaseError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database is missing ${pending.length} migration(s) (${pending.join(", ")}) and MIGRATE_ON_START=false: ` +
        "run `npm run db:migrate` (node dist-server/migrate.js) first, or start with MIGRATE_ON_START=true.",
    );
    this.name = "UnmigratedDatabaseError";
  }
}

/** The journal's migrations: drizzle records each by its "when" (created_at), which says which are applied. */
function journalTags(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** Where drizzle keeps its record: "drizzle" for the public schema, else the site's own schema. */
const migrationsSchemaFor = (current: string) => (current === "public" ? "drizzle" : current);

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function stateOf(query: Query, migrationsSchema: string): Promise<MigrationState> {
  const exists = await query("select to_regclass($1) is not null as exists", [
    `"${migrationsSchema}".__drizzle_migrations`,
  ]);
  const tags = journalTags();
  if (!exists.rows[0]?.exists) return { applied: 0, pending: tags.map((t) => t.tag) };
  const { rows } = await query(
    `select count(*)::int as applied, max(created_at)::text as last from "${migrationsSchema}".__drizzle_migrations`,
  );
  const last = Number(rows[0]?.last ?? 0);
  // drizzle applies every migration newer than the last one recorded (pg-core/dialect.js): the same test.
  return { applied: Number(rows[0]?.applied ?? 0), pending: tags.filter((t) => t.when > last).map((t) => t.tag) };
}

/**
 * The migration lock of this database and schema: two processes migrating one schema wait for each
 * other, while sites (or test runs) in other databases or schemas of one server never block each other.
 */
export const MIGRATION_LOCK_KEY_SQL =
  "hashtext('stockton-towing migrations ' || current_database() || '.' || current_schema())";

/** Applies the migrations PostgreSQL lacks, under an advisory lock; returns how many it applied. */
export async function migratePostgres(pool: pg.Pool): Promise<Migrated> {
  const conn = await pool.connect();
  try {
    await conn.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY_SQL})`);
    try {
      const { rows } = await conn.query<{ schema: string | null }>("select current_schema() as schema");
      const current = rows[0]?.schema;
      if (!current) throw new Error("PostgreSQL has no current schema: check search_path in DATABASE_URL.");
      const migrationsSchema = migrationsSchemaFor(current);
      const before = await stateOf((t, p) => conn.query(t, p), migrationsSchema);
      // On this connection, which holds the lock (a pool would run it on any other).
      await migratePg(drizzlePg(conn), { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema });
      const after = await stateOf((t, p) => conn.query(t, p), migrationsSchema);
      return { applied: after.applied - before.applied, total: journalTags().length };
    } finally {
      await conn.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY_SQL})`).catch(() => {});
    }
  } finally {
    conn.release();
  }
}

/** Throws UnmigratedDatabaseError when PostgreSQL lacks a migration of this release. */
export async function assertMigratedPostgres(pool: pg.Pool): Promise<Migrated> {
  const { rows } = await pool.query<{ schema: string | null }>("select current_schema() as schema");
  const current = rows[0]?.schema;
  if (!current) throw new Error("PostgreSQL has no current schema: check search_path in DATABASE_URL.");
  const state = await stateOf((t, p) => pool.query(t, p), migrationsSchemaFor(current));
  if (state.pending.length > 0) throw new UnmigratedDatabaseError(state.pending);
  return { applied: 0, total: journalTags().length };
}

/** PGlite: the folder's lock (server/db/lock.ts) already keeps every other process out. */
export async function migratePgliteClient(client: PGlite): Promise<Migrated> {
  const query: Query = async (t, p) => ({ rows: (await client.query<Record<string, unknown>>(t, p)).rows });
  const before = await stateOf(query, "drizzle");
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const after = await stateOf(query, "drizzle");
  return { applied: after.applied - before.applied, total: journalTags().length };
}

export async function assertMigratedPglite(client: PGlite): Promise<Migrated> {
  const query: Query = async (t, p) => ({ rows: (await client.query<Record<string, unknown>>(t, p)).rows });
  const state = await stateOf(query, "drizzle");
  if (state.pending.length > 0) throw new UnmigratedDatabaseError(state.pending);
  return { applied: 0, total: journalTags().length };
}
