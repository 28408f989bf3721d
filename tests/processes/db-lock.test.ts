import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "../../server/db/lock";
import { serviceRequests } from "../../server/db/schema";
import { copyMigratedPglite } from "../support/databases";
import { endWithTest } from "../support/processes";
import {
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  waitHealthy,
  writeMinimalSite,
} from "../support/server-process";

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
      await first.db.insert(serviceRequests).values({
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
      expect(await again.db.select().from(serviceRequests)).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it("is not fooled by process ids: a lock note naming this very pid (a restarted container) or any live process does not block", async () => {
    const dir = path.join(root, "pids");
    const lockFile = path.join(dir, LOCK_FILE);
    // What a SIGKILLed container leaves: its note, naming pid 1 or whatever pid this process now has.
    for (const leftover of [String(process.pid), "1", String(deadPid()), "", "garbage"]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(lockFile, `${leftover}\n`);
      const lock = await lockDataDir(dir);
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
      // ...while it is held, nobody else gets it, this process included.
      await expect(lockDataDir(dir)).rejects.toThrow(
        `The database folder ${dir} is in use by another running server (process ${process.pid})`,
      );
      await lock.release();
      expect(existsSync(lockFile)).toBe(false);
    }
  });

  it("is released by the kernel when its holder is SIGKILLed, with no file to clean up", async () => {
    const dir = path.join(root, "killed");
    mkdirSync(dir, { recursive: true });
    const holder = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import("./server/db/lock.ts").then(async (m) => { await m.lockDataDir(${JSON.stringify(dir)}); console.log("held"); setInterval(() => {}, 1000); })`,
      ],
      { cwd: path.resolve(import.meta.dirname, "../.."), stdio: ["ignore", "pipe", "inherit"] },
    );
    endWithTest(holder);
    const holderExited = new Promise((resolve) => holder.once("exit", resolve));
    try {
      await new Promise<void>((resolve) => holder.stdout?.on("data", (d) => String(d).includes("held") && resolve()));
      await expect(lockDataDir(dir)).rejects.toThrow(`(process ${holder.pid})`);
    } finally {
      holder.kill("SIGKILL");
      await holderExited;
    }
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it("a second real server on the same DATA_DIR refuses to start with a clear message; the first keeps serving", async () => {
    const dataDir = path.join(root, "servers", "data");
    const site = writeMinimalSite(path.join(root, "site"));
    const env = { DATA_DIR: dataDir, DIST_DIR: site };
    // A migrated database to start from: this test is about the lock, not about creating one.
    copyMigratedPglite(dataDir);
    const first = startServer(await freePort(), env);
    let second: ServerProcess | undefined;
    try {
      await waitHealthy(first);
      second = startServer(await freePort(), env);
      const code = await second.exited;
      expect(code).toBe(1);
      expect(second.stderr()).toContain(
        `The database folder ${dataDir} is in use by another running server (process ${first.child.pid})`,
      );
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
    } finally {
      await stopServer(second);
      await stopServer(first);
    }
    // A clean stop releases the folder.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 240_000);
});
