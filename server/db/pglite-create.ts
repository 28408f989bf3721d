/**
 * Creates a PGlite database in the folder given and brings it up to the latest migration, then exits.
 * The server runs this as a child process on a fresh folder: initdb runs a second PostgreSQL in
 * WebAssembly, and the first migration (pg_trgm, tables, indexes) grows the instance's heap; a Node process
 * keeps that memory after the work is done. In-process, the server idled at about 870 MB after a fresh
 * start (340-380 MB with only initdb moved out) against about 315 MB on an existing folder, so all of it
 * happens in a process that then ends. The caller holds the folder's lock.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "./migrations-folder";
import { PGLITE_OPTIONS } from "./pglite-options";

const HERE = fileURLToPath(import.meta.url);
/**
 * This file run as its own process: from source through tsx (tests, development), or, compiled
 * (scripts/build-server.mjs), its own bundle beside the server's.
 */
const SCRIPT = HERE.endsWith(".ts") ? HERE : path.join(path.dirname(HERE), "pglite-create.js");
const NODE_ARGS = SCRIPT.endsWith(".ts") ? ["--import", "tsx"] : [];

export const hasDatabase = (dataDir: string) => existsSync(path.join(dataDir, "PG_VERSION"));

/**
 * Where the child builds the database, inside the locked folder: its files move into the folder itself
 * only once it is complete, so a start cut short (the server killed, and the child with it) leaves no
 * half-made database for the next start to open, only this folder, which the next start empties.
 */
const CREATING_FOLDER = ".creating";

/** Creates and migrates the database of `dataDir` in a child process; resolves once that has succeeded. */
export async function createInChildProcess(dataDir: string): Promise<void> {
  const staging = path.join(dataDir, CREATING_FOLDER);
  try {
    // The folder itself may not exist yet (a first start, a path two levels down): owner-only, like its files.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    rmSync(staging, { recursive: true, force: true });
  } catch (error) {
    throw new Error(`could not create the database in ${dataDir}: ${error instanceof Error ? error.message : error}`);
  }
  await new Promise<void>((resolve, reject) => {
    // The IPC channel is how the child knows this process is gone (below): it must not go on writing
    // a folder whose lock died with us, while a restarted server opens it.
    const child = spawn(process.execPath, [...NODE_ARGS, SCRIPT, staging], {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let stderr = "";
    child.stderr?.on("data", (d) => {
      stderr += String(d);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0 && hasDatabase(staging)) resolve();
      else reject(new Error(`could not create the database in ${dataDir} (exit ${code}): ${stderr.trim()}`));
    });
  });
  // PG_VERSION last: until it is there, the folder holds no database (hasDatabase).
  const names = readdirSync(staging).sort((a, b) => Number(a === "PG_VERSION") - Number(b === "PG_VERSION"));
  for (const name of names) renameSync(path.join(staging, name), path.join(dataDir, name));
  rmdirSync(staging);
}

if (process.argv[1] === SCRIPT) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error("usage: pglite-create.ts DATA_DIR");
  dieWithParent();
  const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.close();
  }
  // One more open and query after the migrations' DDL, still in this process: PostgreSQL rebuilds the
  // catalog caches (and their init file) the DDL invalidated here, not in the server. Measured with
  // `npm run bench:start`, 3 runs: idle RSS after a fresh start 323-346 MB without it, 287-304 MB with it.
  const settled = await PGlite.create(dataDir, PGLITE_OPTIONS);
  try {
    await settled.query("select count(*) from contact_requests");
  } finally {
    await settled.close();
  }
}

/**
 * Ends this process as soon as the server that started it is gone, however it went (SIGKILL included):
 * the server's end closes the IPC channel. PGlite's initdb runs in long synchronous stretches that would
 * hold a "disconnect" event back, so a worker thread watches the channel's other sign, the parent pid
 * changing, and kills the process from there.
 */
function dieWithParent() {
  if (!process.send) return; // started by hand, not by a server
  const parent = process.ppid;
  process.on("disconnect", () => process.kill(process.pid, "SIGKILL"));
  // The channel only watches: it must not keep this process alive once the database is made.
  process.channel?.unref();
  const watcher = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     setInterval(() => { if (process.ppid !== workerData.parent) process.kill(process.pid, "SIGKILL"); }, 100);`,
    { eval: true, workerData: { parent } },
  );
  watcher.unref();
}
