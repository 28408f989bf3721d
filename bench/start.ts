/**
 * Start-up time and idle memory of the production server on the embedded database, on a fresh
 * PGlite folder (initdb, migrations) and on an existing one (a restart), against the budgets of the
 * reliability issue: idle RSS <= 350 MB, first start <= 15 s.
 *
 *   npm run bench:start                  (BENCH_RUNS=3 by default)
 *   BENCH_TREE=/path/to/other/checkout node --import tsx bench/start.ts
 *                                        (that checkout's server, built there: a before/after compares two trees
 *                                        with the same bench)
 *
 * Idle RSS is the server process's resident memory BENCH_IDLE_MS (5 s) after /healthz first answers,
 * with no traffic; peak is the most it held at any time (VmHWM). CPU is the processor time the server (and
 * the children it waited for) had used when /healthz first answered: on a busy shared machine the wall-clock
 * start varies several-fold from run to run, the CPU time much less, so a before/after reads both. On a fresh folder the child process that
 * creates and migrates the database (server/db/pglite-create.ts) has ended by then; its peak is not the server's.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer } from "./support/server";

const BUDGET = { idleRssMb: 350, firstStartMs: 15_000 };
const port = Number(process.env.BENCH_START_PORT ?? 4417);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 5000);
/** The checkout whose built server is measured; this one when not given. */
const tree = process.env.BENCH_TREE || undefined;

/** Resident and peak memory of a process, in MB, from /proc. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/**
 * Processor time (user and system, with the children it waited for) a process has used, in seconds,
 * from /proc (clock ticks of 1/100 s, Linux's USER_HZ).
 */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): state is field 3, utime..cstime 14-17.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

interface Sample {
  startMs: number;
  cpuS: number;
  rssMb: number;
  peakMb: number;
}

async function measure(dataDir?: string): Promise<Sample & { dataDir: string }> {
  // A fresh folder made here, not by startServer: it would remove its own at stop, and the restart
  // measured next would be a second fresh start.
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), "towing-bench-start-"));
  const server = await startServer(port, { DATABASE_URL: "" }, dir, tree);
  try {
    const pid = server.process.pid;
    if (pid === undefined) throw new Error("no server process id");
    const cpuS = cpuSecondsOf(pid);
    await new Promise((r) => setTimeout(r, idleMs));
    return { startMs: server.startMs, cpuS, ...memoryOf(pid), dataDir: server.dataDir };
  } finally {
    await server.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const worst = (xs: number[]) => Math.max(...xs);

async function main() {
  const fresh: Sample[] = [];
  const existing: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    const first = await measure();
    fresh.push(first);
    const again = await measure(first.dataDir);
    existing.push(again);
    rmSync(first.dataDir, { recursive: true, force: true });
    console.log(
      `run ${run + 1}/${runs}: fresh ${(first.startMs / 1000).toFixed(1)} s (CPU ${first.cpuS.toFixed(2)} s), ${first.rssMb.toFixed(0)} MB idle; ` +
        `existing ${(again.startMs / 1000).toFixed(1)} s (CPU ${again.cpuS.toFixed(2)} s), ${again.rssMb.toFixed(0)} MB idle`,
    );
  }
  const failures: string[] = [];
  const row = (label: string, samples: Sample[], startBudgetMs?: number) => {
    const start = worst(samples.map((s) => s.startMs));
    const rss = worst(samples.map((s) => s.rssMb));
    if (rss > BUDGET.idleRssMb) failures.push(`${label}: idle RSS ${rss.toFixed(0)} MB > ${BUDGET.idleRssMb} MB`);
    if (startBudgetMs && start > startBudgetMs) {
      failures.push(`${label}: start ${(start / 1000).toFixed(1)} s > ${startBudgetMs / 1000} s`);
    }
    console.log(
      `${label.padEnd(16)} start median ${(median(samples.map((s) => s.startMs)) / 1000).toFixed(1).padStart(5)} s, worst ${(start / 1000).toFixed(1).padStart(5)} s` +
        `   idle RSS median ${median(samples.map((s) => s.rssMb))
          .toFixed(0)
          .padStart(4)} MB, worst ${rss.toFixed(0).padStart(4)} MB` +
        `   CPU median ${median(samples.map((s) => s.cpuS)).toFixed(2)} s` +
        `   peak ${worst(samples.map((s) => s.peakMb))
          .toFixed(0)
          .padStart(4)} MB`,
    );
  };
  if (tree) console.log(`\nserver of ${tree}`);
  console.log(
    `\nbudgets: idle RSS <= ${BUDGET.idleRssMb} MB, first start <= ${BUDGET.firstStartMs / 1000} s (${runs} runs)`,
  );
  row("fresh folder", fresh, BUDGET.firstStartMs);
  row("existing folder", existing);
  for (const f of failures) console.log(`OVER BUDGET ${f}`);
  console.log(failures.length ? "FAIL" : "PASS");
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
