/**
 * Lighthouse (mobile, simulated throttling) over every page in the sitemap, against the production
 * server, with the budget of the site issue: performance >= 98, accessibility, best practices and
 * SEO = 100, TBT <= 100 ms, CLS <= 0.01. Prints a table; exits 1 when any page is over budget.
 *
 *   npm run bench:lighthouse            (all pages)
 *   BENCH_ROUTES=/,/about npm run bench:lighthouse
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium";
import { startServer } from "./support/server";

const BUDGET = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100, tbtMs: 100, cls: 0.01 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const port = Number(process.env.BENCH_PORT ?? 4380);

interface Row {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  failures: string[];
}

async function routesFromSitemap(origin: string): Promise<string[]> {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
}

async function main() {
  const server = await startServer(port);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const rows: Row[] = [];
  try {
    const routes = process.env.BENCH_ROUTES?.split(",") ?? (await routesFromSitemap(server.origin));
    for (const path of routes) {
      const audit = () =>
        lighthouse(`${server.origin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
      let result = await audit();
      // A run Lighthouse itself could not finish (a trace lost on a busy machine) is run again once.
      if (result?.lhr.runtimeError) {
        console.log(`${path}: Lighthouse run failed (${result.lhr.runtimeError.code}); running it again`);
        result = await audit();
      }
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${path}: ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Row["scores"];
      const requests =
        (lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
      const jsBytes = requests
        .filter((r) => r.resourceType === "Script")
        .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
      const row: Row = {
        path,
        scores,
        lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        jsKb: jsBytes / 1024,
        failures: [],
      };
      for (const c of CATEGORIES) if (scores[c] < BUDGET[c]) row.failures.push(`${c} ${scores[c]} < ${BUDGET[c]}`);
      if (!(row.tbtMs <= BUDGET.tbtMs)) row.failures.push(`TBT ${row.tbtMs.toFixed(0)} ms > ${BUDGET.tbtMs}`);
      if (!(row.cls <= BUDGET.cls)) row.failures.push(`CLS ${row.cls.toFixed(3)} > ${BUDGET.cls}`);
      // Name what cost the points, so a failure says where to look.
      if (row.failures.length) {
        for (const c of CATEGORIES) {
          for (const ref of lhr.categories[c]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
              row.failures.push(`  ${c}/${ref.id}: ${audit.displayValue ?? audit.score}`);
            }
          }
        }
      }
      rows.push(row);
      console.log(
        [
          path.padEnd(48),
          ...CATEGORIES.map((c) => String(scores[c]).padStart(4)),
          `${row.lcpMs.toFixed(0).padStart(6)} ms`,
          `${row.tbtMs.toFixed(0).padStart(4)} ms`,
          row.cls.toFixed(3).padStart(6),
          `${row.jsKb.toFixed(1).padStart(6)} KB`,
          row.failures.length ? "OVER BUDGET" : "ok",
        ].join(" "),
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/lighthouse.json", `${JSON.stringify(rows, null, 2)}\n`);
  const over = rows.filter((r) => r.failures.length);
  console.log(
    `\ncolumns: performance accessibility best-practices seo | LCP | TBT | CLS | JS transferred\n` +
      `budget: performance >= ${BUDGET.performance}, others = 100, TBT <= ${BUDGET.tbtMs} ms, CLS <= ${BUDGET.cls}`,
  );
  const worst = (f: (r: Row) => number) => Math.max(...rows.map(f));
  console.log(
    `pages: ${rows.length}; lowest performance ${Math.min(...rows.map((r) => r.scores.performance))}; ` +
      `worst TBT ${worst((r) => r.tbtMs).toFixed(0)} ms; worst CLS ${worst((r) => r.cls).toFixed(3)}; ` +
      `most JS ${worst((r) => r.jsKb).toFixed(1)} KB`,
  );
  for (const r of over) console.log(`\n${r.path}:\n  ${r.failures.join("\n  ")}`);
  console.log(
    over.length ? `\nFAIL: ${over.length} of ${rows.length} pages over budget` : "\nPASS: every page within budget",
  );
  process.exit(over.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
