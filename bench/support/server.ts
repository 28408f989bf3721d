import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface RunningServer {
  origin: string;
  process: ChildProcess;
  /** The embedded database's folder (unused when DATABASE_URL is set). */
  dataDir: string;
  /** From spawning the process to the first 200 from /healthz. */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the production server (`dist-server/start.js`, compiled by `npm run build`) and waits for /healthz; on a fresh embedded
 * database unless `dataDir` (or DATA_DIR in `env`) names one. A folder it made itself is removed when the server stops.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  given: string | undefined = env.DATA_DIR,
  /** The checkout to run (its dist-server/ and dist/); this one when not given. */
  cwd?: string,
): Promise<RunningServer> {
  const dataDir = given ?? mkdtempSync(path.join(tmpdir(), "towing-bench-"));
  const removeOwnFolder = () => {
    if (given === undefined) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = performance.now();
  // The production server as `npm start` runs it: compiled JavaScript (npm run build), no loader.
  const child = spawn(process.execPath, ["--max-semi-space-size=16", "--enable-source-maps", "dist-server/start.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    cwd,
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become healthy in 120 s");
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    process: child,
    dataDir,
    startMs: performance.now() - started,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }).then(removeOwnFolder),
  };
}
