import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";

/**
 * The PGlite folder holds every service request (deleted ones too, in the WAL) and the desk's password
 * hashes: the folder is 0700 and its files 0600, and a folder left wider by an older version is
 * tightened when the server opens it. Checked as another user (nobody) where the test runs as root.
 */
const root = mkdtempSync(path.join(tmpdir(), "towing-modes-"));
// Only the data folder's own modes may keep others out: its parents are open to everyone here.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function walk(dir: string): { path: string; mode: number; dir: boolean }[] {
  const out = [{ path: dir, mode: lstatSync(dir).mode & 0o777, dir: true }];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const stat = lstatSync(p);
    if (stat.isDirectory()) out.push(...walk(p));
    else if (!stat.isSymbolicLink()) out.push({ path: p, mode: stat.mode & 0o777, dir: false });
  }
  return out;
}

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** Whether user nobody can read `file` (it exits 0 from cat). */
const nobodyCanRead = (file: string) =>
  spawnSync("cat", [file], { uid: NOBODY, gid: NOBODY, stdio: "ignore" }).status === 0;

describe("the data folder's modes", () => {
  it("creates the folder 0700 and every file in it 0600 (no access for group or others)", async () => {
    const dataDir = path.join(root, "fresh");
    const db = await openDatabase({ dataDir });
    try {
      // Files PostgreSQL makes while it runs (a new table's relation files) are owner-only too.
      await db.db.execute(sql`create table mode_check (note text)`);
      await db.db.execute(sql`insert into mode_check select repeat('x', 100) from generate_series(1, 1000)`);
      await db.db.execute(sql`checkpoint`);
      const entries = walk(dataDir);
      expect(entries.length).toBeGreaterThan(100);
      const open = entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => `${e.mode.toString(8)} ${e.path}`);
      expect(open).toEqual([]);
      expect(entries[0]?.mode).toBe(0o700);
      expect(db.tightened).toBeUndefined();
      if (asRoot) {
        const wal = readdirSync(path.join(dataDir, "pg_wal")).find((n) => /^[0-9A-F]{24}$/.test(n));
        expect(wal).toBeDefined();
        expect(nobodyCanRead(path.join(dataDir, "pg_wal", wal ?? ""))).toBe(false);
        expect(nobodyCanRead(path.join(dataDir, "postgresql.conf"))).toBe(false);
      }
    } finally {
      await db.close();
    }
  });

  it("tightens a folder an older version left open to everyone, and says what it changed", async () => {
    const dataDir = path.join(root, "old");
    await (await openDatabase({ dataDir })).close();
    // As the probe found it: folders 0755, files 0666.
    for (const e of walk(dataDir)) chmodSync(e.path, e.dir ? 0o755 : 0o666);
    if (asRoot) expect(nobodyCanRead(path.join(dataDir, "postgresql.conf"))).toBe(true);

    const db = await openDatabase({ dataDir });
    try {
      // Files PostgreSQL makes while it runs (a new table's relation files) are owner-only too.
      await db.db.execute(sql`create table mode_check (note text)`);
      await db.db.execute(sql`insert into mode_check select repeat('x', 100) from generate_series(1, 1000)`);
      await db.db.execute(sql`checkpoint`);
      const entries = walk(dataDir);
      expect(entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => e.path)).toEqual([]);
      expect(db.tightened?.folders).toBeGreaterThan(0);
      expect(db.tightened?.files).toBeGreaterThan(100);
      if (asRoot) expect(nobodyCanRead(path.join(dataDir, "postgresql.conf"))).toBe(false);
    } finally {
      await db.close();
    }
  });
});
