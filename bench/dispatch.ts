/**
 * A partner's acceptance reaching the driver's page.
 *
 *   npm run bench:dispatch                      (PGlite in a temporary folder, one server)
 *   DATABASE_URL=postgres://... npm run bench:dispatch   (PostgreSQL: two servers, see below)
 *
 * BENCH_PARTNERS (default 50) partners and BENCH_JOBS (default 1,000) service requests are stored, each
 * job offered to BENCH_OFFERS_PER_JOB (default 3) partners in rotation, with a private link per offer
 * (tests/support/offers.ts, written before the server starts, as the desk's "Offer to partners" would).
 * Then, for each job, BENCH_CONCURRENCY (default 10) at a time: the driver's page stream is open
 * (GET /api/request/{token}/events, Server-Sent Events, as the phone holds it), one partner accepts
 * with an estimate (POST /api/offer/{token}/accept, as their page's form or their system posts it) and
 * the bench notes when the driver's stream carries the acceptance: the partner part of the live state
 * (`partner` with the estimate) when the server sends one, else the status moving to dispatched
 * ("on the way"). Printed: p50/p95/max from the accept POST to the driver's stream showing it (budget
 * p95 <= 2 s), and how long the accept POST itself took. Every acceptance must answer 200 and be seen.
 *
 * With DATABASE_URL two server processes share the database: the drivers' streams are on the first and
 * the partners accept on the second, so every acceptance reaches a driver by the first server's own
 * look at the database (once a second), not by the answer waking it: the path of a site run on several
 * servers. Exits 1 when over budget.
 */

import path from "node:path";
import { openDatabase } from "../server/db/client";
import { addPartner, type SeededJob, seedJobs } from "../tests/support/offers";
import { measureDispatchReport } from "./dispatch-report";
import { percentile, withScratchSchema } from "./support/bench-data";
import { openStateStream } from "./support/event-stream";
import { runBench } from "./support/run-bench";
import { type RunningServer, startServer } from "./support/server";

const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 50);
const JOBS = Number(process.env.BENCH_JOBS ?? 1000);
const OFFERS_PER_JOB = Math.min(PARTNERS, Number(process.env.BENCH_OFFERS_PER_JOB ?? 3));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4491);
const P95_BUDGET_MS = 2_000;
/** How long one job waits for its driver's stream to show the acceptance before it counts as missed. */
const SEEN_TIMEOUT_MS = 15_000;

interface DriverStream {
  /** Resolves with performance.now() when a state event shows a partner's acceptance. */
  accepted: Promise<number>;
  close(): void;
}

/**
 * Whether a live state shows the acceptance: the partner part when the server sends one (the driver's
 * page names the partner and their estimate), else the status the acceptance moves the request to.
 */
function showsAcceptance(live: Record<string, unknown>): boolean {
  if ("partner" in live) {
    const partner = live.partner as { etaMinutes?: unknown } | null;
    return partner !== null && typeof partner.etaMinutes === "number";
  }
  return live.status === "on_the_way";
}

/** A driver's phone holding its request's live stream open; resolves once the first state came. */
async function openDriverStream(origin: string, token: string): Promise<DriverStream> {
  let seen: (at: number) => void = () => {};
  let missed: (error: Error) => void = () => {};
  const accepted = new Promise<number>((resolve, reject) => {
    seen = resolve;
    missed = reject;
  });
  const stream = await openStateStream(`${origin}/api/request/${token}/events`, (data) => {
    if (showsAcceptance(JSON.parse(data) as Record<string, unknown>)) seen(performance.now());
  });
  void stream.ended.then((error) => missed(error ?? new Error("the stream ended before the acceptance")));
  return { accepted, close: stream.close };
}

interface Measured {
  /** From sending the accept POST to the driver's stream showing it. */
  toDriverMs?: number;
  /** The accept POST's own answer time. */
  answerMs: number;
  status: number;
}

