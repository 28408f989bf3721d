/**
 * First paint of the two private pages the server renders per link: the driver's request page
 * (/request/{token}) and the partner's offer page (/offer/{token}).
 *
 *   DATABASE_URL=postgres://... npm run bench:first-paint
 *   BENCH_BASELINE=/path/to/other/checkout (built) ... : the same pages from that checkout's server too
 *   (several checkouts, comma-separated: one server each, named by its folder)
 *   BENCH_PHONE=1 ...: each load on a throttled phone (4x CPU, 1.6 Mbps, 300 ms), as a driver at the roadside
 *   BENCH_WARM=1 ...: each page loaded once before the timed load, in the same context: the site's
 *   stylesheet and scripts already cached, as for a driver who sent the form from the site
 *
 * A production server (dist-server/start.js) on a scratch schema of DATABASE_URL's PostgreSQL (the
 * bench seeds the offer beside it); one stored request with its driver link, and one open offer of it
 * with its partner link. Chromium loads each page BENCH_RUNS times (default 20), each in a fresh
 * context (no cache), and reads the page's own timings: time to first byte (responseStart), first
 * contentful paint, and largest contentful paint (the frame that shows the page's largest text or
 * image: a first frame that holds more of the page is painted later but shows more). Both servers run React's production build (NODE_ENV=production, as `npm start`).
 * Printed: the median of each, with its spread (p25-p75, p90), in ms, and the load average before and
 * after. With BENCH_BASELINE, a server from each such checkout shares the database, all are asked in
 * turn (each round, each page, one after the other, the servers taking turns at going first), and
 * this / each baseline is printed as the ratio of the medians, the median of each round's ratio (the
 * pair loaded back to back, the least moved by the load), and for FCP and LCP the mean of the rounds'
 * differences with its 95% interval (bench/support/bench-data.ts). On a shared machine only a comparison
 * within one run means much.
 */
import { loadavg } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { openDatabase } from "../server/db/client";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { addPartner, offerJob } from "../tests/support/offers";
import { benchServiceRequest, median, pairedDifference, percentile, withScratchSchema } from "./support/bench-data";
import { throttledPhonePage } from "./support/phone";
import { type RunningServer, startServer } from "./support/server";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4483);
/** The checkouts to compare with, each named by its folder ("paint49-base"). */
const BASELINES = (process.env.BENCH_BASELINE ?? "")
  .split(",")
  .filter(Boolean)
  .map((dir) => ({ dir, name: path.basename(path.resolve(dir)) }));
const PAGES = ["request", "offer"] as const;
/** BENCH_PHONE=1: each load on a throttled phone (bench/support/phone.ts), as a driver at the roadside. */
const PHONE = process.env.BENCH_PHONE === "1";
/** BENCH_WARM=1: the timed load follows one untimed load of the same page (the browser's cache filled). */
const WARM = process.env.BENCH_WARM === "1";

async function desktopPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

interface Timings {
  ttfb: number;
  fcp: number;
  lcp: number;
}

/**
 * Read in the page (a string, so no bundler helper ends up in it): its TTFB, first contentful paint and
 * largest contentful paint (the last candidate reported; the page is loaded and nobody scrolls).
 */
const PAGE_TIMINGS = `new Promise((resolve) => {
  const nav = performance.getEntriesByType("navigation")[0];
  const largest = [];
  new PerformanceObserver((list) => largest.push(...list.getEntries())).observe({ type: "largest-contentful-paint", buffered: true });
  const read = () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
  const done = () => resolve({ ttfb: nav.responseStart, fcp: read() ?? Number.NaN, lcp: largest.at(-1)?.startTime ?? Number.NaN });
  setTimeout(done, read() !== undefined ? 100 : 1000);
})`;

