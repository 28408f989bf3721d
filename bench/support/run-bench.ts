import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withScratchSchema } from "./bench-data";

/** Where one benchmark run keeps its things, all gone when it ends. */
export interface BenchScratch {
  /** A temporary folder of its own. */
  folder: string;
  /** The embedded database's folder inside it (unused when DATABASE_URL is set). */
  dataDir: string;
  /** A schema of its own on DATABASE_URL's PostgreSQL; undefined on PGlite. */
  databaseUrl: string | undefined;
}

/**
 * Runs a benchmark the way they all run: in a scratch folder and (on PostgreSQL) a scratch schema,
 * both removed afterwards; `measure` says whether the budget held, and the run prints PASS or FAIL
 * and exits 0 or 1, or 1 on any error.
 */
export function runBench(name: string, measure: (scratch: BenchScratch) => Promise<boolean>): void {
  const run = async () => {
    const folder = mkdtempSync(path.join(tmpdir(), `towing-bench-${name}-`));
    try {
      const pass = await withScratchSchema((databaseUrl) =>
        measure({ folder, dataDir: path.join(folder, "data"), databaseUrl }),
      );
      console.log(pass ? "PASS" : "FAIL");
      process.exitCode = pass ? 0 : 1;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