/** One job: the driver's stream open, the first of its partners accepts, the stream is watched. */
async function dispatchOne(pages: string, partners: string, job: SeededJob): Promise<Measured> {
  const stream = await openDriverStream(pages, job.driverToken);
  const offer = job.offers[0];
  if (!offer) throw new Error("a job without an offer");
  try {
    const sent = performance.now();
    const res = await fetch(`${partners}/api/offer/${offer.token}/accept`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: partners },
      body: JSON.stringify({ etaMinutes: 25 }),
    });
    await res.arrayBuffer();
    const answerMs = performance.now() - sent;
    if (res.status !== 200) return { answerMs, status: res.status };
    const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SEEN_TIMEOUT_MS).unref());
    const at = await Promise.race([stream.accepted.catch(() => undefined), timeout]);
    return { toDriverMs: at === undefined ? undefined : at - sent, answerMs, status: res.status };
  } finally {
    stream.close();
  }
}

runBench("dispatch", async ({ folder, dataDir, databaseUrl }) => {
  const accepted = await measureAcceptance(dataDir, databaseUrl);
  // The partners report at 100,000 requests, on a database of its own (bench/dispatch-report.ts): a
  // folder of its own on PGlite, a schema of its own on PostgreSQL (the jobs above have no town).
  console.log("");
  const report = await withScratchSchema((reportUrl) =>
    measureDispatchReport({ dataDir: path.join(folder, "report-data"), databaseUrl: reportUrl }),
  );
  return accepted && report.pass;
});

async function measureAcceptance(dataDir: string, databaseUrl: string | undefined): Promise<boolean> {
  // The partners, jobs, offers and links, stored before the server holds the database.
  const seeded = await openDatabase({ dataDir, databaseUrl });
  let jobs: SeededJob[];
  try {
    const partnerIds: number[] = [];
    for (let i = 0; i < PARTNERS; i++) partnerIds.push((await addPartner(seeded.db)).id);
    jobs = await seedJobs(seeded.db, { jobs: JOBS, partnerIds, partnersPerJob: OFFERS_PER_JOB, now: new Date() });
  } finally {
    await seeded.close();
  }

  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    REDIS_URL: "",
    // Every driver and partner comes from this one address: no per-client cap may stand in for 1,000 phones.
    MAX_CONNECTIONS_PER_CLIENT: "0",
    REQUEST_PAGE_MAX_STREAMS_PER_CLIENT: String(CONCURRENCY + 10),
    REQUEST_PAGE_RATE_LIMIT_MAX: "100000000",
  };
  const servers: RunningServer[] = [await startServer(PORT, env, dataDir)];
  if (databaseUrl) servers.push(await startServer(PORT + 1, env, dataDir));
  const [pages, partners] = [servers[0] as RunningServer, servers.at(-1) as RunningServer];
  try {
    console.log(
      databaseUrl
        ? "Database: PostgreSQL, two servers: the drivers' pages follow on one, the partners accept on the other\n"
        : "Database: PGlite, one server\n",
    );
    console.log(`${PARTNERS} partners, ${JOBS} jobs, each offered to ${OFFERS_PER_JOB}; ${CONCURRENCY} jobs at a time`);
    const results: Measured[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let j = next++; j < jobs.length; j = next++) {
          results.push(await dispatchOne(pages.origin, partners.origin, jobs[j] as SeededJob));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const refused = results.filter((r) => r.status !== 200).length;
    const toDriver = results.flatMap((r) => (r.toDriverMs === undefined ? [] : [r.toDriverMs])).sort((a, b) => a - b);
    const answers = results.map((r) => r.answerMs).sort((a, b) => a - b);
    const missed = results.length - refused - toDriver.length;
    const p95 = percentile(toDriver, 0.95);
    console.log(
      `acceptance -> seen on the driver's page: p50 ${percentile(toDriver, 0.5).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${(toDriver.at(-1) ?? 0).toFixed(0)} ms` +
        `   (${toDriver.length} of ${JOBS} seen, ${missed} missed, ${refused} acceptances refused; budget p95 <= ${P95_BUDGET_MS} ms)`,
    );
    console.log(
      `accept POST answered: p50 ${percentile(answers, 0.5).toFixed(0)} ms   p95 ${percentile(answers, 0.95).toFixed(0)} ms   (${JOBS} jobs in ${seconds.toFixed(1)} s)`,
    );
    return refused === 0 && missed === 0 && toDriver.length === JOBS && p95 <= P95_BUDGET_MS;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
