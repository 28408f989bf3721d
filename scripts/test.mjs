// `npm test`: builds the site once, runs the unit and server tests (Vitest), then the browser
// tests (Playwright in Chromium) against the production server, and prints one closing line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };
const seconds = (since) => Math.round((performance.now() - since) / 1000);
/** Runs one part and prints its time (docs/testing.md's table is read off these lines). */
const run = (cmd, args) => {
  const since = performance.now();
  const status = spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
  console.log(`test part: ${cmd} ${args.slice(0, 2).join(" ")} took ${seconds(since)} s`);
  return status;
};

// Playwright empties test-results/ when it starts, so the summaries live elsewhere.
rmSync(".test-reports", { recursive: true, force: true });
mkdirSync(".test-reports", { recursive: true });
if (!process.env.SKIP_BUILD) {
  if (run("npm", ["run", "build"]) !== 0) {
    console.error("The build failed; no tests were run.");
    process.exit(1);
  }
}

const unitStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=.test-reports/unit.json",
]);
const e2eStatus = run("npx", ["playwright", "test"]);

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
const unit = read(".test-reports/unit.json");
const e2e = read(".test-reports/e2e.json");
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
const skipped = (unit?.numPendingTests ?? 0) + (e2e?.stats?.skipped ?? 0);
const broken = (unitStatus !== 0 && !unit?.numFailedTests) || (e2eStatus !== 0 && !e2e?.stats?.unexpected);

console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(unitStatus !== 0 || e2eStatus !== 0 || failed > 0 || broken ? 1 : 0);
