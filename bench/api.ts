/**
 * Load test of POST /api/contact beside the raw insert rate of the same database, in one run.
 *
 *   npm run bench:api                    (PGlite in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:api
 *
 * 1. Raw: this process opens the database with the server's own client (server/db/client.ts) and
 *    inserts rows directly with the server's own prepared insert (server/features/service-requests/store.ts), with the same concurrency autocannon will use, for BENCH_SECONDS.
 * 2. Endpoint: it closes the database (a PGlite folder has one owner), starts the production server
 *    on it with the rate limit lifted, and runs autocannon against POST /api/contact.
 * Budget: the endpoint reaches at least half the raw insert rate. Exits 1 when it does not, or when
 * any request was not answered 201.
 */
import path from "node:path";
import type autocannon from "autocannon";
import { count } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { serviceRequests } from "../server/db/schema";
import { serviceRequestWriter } from "../server/features/service-requests/store";
import { writeMinimalSite } from "../tests/support/server-process";
import { benchServiceRequest, percentile, postServiceRequests } from "./support/bench-data";
import { runBench } from "./support/run-bench";
import { startServer } from "./support/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_API_PORT ?? 4415);
const BUDGET_RATIO = 0.5;

/** Inserts with `concurrency` callers for `seconds`; returns inserts per second. */
async function rawInsertRate(dataDir: string, databaseUrl: string | undefined) {
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    // Warm up (first queries compile plans, first PGlite pages load).
    for (let i = 0; i < 50; i++) await db.db.insert(serviceRequests).values(benchServiceRequest);
    const store = serviceRequestWriter(db.db);
    let done = 0;
    const latencies: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    const caller = async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await store(benchServiceRequest);
        latencies.push(performance.now() - t);
        done++;
      }
    };
    const start = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, caller));
    const elapsed = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      rate: done / elapsed,
      count: done + 50,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
    };
  } finally {
    await db.close();
  }
}

runBench("api", async ({ folder, dataDir, databaseUrl }) => {
  const site = writeMinimalSite(path.join(folder, "site"));
  const kind = databaseUrl ? "PostgreSQL" : "PGlite";
  console.log(`Database: ${kind}; ${CONNECTIONS} concurrent callers, ${SECONDS} s each phase\n`);
  const raw = await rawInsertRate(dataDir, databaseUrl);

  const server = await startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    DIST_DIR: site,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info", // as in production: request logs on
    CONTACT_RATE_LIMIT_MAX: "100000000",
  });
  let result: autocannon.Result;
  try {
    result = await postServiceRequests(server.origin, CONNECTIONS, SECONDS);
  } finally {
    await server.stop();
  }

  // Every 201 must be a row: count what the endpoint added.
  const check = await openDatabase({ dataDir, databaseUrl });
  const rows = (await check.db.select({ n: count() }).from(serviceRequests))[0]?.n ?? 0;
  await check.close();

  const endpointRate = result.requests.average;
  const ratio = endpointRate / raw.rate;
  const ok2xx = result["2xx"];
  const bad = result.non2xx + result.errors + result.timeouts;
  const stored = rows - raw.count;
  const pass = ratio >= BUDGET_RATIO && bad === 0 && stored >= ok2xx;

  const row = (label: string, rate: number, p50: number, p99: number) =>
    `${label.padEnd(28)} ${rate.toFixed(0).padStart(8)} /s   p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms`;
  console.log(row("raw insert (same client)", raw.rate, raw.p50, raw.p99));
  console.log(row("POST /api/contact", endpointRate, result.latency.p50, result.latency.p99));
  console.log(
    `\nendpoint answered ${ok2xx} x 201, ${bad} other (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}); rows stored by it: ${stored}`,
  );
  console.log(`ratio endpoint/raw: ${ratio.toFixed(2)} (budget >= ${BUDGET_RATIO})`);
  return pass;
});
