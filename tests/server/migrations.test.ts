import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../server/db/migrations-folder";
import { createInChildProcess } from "../../server/db/pglite-create";
import { PGLITE_OPTIONS } from "../../server/db/pglite-options";

/**
 * A database made by an older release keeps its service requests when the server upgrades it:
 * the first migration alone is applied, rows are written the old way, then every migration runs.
 */
const scratch = mkdtempSync(path.join(tmpdir(), "towing-migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the migrations folder whose journal stops after the first `count` migrations. */
function firstMigrations(count: number): string {
  const folder = path.join(scratch, `first-${count}`);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.slice(0, count);
  mkdirSync(path.dirname(journalFile), { recursive: true });
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe("migrations", () => {
  it("turn created_at into timestamptz not null and keep every existing request and its time", async () => {
    // pg_trgm: the desk's search index (migration 0002), as server/db/client.ts loads it.
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: firstMigrations(1) });
      // The old column: timestamp without time zone, nullable, holding UTC wall-clock times.
      await client.exec(`
        insert into contact_requests (name, email, phone, service, pickup_location, dropoff_location, created_at)
        values ('Old One', 'a@example.com', '2095550100', 'Towing', 'A St', 'B St', '2025-03-01 18:30:00'),
               ('Old Two', 'b@example.com', '2095550101', 'Towing', 'C St', 'D St', null);
      `);
      await client.exec("set time zone 'America/New_York'"); // the upgrade must not depend on the session's zone
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const { rows } = await client.query<{ name: string; created_at: Date | null }>(
        "select name, created_at from contact_requests order by id",
      );
      expect(rows.map((r) => r.name)).toEqual(["Old One", "Old Two"]);
      expect(rows[0]?.created_at?.toISOString()).toBe("2025-03-01T18:30:00.000Z");
      expect(rows[1]?.created_at).toBeInstanceOf(Date);
      const column = await client.query<{ data_type: string; is_nullable: string; column_default: string }>(
        "select data_type, is_nullable, column_default from information_schema.columns where table_name = 'contact_requests' and column_name = 'created_at'",
      );
      expect(column.rows[0]).toEqual({
        data_type: "timestamp with time zone",
        is_nullable: "NO",
        column_default: "now()",
      });
    } finally {
      await client.close();
    }
  });

  it("a fresh folder is created and brought to the latest migration by a child process, so the server has nothing left to run", async () => {
    const dataDir = path.join(scratch, "fresh");
    await createInChildProcess(dataDir);
    const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
    try {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
      const applied = await client.query<{ count: number }>(
        "select count(*)::int as count from drizzle.__drizzle_migrations",
      );
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
      const tables = await client.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      expect(tables.rows.map((r) => r.table_name)).toContain("contact_requests");
    } finally {
      await client.close();
    }
  });

  it("a child that cannot create the database fails the start with the reason", async () => {
    const notAFolder = path.join(scratch, "a-file");
    writeFileSync(notAFolder, "not a folder");
    await expect(createInChildProcess(notAFolder)).rejects.toThrow(/could not create the database in .*a-file/);
  });
});
