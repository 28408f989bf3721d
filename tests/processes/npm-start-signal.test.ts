import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyMigratedPglite } from "../support/databases";
import { endWithTest } from "../support/processes";
import { freePort, writeMinimalSite } from "../support/server-process";

/**
 * `npm start` as a container's main process: the SIGTERM the container gets goes to npm, and must stop
 * the server. The start script execs the compiled server, so npm's child is the server itself and npm
 * passes the signal on to it. (Before, npm's child was a shell running node: npm exited and the server
 * ran on, orphaned.) `--ignore-scripts` skips the prestart build, and runs the start script as it is.
 */
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "towing-npm-start-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
/**
 * The test starts from a copy of the run's migrated PGlite database; without it (a file run outside
 * Vitest's setup) a first start creates one (13-17 s on a quiet machine): room for that on a busy one.
 */
const FIRST_START_MS = 150_000;

beforeAll(() => {
  // The compiled server comes with `npm run build`; a test run on its own may not have it yet.
  if (!existsSync(path.join(root, "dist-server", "start.js"))) {
    expect(spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root }).status).toBe(0);
  }
});

const childrenOf = (pid: number) =>
  readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
};

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(process.platform === "linux")("npm start", () => {
  it(
    "serves the site from the compiled server with no loader, and stops it when npm gets SIGTERM",
    async () => {
      const port = await freePort();
      // A migrated database to start from: this test is about the signal, not about creating one.
      copyMigratedPglite(path.join(work, "data"));
      const npm = spawn("npm", ["start", "--ignore-scripts"], {
        cwd: root,
        // Its own process group: whatever happens below, the finally ends npm and the server together.
        detached: true,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          PORT: String(port),
          HOST: "127.0.0.1",
          LOG_LEVEL: "warn",
          DATABASE_URL: "",
          DIST_DIR: writeMinimalSite(path.join(work, "dist")),
          DATA_DIR: path.join(work, "data"),
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      // Ended with the test however it ends (a timeout included): npm and the server under it.
      endWithTest(npm, (signal) => process.kill(-(npm.pid as number), signal));
      let stderr = "";
      npm.stderr?.on("data", (d) => {
        stderr += String(d);
      });
      const npmExited = new Promise<number | string | null>((resolve) => npm.once("exit", (c, s) => resolve(c ?? s)));
      const healthy = async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
        } catch {
          return false;
        }
      };
      try {
        try {
          await until("the server to answer", healthy, FIRST_START_MS);
        } catch (error) {
          throw new Error(`${error}\n${stderr}`);
        }
        // The site itself, as a visitor gets it.
        const home = await fetch(`http://127.0.0.1:${port}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("<h1>t</h1>");
        const [server] = childrenOf(npm.pid ?? 0);
        expect(server).toBeDefined();
        // npm's own child is node running the compiled server: no shell, no tsx in between.
        const cmdline = readFileSync(`/proc/${server}/cmdline`, "utf8").split("\0");
        expect(cmdline).toContain("dist-server/start.js");
        expect(cmdline.join(" ")).not.toMatch(/tsx/);

        npm.kill("SIGTERM");
        await npmExited;
        await until("the server process to end", () => !alive(server ?? 0), 20_000);
        expect(await healthy()).toBe(false);
      } finally {
        // The whole group (npm and the server under it); never group 0, which would be our own.
        if (npm.pid) {
          try {
            process.kill(-npm.pid, "SIGKILL");
          } catch {
            // Already gone, as it should be.
          }
        }
      }
    },
    FIRST_START_MS + 60_000,
  );
});
