import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { testConfig } from "../support/config";
import { postgresUrl } from "../support/databases";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/**
 * The documented PostgreSQL backup (docs/operations.md#backups): `pg_dump -Fc` of the whole database, and
 * `pg_restore` into a new database. The copy holds the requests, drizzle's migration record (its own schema)
 * and the pg_trgm extension, so a server told not to migrate starts on it and reads a request back.
 * Its own temporary databases, unique names, dropped after: other runs use the same PostgreSQL server.
 */
const hasPgTools = (() => {
  try {
    execFileSync("pg_dump", ["--version"]);
    execFileSync("pg_restore", ["--version"]);
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!postgresUrl || !hasPgTools)("PostgreSQL backup: pg_dump -Fc, restored into a new database", () => {
  const url = postgresUrl as string;
  const suffix = randomBytes(5).toString("hex");
  const source = `towing_backup_${suffix}`;
  const copy = `towing_restored_${suffix}`;
  const scratch = mkdtempSync(path.join(tmpdir(), "towing-pg-backup-"));
  const urlOf = (database: string) => {
    const u = new URL(url);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    for (const database of [source, copy]) await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    rmSync(scratch, { recursive: true, force: true });
  });

  it("the copy holds the request, the migration record and pg_trgm; a server starts on it without migrating", async () => {
    await admin(`CREATE DATABASE "${source}"`);
    const original = await openDatabase({ dataDir: "unused", databaseUrl: urlOf(source) });
    const app = await buildApp({ config: testConfig(), logger: false, site: emptyTestSite(), db: original });
    let token: string;
    try {
      ({ token } = await postServiceRequest(app, { name: "Backed Up" }));
    } finally {
      await app.close();
      await original.close();
    }

    const file = path.join(scratch, "towing.dump");
    // The commands the docs give, whole database (no -n public: that would leave out drizzle's schema).
    execFileSync("pg_dump", ["-Fc", "-d", urlOf(source), "-f", file]);
    await admin(`CREATE DATABASE "${copy}"`);
    execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "-d", urlOf(copy), file]);

    // MIGRATE_ON_START=false: the copy must already say it is up to date.
    const restored = await openDatabase({ dataDir: "unused", databaseUrl: urlOf(copy), migrate: false });
    const server = await buildApp({ config: testConfig(), logger: false, site: emptyTestSite(), db: restored });
    try {
      const state = await server.inject({ method: "GET", url: `/api/request/${token}/state` });
      // Found by its driver page's token, as the driver left it.
      expect(state.statusCode).toBe(200);
      expect(state.json()).toMatchObject({ live: { status: "received" } });
      const client = new pg.Client({ connectionString: urlOf(copy) });
      await client.connect();
      try {
        expect((await client.query("select name from contact_requests")).rows).toEqual([{ name: "Backed Up" }]);
        const trgm = await client.query("select extname from pg_extension where extname = 'pg_trgm'");
        expect(trgm.rows).toHaveLength(1);
      } finally {
        await client.end();
      }
    } finally {
      await server.close();
      await restored.close();
    }
  }, 60_000);
});
