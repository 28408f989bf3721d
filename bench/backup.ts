/**
 * `npm run db:backup` against a running server on a large PGlite folder: how long any request waits
 * while the copy is made, and how much the server's memory grows, against the budgets of issue 27
 * (no request waits more than 1 s; RSS grows by less than 100 MB; on a folder of at least 150 MB).
 *
 *   npm run bench:backup              (BENCH_BACKUP_MB=160 by default: the folder's size to reach)
 *
 * A client asks GET /healthz (a database round trip) every 20 ms during the whole backup; the server's
 * RSS is read from /proc every 20 ms. The same client runs as long again without a backup first, as a
 * control: what the requests alone do to the server's memory.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { startServer } from "./support/server";

const BUDGET = { maxWaitMs: 1000, rssGrowthMb: 100 };
const targetMb = Number(process.env.BENCH_BACKUP_MB ?? 160);
const port = Number(process.env.BENCH_BACKUP_PORT ?? 4418);

function folderMb(dir: string): number {
  let bytes = 0;
  const walk = (p: string) => {
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      const full = path.join(p, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) bytes += statSync(full).size;
    }
  };
  walk(dir);
  return bytes / 1024 / 1024;
}

const rssMb = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;

/** Fills a new PGlite folder with service requests until it holds `mb` megabytes. */
async function fill(dataDir: string, mb: number) {
  const db = await openDatabase({ dataDir });
  try {
    // About 1 KB a row; a repeated phrase keeps the trigram index small, so filling is quick.
    while (folderMb(dataDir) < mb) {
      await db.db.execute(
        sql.raw(`insert into contact_requests (name, email, phone, service, pickup_location, dropoff_location)
          select 'Driver ' || g, 'driver@example.com', '209-555-0100', 'Towing',
                 repeat('4410 Pacific Ave, Stockton ', 36), 'Fremont St, Stockton'
          from generate_series(1, 20000) g`),
      );
    }
  } finally {
    await db.close();
  }
}

/**
 * Asks /healthz every 20 ms until stopped, noting the longest wait, and samples the server's RSS
 * every 20 ms; stop() gives the longest wait, the requests made and the highest RSS (MB).
 */
function startProbe(origin: string, pid: number) {
  let running = true;
  let maxWaitMs = 0;
  let requests = 0;
  let rssMax = rssMb(pid);
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, rssMb(pid));
  }, 20);
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(`${origin}/healthz`);
      await res.arrayBuffer();
      maxWaitMs = Math.max(maxWaitMs, performance.now() - start);
      requests++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    clearInterval(sampler);
    return { maxWaitMs, requests, rssMax };
  };
}

/** `npm run db:backup` of the folder into `file`, as the owner runs it; its exit code. */
function runBackupCli(dataDir: string, file: string) {
  return new Promise<number | null>((resolve) => {
    const cli = spawn(process.execPath, ["--import", "tsx", "server/db/backup-cli.ts", "backup", file], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    cli.on("exit", resolve);
  });
}

async function main() {
  const root = mkdtempSync(path.join(tmpdir(), "towing-bench-backup-"));
  const dataDir = path.join(root, "data");
  try {
    await fill(dataDir, targetMb);
    const sizeMb = folderMb(dataDir);
    const server = await startServer(port, { DATABASE_URL: "" }, dataDir);
    const pid = server.process.pid ?? 0;
    try {
      // Settle, then the baseline.
      for (let i = 0; i < 20; i++) await fetch(`${server.origin}/healthz`);
      const rssBefore = rssMb(pid);
      // Control: the same requests for 10 s, no backup.
      const stopControl = startProbe(server.origin, pid);
      await new Promise((r) => setTimeout(r, 10_000));
      const control = await stopControl();
      const rssAtBackup = rssMb(pid);
      const stopProbe = startProbe(server.origin, pid);
      const file = path.join(root, "backup.tar.gz");
      const started = performance.now();
      const code = await runBackupCli(dataDir, file);
      const backupMs = performance.now() - started;
      const { maxWaitMs, requests, rssMax } = await stopProbe();
      if (code !== 0) throw new Error(`db:backup exited with ${code}`);

      const growth = rssMax - rssAtBackup;
      console.log(
        `control (requests only, 10 s): longest wait ${control.maxWaitMs.toFixed(0)} ms, RSS +${(control.rssMax - rssBefore).toFixed(0)} MB`,
      );
      console.log(
        `folder ${sizeMb.toFixed(0)} MB, backup ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB in ${(backupMs / 1000).toFixed(1)} s`,
      );
      console.log(
        `longest request wait during the backup: ${maxWaitMs.toFixed(0)} ms over ${requests} requests (budget <= ${BUDGET.maxWaitMs} ms)`,
      );
      console.log(
        `server RSS: ${rssAtBackup.toFixed(0)} MB before, ${rssMax.toFixed(0)} MB at most, +${growth.toFixed(0)} MB (budget < ${BUDGET.rssGrowthMb} MB)`,
      );
      const over = maxWaitMs > BUDGET.maxWaitMs || growth >= BUDGET.rssGrowthMb || sizeMb < 150;
      console.log(over ? "OVER BUDGET" : "within budget");
      process.exitCode = over ? 1 : 0;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
