import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServer, stopServer, waitHealthy, writeMinimalSite } from "../support/server-process";

/**
 * On a first start the server creates the database in a child process (server/db/pglite-create.ts). If
 * the server is killed then (SIGKILL: no handler runs), the child must not go on writing the folder
 * without the lock while a restarted server opens it: it ends with its parent.
 */
const root = mkdtempSync(path.join(tmpdir(), "towing-create-child-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The pids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of /proc/PID/stat is the parent pid (after "pid (comm) state").
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readStatus(pid));
const readStatus = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return "";
  }
};

async function until(what: string, check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.runIf(process.platform === "linux")("the database-creating child process", () => {
  it("dies with the server when the server is SIGKILLed during a first start", async () => {
    const server = startServer(0, {
      DIST_DIR: writeMinimalSite(path.join(root, "dist")),
      DATA_DIR: path.join(root, "data"),
    });
    const serverPid = server.child.pid ?? 0;
    let creator = 0;
    try {
      await until(
        "the creating child",
        () => {
          creator = childrenOf(serverPid)[0] ?? 0;
          return creator > 0;
        },
        30_000,
      );
      server.child.kill("SIGKILL");
      await server.exited;
      // Creating the database takes 10-20 s; the child must be gone long before it would have finished.
      await until("the child to end", () => !alive(creator), 5_000);
      expect(alive(creator)).toBe(false);
    } finally {
      await stopServer(server);
      if (creator && alive(creator)) process.kill(creator, "SIGKILL");
    }

    // The cut-short start left no half-made database: the next start creates it and serves.
    const again = startServer(await freePort(), {
      DIST_DIR: path.join(root, "dist"),
      DATA_DIR: path.join(root, "data"),
    });
    try {
      await waitHealthy(again);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    } finally {
      await stopServer(again);
    }
  }, 240_000);
});
