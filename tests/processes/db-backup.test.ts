import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupSocketPath } from "../../server/db/backup";
import { openDatabase } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { runCli } from "../support/cli";
import { copyMigratedPglite } from "../support/databases";
import { startWebhookReceiver, type WebhookReceiver } from "../support/receivers";
import { freePort, startServer, stopServer, waitHealthy, writeMinimalSite } from "../support/server-process";

/**
 * `npm run db:backup` copies a running server's PGlite folder while requests keep arriving, and
 * `npm run db:restore` brings the copy back in a new folder: every request acknowledged before the
 * backup began is there as it was sent, and the copy is one moment of the database (no request
 * without its alert row, which the same statement wrote).
 */
const root = mkdtempSync(path.join(tmpdir(), "towing-backup-"));
const backupCli = (args: string[], env: Record<string, string>) => runCli("server/db/backup-cli.ts", args, env);
let hook: WebhookReceiver;
beforeAll(async () => {
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook?.close();
  rmSync(root, { recursive: true, force: true });
});

const requestBody = (n: number) => ({
  name: `Backup driver ${n}`,
  email: "d@example.com",
  phone: "209-555-0100",
  service: "Towing",
  pickupLocation: `${n} Pacific Ave, Stockton`,
  dropoffLocation: "Fremont St, Stockton",
});

async function rowsIn(dataDir: string) {
  const restored = await openDatabase({ dataDir });
  try {
    return await rowsOf<{ id: number; name: string; alerts: number }>(
      restored.db,
      sql.raw(
        "select r.id, r.name, (select count(*)::int from alert_outbox a where a.contact_request_id = r.id) as alerts from contact_requests r order by r.id",
      ),
    );
  } finally {
    await restored.close();
  }
}

describe("npm run db:backup and db:restore on PGlite", () => {
  const dataDir = path.join(root, "live");
  const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  // A migrated database to start from: creating one is what other tests check, not this one.
  beforeAll(() => copyMigratedPglite(dataDir));

  it("backs up a running server under load, and the restore holds every request acknowledged before it", {
    // A first PGlite start, then a load and a backup: minutes on a busy machine.
    timeout: 300_000,
  }, async () => {
    const server = startServer(await freePort(), {
      ...env,
      DIST_DIR: writeMinimalSite(path.join(root, "site")),
      CONTACT_RATE_LIMIT_MAX: "100000",
      LEAD_ALERT_WEBHOOK_URL: hook.url,
      LEAD_ALERT_WEBHOOK_SECRET: "backup-test-secret-0123456789",
    });
    try {
      await waitHealthy(server, 120_000);
      // Only the folder's owner may ask the server for a copy.
      expect(statSync(backupSocketPath(dataDir)).mode & 0o777).toBe(0o600);

      const acknowledged = new Map<number, string>();
      let n = 0;
      const post = async () => {
        const body = requestBody(n++);
        const res = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(201);
        acknowledged.set(((await res.json()) as { id: number }).id, body.name);
      };
      for (let i = 0; i < 40; i++) await post();

      // The backup runs while two clients keep sending.
      const beforeBackup = new Map(acknowledged);
      let loading = true;
      const load = Promise.all(
        [0, 1].map(async () => {
          while (loading) await post();
        }),
      );
      const file = path.join(root, "live.tar.gz");
      const result = await backupCli(["backup", file], env);
      loading = false;
      await load;
      expect(result.stderr).toBe("");
      expect(result.stdout).toContain("from the running server");
      expect(result.code).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const restoredDir = path.join(root, "restored");
      const restore = await backupCli(["restore", file], { DATA_DIR: restoredDir, DATABASE_URL: "" });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      const rows = await rowsIn(restoredDir);
      expect(restore.stdout).toContain(`${rows.length} service requests`);

      for (const [id, name] of beforeBackup) expect(rows.find((r) => r.id === id)?.name).toBe(name);
      // Rows taken during the backup may or may not be in it, but each one that is, is whole.
      for (const row of rows) {
        expect(acknowledged.get(row.id) ?? row.name).toBe(row.name);
        expect(row.alerts, `request ${row.id} without its alert row`).toBe(1);
      }
      console.info(
        `db:backup: ${rows.length} requests in the copy; ${beforeBackup.size} acknowledged before it, ${acknowledged.size} by the end`,
      );
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    } finally {
      await stopServer(server);
    }
  });

  it("backs up a folder no server has open", { timeout: 120_000 }, async () => {
    const file = path.join(root, "stopped.tar.gz");
    const result = await backupCli(["backup", file], env);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("no server running");
    const again = path.join(root, "again");
    expect((await backupCli(["restore", file], { DATA_DIR: again, DATABASE_URL: "" })).code).toBe(0);
    expect((await rowsIn(again)).length).toBe((await rowsIn(dataDir)).length);
  });

  it("refuses to restore over a database, and says how to back up PostgreSQL", { timeout: 60_000 }, async () => {
    const before = (await rowsIn(dataDir)).length;
    const over = await backupCli(["restore", path.join(root, "stopped.tar.gz")], env);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("already holds a database");
    expect((await rowsIn(dataDir)).length).toBe(before);

    const missing = await backupCli(["backup"], { DATA_DIR: path.join(root, "nothing-here"), DATABASE_URL: "" });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("holds no database");

    const onPostgres = await backupCli(["backup"], { DATABASE_URL: "postgres://127.0.0.1:1/none" });
    expect(onPostgres.code).toBe(1);
    expect(onPostgres.stderr).toContain("pg_dump");
  });
});

describe("npm run db:backup never writes through a link or keeps a wider mode (umask 022)", () => {
  const dataDir = path.join(root, "private");
  const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  let umaskBefore = 0;
  beforeAll(async () => {
    // A database folder of its own, no server on it (opening it sets the owner-only umask: set 022 after).
    copyMigratedPglite(dataDir);
    await (await openDatabase({ dataDir })).close();
    umaskBefore = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umaskBefore);
  });

  it("refuses a symbolic link at the .partial name, naming it, and leaves the link's target as it was", {
    timeout: 60_000,
  }, async () => {
    const victim = path.join(root, "someone-elses-file.txt");
    writeFileSync(victim, "not a backup\n", { mode: 0o644 });
    const file = path.join(root, "linked.tar.gz");
    symlinkSync(victim, `${file}.partial`);
    const result = await backupCli(["backup", file], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}.partial already exists`);
    expect(result.stderr).toContain("nothing was written");
    expect(readFileSync(victim, "utf8")).toBe("not a backup\n");
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    // The link is left for a person to look at; no backup appeared under the name.
    expect(lstatSync(`${file}.partial`).isSymbolicLink()).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it("refuses an existing 0666 .partial file, leaves it untouched, and once it is gone writes a 0600 backup", {
    timeout: 120_000,
  }, async () => {
    const file = path.join(root, "wide.tar.gz");
    writeFileSync(`${file}.partial`, "left over\n");
    chmodSync(`${file}.partial`, 0o666);
    const refused = await backupCli(["backup", file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${file}.partial already exists`);
    expect(readFileSync(`${file}.partial`, "utf8")).toBe("left over\n");
    expect(statSync(`${file}.partial`).mode & 0o777).toBe(0o666);
    expect(existsSync(file)).toBe(false);

    rmSync(`${file}.partial`);
    const made = await backupCli(["backup", file], env);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});
