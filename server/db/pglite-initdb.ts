/**
 * Creates an empty PGlite database in the folder given, then exits. The server runs this as a child
 * process on a fresh folder: initdb runs a second PostgreSQL in WebAssembly whose memory a Node process
 * keeps after it is done (the server idled at about 870 MB after a fresh start, against about 300 MB on
 * an existing folder), so the work happens in a process that then ends. The caller holds the folder's lock.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "./pglite-options";

const SCRIPT = fileURLToPath(import.meta.url);

export const hasDatabase = (dataDir: string) => existsSync(path.join(dataDir, "PG_VERSION"));

/** Runs initdb for `dataDir` in a child process; resolves once the folder holds a database. */
export function initdbInChildProcess(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, dataDir], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0 && hasDatabase(dataDir)) resolve();
      else reject(new Error(`could not create the database in ${dataDir} (initdb exited ${code}): ${stderr.trim()}`));
    });
  });
}

if (process.argv[1] === SCRIPT) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error("usage: pglite-initdb.ts DATA_DIR");
  const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
  await client.close();
}
