import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "../../server/db/lock";
import { contactRequests } from "../../server/db/schema";
import { startServer, waitHealthy, writeMinimalSite } from "../support/server-process";

const root = mkdtempSync(path.join(tmpdir(), "towing-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(String(result.stdout));
}

describe("one process per embedded database folder", () => {
  it("creates missing parent folders, refuses a second open while the first is open, and reopens after close", async () => {
    const dataDir = path.join(root, "a", "b", "data");
    const first = await openDatabase({ dataDir });
    try {
      expect(first.kind).toBe("pglite");
      expect(readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
      await first.db.insert(contactRequests).values({
        name: "n",
        email: "e@example.com",
        phone: "p",
        service: "Towing",
        pickupLocation: "a",
        dropoffLocation: "b",
      });
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        `The database folder ${dataDir} is in use by another running server (process ${process.pid})`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir });
    try {
      expect(await again.db.select().from(contactRequests)).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it("replaces a lock left by a process that is gone, and keeps one held by a live process", () => {
    const dir = path.join(root, "stale");
    const lockFile = path.join(dir, LOCK_FILE);
    const first = lockDataDir(dir);
    first.release();
    writeFileSync(lockFile, `${deadPid()}\n`);
    const taken = lockDataDir(dir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    taken.release();
    // A live process that is not us (pid 1 always runs) holds it: refused.
    writeFileSync(lockFile, "1\n");
    expect(() => lockDataDir(dir)).toThrow(/in use by another running server \(process 1\)/);
    // An empty or garbled lock file (a crash while writing it) counts as stale.
    writeFileSync(lockFile, "");
    lockDataDir(dir).release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("a second real server on the same DATA_DIR refuses to start with a clear message; the first keeps serving", async () => {
    const dataDir = path.join(root, "servers", "data");
    const site = writeMinimalSite(path.join(root, "site"));
    const env = { DATA_DIR: dataDir, DIST_DIR: site };
    const first = startServer(4411, env);
    try {
      await waitHealthy(first);
      const second = startServer(4412, env);
      const code = await second.exited;
      expect(code).toBe(1);
      expect(second.stderr()).toContain(
        `The database folder ${dataDir} is in use by another running server (process ${first.child.pid})`,
      );
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
    }
    // A clean stop releases the folder.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
