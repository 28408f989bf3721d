/**
 * First paint of the two private pages the server renders per link: the driver's request page
 * (/request/{token}) and the partner's offer page (/offer/{token}).
 *
 *   DATABASE_URL=postgres://... npm run bench:first-paint
 *   BENCH_BASELINE=/path/to/other/checkout (built) ... : the same pages from that checkout's server too
 *
 * A production server (dist-server/start.js) on a scratch schema of DATABASE_URL's PostgreSQL (the
 * bench seeds the offer beside it); one stored request with its driver link, and one open offer of it
 * with its partner link. Chromium loads each page BENCH_RUNS times (default 20), each in a fresh
 * context (no cache), and reads the page's own timings: time to first byte (responseStart) and first
 * contentful paint. Printed: the median and p90 of each, in ms. With BENCH_BASELINE, a second server
 * from that checkout shares the database, the two are asked in turn, and the ratios of the medians
 * (this / baseline) are printed: on a shared machine only a comparison within one run means much.
 */
import { type Browser, chromium } from "@playwright/test";
import { openDatabase } from "../server/db/client";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { addPartner, offerJob } from "../tests/support/offers";
import { benchServiceRequest, percentile, withScratchSchema } from "./support/bench-data";
import { type RunningServer, startServer } from "./support/server";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4483);
const BASELINE = process.env.BENCH_BASELINE;
const PAGES = ["request", "offer"] as const;

interface Timings {
  ttfb: number;
  fcp: number;
}

/** Read in the page (a string, so no bundler helper ends up in it): its TTFB and first contentful paint. */
const PAGE_TIMINGS = `new Promise((resolve) => {
  const nav = performance.getEntriesByType("navigation")[0];
  const read = () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
  const done = () => resolve({ ttfb: nav.responseStart, fcp: read() ?? Number.NaN });
  if (read() !== undefined) done(); else setTimeout(done, 1000);
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

async function timingsOf(browser: Browser, url: string): Promise<Timings> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const res = await page.goto(url, { waitUntil: "load" });
    if (res?.status() !== 200) throw new Error(`${url} answered ${res?.status()}`);
    return (await page.evaluate(PAGE_TIMINGS)) as Timings;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const line = (label: string, values: number[]) =>
  `${label} p50 ${median(values).toFixed(1).padStart(6)} ms  p90 ${percentile(
    [...values].sort((a, b) => a - b),
    0.9,
  )
    .toFixed(1)
    .padStart(6)} ms`;

async function measure(servers: Record<string, RunningServer>, pages: Record<string, string>) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results: Record<string, Timings[]> = {};
  try {
    for (let run = 0; run <= RUNS; run++) {
      for (const page of PAGES) {
        for (const [name, server] of Object.entries(servers)) {
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
  for (const [key, list] of Object.entries(results)) {
    console.log(
      `${key.padEnd(18)} ${line(
        "TTFB",
        list.map((t) => t.ttfb),
      )}   ${line(
        "FCP",
        list.map((t) => t.fcp),
      )}`,
    );
  }
  if (!BASELINE) return;
  for (const page of PAGES) {
    const [now, base] = [results[`${page} this`] ?? [], results[`${page} baseline`] ?? []];
    const ratio = (pick: (t: Timings) => number) => (median(now.map(pick)) / median(base.map(pick))).toFixed(2);
    console.log(`${page.padEnd(8)} this / baseline: TTFB ${ratio((t) => t.ttfb)}   FCP ${ratio((t) => t.fcp)}`);
  }
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL (a PostgreSQL the bench may make a schema in).");
  await withScratchSchema(async (databaseUrl = "") => {
    const servers: Record<string, RunningServer> = { this: await startServer(PORT, { DATABASE_URL: databaseUrl }) };
    try {
      if (BASELINE) servers.baseline = await startServer(PORT + 1, { DATABASE_URL: databaseUrl }, undefined, BASELINE);
      await measure(servers, await seedPages(servers.this?.origin ?? "", databaseUrl));
    } finally {
      for (const server of Object.values(servers)) await server.stop();
    }
  });
}

await main();
