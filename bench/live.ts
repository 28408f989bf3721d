/**
 * A driver's page on one server process, a change made through another: how long until the page sees it.
 *
 *   DATABASE_URL=postgres://... npm run bench:live
 *
 * Two server processes (the build, dist-server/start.js) on one PostgreSQL schema. BENCH_LIVE_PAGES
 * requests (default 60) are stored through process A; each page's live stream (Server-Sent Events) is
 * held open on process B. Then each request is cancelled by its driver through A, one every 100 ms,
 * and the time from the cancel's POST to B's stream saying so is noted. Run twice: LIVE_UPDATES=poll
 * (B looks at the database once a second: the way before LISTEN/NOTIFY) and LIVE_UPDATES=notify.
 * Prints p50/p95/max of each (measured from the cancel's POST, so its own answer time is in them, and
 * printed beside); exits 1 when notify's p95 is over 100 ms or a change is never seen. Load on the
 * machine shows in every number: run it on a quiet one.
 */
import { benchServiceRequest, percentile } from "./support/bench-data";
import { openStateStream } from "./support/event-stream";
import { runBench } from "./support/run-bench";
import { startServer } from "./support/server";

const PAGES = Number(process.env.BENCH_LIVE_PAGES ?? 60);
const CHANGE_EVERY_MS = 100;
const FIRST_PORT = Number(process.env.BENCH_LIVE_PORT ?? 4491);
const PORTS = [FIRST_PORT, FIRST_PORT + 1];
const P95_BUDGET_MS = 100;
const SEEN_TIMEOUT_MS = 10_000;

interface Latencies {
  p50: number;
  p95: number;
  max: number;
  missed: number;
  /** p50 of the cancel's own answer (POST to response on A), part of each latency above. */
  answerP50: number;
}

async function storeRequests(origin: string, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(benchServiceRequest),
    });
    if (res.status !== 201) throw new Error(`storing a request answered ${res.status}`);
    const body = (await res.json()) as { requestPage: string };
    tokens.push(body.requestPage.slice("/request/".length));
  }
  return tokens;
}

/** Cancels each page's request through `changeOn` and times how long its stream on `followOn` takes to say so. */
async function measureMode(mode: "poll" | "notify", databaseUrl: string): Promise<Latencies> {
  const env = {
    DATABASE_URL: databaseUrl,
    LIVE_UPDATES: mode,
    CONTACT_RATE_LIMIT_MAX: "100000",
    REQUEST_PAGE_RATE_LIMIT_MAX: "100000",
    SHUTDOWN_GRACE_SECONDS: "0",
    // Every page's stream comes from this one address.
    MAX_CONNECTIONS_PER_CLIENT: "0",
    REQUEST_PAGE_MAX_STREAMS_PER_CLIENT: String(PAGES + 10),
    REQUEST_PAGE_MAX_STREAMS: String(Math.max(2000, PAGES + 10)),
  };
  // One after the other: both would migrate the fresh schema at once (the advisory lock makes one wait).
  const a = await startServer(PORTS[0] as number, env);
  const b = await startServer(PORTS[1] as number, env).catch(async (error) => {
    await a.stop();
    throw error;
  });
  try {
    const tokens = await storeRequests(a.origin, PAGES);
    const seen = new Map<string, () => void>();
    const streams = await Promise.all(
      tokens.map((token) =>
        openStateStream(`${b.origin}/api/request/${token}/events`, (data) => {
          if (data.includes('"cancelled"')) seen.get(token)?.();
        }),
      ),
    );
    const latencies: number[] = [];
    const answers: number[] = [];
    let missed = 0;
    await Promise.all(
      tokens.map(async (token, i) => {
        await new Promise((r) => setTimeout(r, i * CHANGE_EVERY_MS));
        const sawIt = new Promise<void>((resolve) => seen.set(token, resolve));
        const started = performance.now();
        const res = await fetch(`${a.origin}/api/request/${token}/cancel`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: a.origin, "sec-fetch-site": "same-origin" },
          body: "{}",
        });
        if (res.status !== 200) throw new Error(`cancel answered ${res.status}`);
        answers.push(performance.now() - started);
        const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), SEEN_TIMEOUT_MS).unref());
        if ((await Promise.race([sawIt, timeout])) === "timeout") missed += 1;
        else latencies.push(performance.now() - started);
      }),
    );
    for (const s of streams) s.close();
    const sorted = latencies.sort((x, y) => x - y);
    const answerP50 = percentile(
      answers.sort((x, y) => x - y),
      0.5,
    );
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? 0, missed, answerP50 };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

runBench("live", async ({ databaseUrl }) => {
  if (!databaseUrl) throw new Error("bench:live needs DATABASE_URL (PostgreSQL): PGlite is one process");
  const line = (label: string, r: Latencies) =>
    `${label.padEnd(28)} p50 ${r.p50.toFixed(0).padStart(5)} ms  p95 ${r.p95.toFixed(0).padStart(5)} ms  max ${r.max.toFixed(0).padStart(5)} ms  missed ${r.missed}  (the cancel's own answer: p50 ${r.answerP50.toFixed(0)} ms)`;
  const poll = await measureMode("poll", databaseUrl);
  console.log(line(`poll (${PAGES} pages)`, poll));
  const notify = await measureMode("notify", databaseUrl);
  console.log(line(`notify (${PAGES} pages)`, notify));
  return notify.missed === 0 && poll.missed === 0 && notify.p95 <= P95_BUDGET_MS;
});
