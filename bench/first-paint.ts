/**
 * First paint of the two private pages the server renders per link: the driver's request page
 * (/request/{token}) and the partner's offer page (/offer/{token}).
 *
 *   npm run bench:first-paint        (needs DATABASE_URL: the bench seeds the offer beside the server)
 *
 * One production server (dist-server/start.js) on a scratch schema of DATABASE_URL's PostgreSQL; one
 * stored request with its driver link, and one open offer of it with its partner link. Chromium then
 * loads each page BENCH_RUNS times (default 15), in turn, each in a fresh context (no cache), and reads
 * the page's own timings: time to first byte (responseStart) and first contentful paint. Printed: the
 * median and p90 of each, in ms. Compare runs of this bench on one machine, never across machines.
 */
import { chromium } from "@playwright/test";
import { openDatabase } from "../server/db/client";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { addPartner, offerJob } from "../tests/support/offers";
import { benchServiceRequest, percentile, withScratchSchema } from "./support/bench-data";
import { startServer } from "./support/server";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 4483);

interface Timings {
  ttfb: number;
  fcp: number;
}

/** A stored request's driver page and an open offer's partner page, on the running server. */
async function seedPages(origin: string, databaseUrl: string) {
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

/** Read in the page (a string, so no bundler helper ends up in it): its TTFB and first contentful paint. */
const PAGE_TIMINGS = `new Promise((resolve) => {
  const nav = performance.getEntriesByType("navigation")[0];
  const read = () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
  const done = () => resolve({ ttfb: nav.responseStart, fcp: read() ?? Number.NaN });
  if (read() !== undefined) done(); else setTimeout(done, 1000);
})`;

const summary = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${label} p50 ${percentile(sorted, 0.5).toFixed(1).padStart(6)} ms  p90 ${percentile(sorted, 0.9).toFixed(1).padStart(6)} ms`;
};

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL (a PostgreSQL the bench may make a schema in).");
  await withScratchSchema(async (databaseUrl) => {
    const server = await startServer(PORT, { DATABASE_URL: databaseUrl ?? "" });
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const pages = await seedPages(server.origin, databaseUrl ?? "");
      const results: Record<keyof typeof pages, Timings[]> = { request: [], offer: [] };
      for (let run = 0; run < RUNS + 1; run++) {
        for (const name of ["request", "offer"] as const) {
          const context = await browser.newContext();
          const page = await context.newPage();
          const res = await page.goto(`${server.origin}${pages[name]}`, { waitUntil: "load" });
          if (res?.status() !== 200) throw new Error(`${name} page answered ${res?.status()}`);
          const timings = (await page.evaluate(PAGE_TIMINGS)) as Timings;
          await context.close();
          if (run > 0) results[name].push(timings); // the first run warms the server up
        }
      }
      for (const [name, list] of Object.entries(results)) {
        console.log(`${name.padEnd(8)} ${summary("TTFB", list.map((t) => t.ttfb))}   ${summary("FCP", list.map((t) => t.fcp))}`);
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}

await main();
