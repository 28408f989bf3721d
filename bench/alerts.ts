/**
 * New-request alerts: how fast the owner hears of a request, and what alerts cost the endpoint.
 *
 *   npm run bench:alerts                    (PGlite in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:alerts
 *
 * 1. Latency: the production server with e-mail alerts to a local SMTP receiver (smtp-server, in this
 *    process) takes a burst of BURST requests; for each, the time from its 201 to the owner's mail's
 *    arrival (each request also sends the driver a confirmation through the same outbox).
 * 2. Throughput: autocannon against POST /api/contact, alternately with alerts off and on (two rounds
 *    each, same machine, same run), and the ratio on/off.
 * Budgets: p95 from 201 to mail under 2 s; throughput with alerts at least 0.8 of without.
 */
import path from "node:path";
import pg from "pg";
import { startSmtpReceiver } from "../tests/support/receivers";
import { writeMinimalSite } from "../tests/support/server-process";
import { benchServiceRequest, percentile, postServiceRequests } from "./support/bench-data";
import { runBench } from "./support/run-bench";
import { startServer } from "./support/server";

const BURST = Number(process.env.BENCH_BURST ?? 200);
const BURST_CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const port = Number(process.env.BENCH_ALERTS_PORT ?? 4416);
const P95_BUDGET_MS = 2000;
const RATIO_BUDGET = 0.8;

type Serve = (name: string, alerts: boolean) => ReturnType<typeof startServer>;
type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** BURST requests, BURST_CONCURRENCY at a time; when each was acknowledged (201), by request id. */
async function postBurst(origin: string) {
  const acknowledgedAt = new Map<number, number>();
  let next = 0;
  const client = async () => {
    while (next < BURST) {
      next++;
      const res = await fetch(`${origin}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(benchServiceRequest),
      });
      const at = performance.now();
      if (res.status !== 201) throw new Error(`POST answered ${res.status}`);
      acknowledgedAt.set(((await res.json()) as { id: number }).id, at);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: BURST_CONCURRENCY }, client));
  return { acknowledgedAt, burstMs: performance.now() - started };
}

/** 1. Latency from 201 to the mail's arrival, for a burst; true within budget. */
async function burstLatency(serve: Serve, smtp: SmtpReceiver) {
  const server = await serve("latency", true);
  try {
    const { acknowledgedAt, burstMs } = await postBurst(server.origin);
    // Each request mails the owner and, since e-mail is configured, confirms to the driver: the
    // owner's new-request alerts are the ones timed.
    await smtp.waitFor(BURST * 2, 120_000);
    const latencies = smtp.mails
      .filter((m) => m.parsed.headers.get("x-service-request-alert") === "new_request")
      .map((m) => m.at - (acknowledgedAt.get(Number(m.parsed.headers.get("x-service-request-id"))) ?? Number.NaN))
      .filter((n) => Number.isFinite(n))
      .sort((a, b) => a - b);
    const p95 = percentile(latencies, 0.95);
    console.log(`burst: ${BURST} requests in ${burstMs.toFixed(0)} ms (${BURST_CONCURRENCY} at a time)`);
    console.log(
      `201 -> mail received: p50 ${percentile(latencies, 0.5).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${(latencies.at(-1) ?? 0).toFixed(0)} ms   (${latencies.length} of ${BURST} mails matched; budget p95 < ${P95_BUDGET_MS} ms)`,
    );
    return latencies.length === BURST && p95 < P95_BUDGET_MS;
  } finally {
    await server.stop();
  }
}

/** 2. Throughput with and without alerts, alternating, each on its own fresh database; true within budget. */
async function throughputRatio(serve: Serve, databaseUrl: string | undefined) {
  let clean = true;
  const rates = { off: [] as number[], on: [] as number[] };
  for (const round of [1, 2]) {
    for (const mode of ["off", "on"] as const) {
      const s = await serve(`load-${mode}-${round}`, mode === "on");
      try {
        const r = await postServiceRequests(s.origin, CONNECTIONS, SECONDS);
        if (r.non2xx + r.errors + r.timeouts > 0) clean = false;
        rates[mode].push(r.requests.average);
      } finally {
        await s.stop();
      }
      if (databaseUrl) {
        // PostgreSQL rounds share one schema: empty it so every round starts alike.
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query("TRUNCATE contact_requests CASCADE");
        await c.end();
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ratio = mean(rates.on) / mean(rates.off);
  console.log(
    `\nPOST /api/contact, ${CONNECTIONS} connections, ${SECONDS} s x 2 rounds each:` +
      `\n  alerts off ${rates.off.map((r) => r.toFixed(0)).join(" / ")} req/s` +
      `\n  alerts on  ${rates.on.map((r) => r.toFixed(0)).join(" / ")} req/s` +
      `\nratio on/off: ${ratio.toFixed(2)} (budget >= ${RATIO_BUDGET})`,
  );
  return clean && ratio >= RATIO_BUDGET;
}

runBench("alerts", async ({ folder, databaseUrl }) => {
  const site = writeMinimalSite(path.join(folder, "site"));
  const smtp = await startSmtpReceiver();
  const alertEnv = {
    SMTP_URL: smtp.url,
    LEAD_ALERT_FROM: "alerts@stocktontowing.example",
    LEAD_ALERT_TO: "owner@example.com",
  };
  const serve: Serve = (name, alerts) =>
    startServer(port, {
      DATA_DIR: path.join(folder, name),
      DATABASE_URL: databaseUrl ?? "",
      DIST_DIR: site,
      LOG_LEVEL: "warn",
      CONTACT_RATE_LIMIT_MAX: "100000000",
      ...(alerts ? alertEnv : {}),
    });
  try {
    console.log(`Database: ${databaseUrl ? "PostgreSQL" : "PGlite"}; e-mail alerts to a local SMTP receiver\n`);
    const latencyOk = await burstLatency(serve, smtp);
    const throughputOk = await throughputRatio(serve, databaseUrl);
    return latencyOk && throughputOk;
  } finally {
    await smtp.close();
  }
});