/** A stored request's driver page and an open offer's partner page. */
async function seedPages(origin: string, databaseUrl: string): Promise<Record<(typeof PAGES)[number], string>> {
  const res = await fetch(`${origin}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(benchServiceRequest),
  });
  if (res.status !== 201) throw new Error(`POST /api/contact answered ${res.status}`);
  const stored = (await res.json()) as { id: number; requestPage: string };
  const database = await openDatabase({ databaseUrl, dataDir: "" });
  try {
    const partner = await addPartner(database.db);
    const offer = await offerJob(database.db, stored.id, partner.id, new Date(), { minutes: 600 });
    return { request: stored.requestPage, offer: offer.path };
  } finally {
    await database.close();
  }
}

/** Loads `url` to its load event; anything but the page (a 404, a 429) ends the bench. */
async function loadPage(page: Page, url: string) {
  const res = await page.goto(url, { waitUntil: "load" });
  if (res?.status() !== 200) throw new Error(`${url} answered ${res?.status()}`);
}

async function timingsOf(browser: Browser, url: string): Promise<Timings> {
  const { context, page } = PHONE ? await throttledPhonePage(browser) : await desktopPage(browser);
  try {
    // BENCH_WARM: an untimed load first, so the timed one finds the site in the browser's cache.
    if (WARM) await loadPage(page, url);
    await loadPage(page, url);
    return (await page.evaluate(PAGE_TIMINGS)) as Timings;
  } finally {
    await context.close();
  }
}

/** A difference with its sign: "+12.3", "-4.0". */
const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(1)}`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => value.toFixed(1).padStart(6);
/** The median and the spread: the middle half (p25-p75) and p90. */
const line = (label: string, values: number[]) => {
  const s = sorted(values);
  const [p25, p50, p75, p90] = [0.25, 0.5, 0.75, 0.9].map((p) => percentile(s, p)) as [number, number, number, number];
  return `${label} p50 ${ms(p50)} ms (p25-p75 ${ms(p25)}-${ms(p75)}, p90 ${ms(p90)})`;
};
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;

/** Loads each page from each server once a round; the servers take turns at going first. */
async function measure(servers: Record<string, RunningServer>, pages: Record<string, string>) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results: Record<string, Timings[]> = {};
  try {
    for (let run = 0; run <= RUNS; run++) {
      const entries = Object.entries(servers);
      const order = [...entries.slice(run % entries.length), ...entries.slice(0, run % entries.length)];
      for (const page of PAGES) {
        for (const [name, server] of order) {
          const timings = await timingsOf(browser, `${server.origin}${pages[page]}`);
          if (run === 0) continue; // the first run warms up
          const key = `${page} ${name}`;
          results[key] = [...(results[key] ?? []), timings];
        }
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

function print(results: Record<string, Timings[]>) {
  const width = Math.max(...Object.keys(results).map((key) => key.length)) + 1;
  for (const [key, list] of Object.entries(results)) {
    const of = (pick: (t: Timings) => number) => list.map(pick);
    console.log(
      `${key.padEnd(width)} ${line(
        "TTFB",
        of((t) => t.ttfb),
      )}   ${line(
        "FCP",
        of((t) => t.fcp),
      )}   ${line(
        "LCP",
        of((t) => t.lcp),
      )}`,
    );
  }
  for (const { name } of BASELINES)
    for (const page of PAGES) {
      const [now, base] = [results[`${page} this`] ?? [], results[`${page} ${name}`] ?? []];
      const ratio = (pick: (t: Timings) => number) => (median(now.map(pick)) / median(base.map(pick))).toFixed(2);
      // Each round's pair was loaded back to back: their ratio is the least moved by the machine's load.
      const paired = (pick: (t: Timings) => number) =>
        median(now.map((t, i) => pick(t) / pick(base[i] ?? t))).toFixed(2);
      console.log(
        `${page.padEnd(8)} this / ${name}, ratio of medians: TTFB ${ratio((t) => t.ttfb)}   FCP ${ratio((t) => t.fcp)}   LCP ${ratio((t) => t.lcp)};` +
          ` median of the rounds' ratios: TTFB ${paired((t) => t.ttfb)}   FCP ${paired((t) => t.fcp)}   LCP ${paired((t) => t.lcp)}`,
      );
      for (const [label, pick] of [["FCP", (t: Timings) => t.fcp] as const, ["LCP", (t: Timings) => t.lcp] as const]) {
        const d = pairedDifference(now.map(pick), base.map(pick));
        console.log(
          `${page.padEnd(8)} ${label} this - ${name}, paired: mean ${signed(d.mean)} ms (95% ${signed(d.low)} to ${signed(d.high)}), this later in ${d.later} of ${d.n} rounds`,
        );
      }
    }
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL (a PostgreSQL the bench may make a schema in).");
  await withScratchSchema(async (databaseUrl = "") => {
    // React's production build, as `npm start` runs the server (its development build renders several times slower).
    const env = { DATABASE_URL: databaseUrl, NODE_ENV: "production" };
    const servers: Record<string, RunningServer> = { this: await startServer(PORT, env) };
    try {
      for (const [i, { dir, name }] of BASELINES.entries()) {
        servers[name] = await startServer(PORT + 1 + i, env, undefined, dir);
      }
      console.log(`before: ${load()}`);
      print(await measure(servers, await seedPages(servers.this?.origin ?? "", databaseUrl)));
      console.log(`after:  ${load()}`);
    } finally {
      for (const server of Object.values(servers)) await server.stop();
    }
  });
}

await main();
