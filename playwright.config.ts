import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import webpush from "web-push";
import { chromiumLaunchOptions } from "./tests/support/chromium";
import { deskE2eServerCommand, E2E_OWNER_EMAIL } from "./tests/support/desk-e2e";
import { E2E_PGLITE_TEMPLATE_ENV } from "./tests/support/e2e-database";

/**
 * Browser tests run against the production server (built site + Fastify + a fresh embedded
 * database in a temporary folder), exactly what `npm start` serves.
 */

/**
 * `count` ports free on 127.0.0.1 just now, all different (the system picks them, held open together
 * until all are known; the config is read synchronously).
 */
function freePortsNow(count: number): number[] {
  const probe = spawnSync(process.execPath, [
    "-e",
    `const net = require("node:net");
     const servers = Array.from({ length: ${count} }, () => net.createServer());
     Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "127.0.0.1", r)))).then(() => {
       process.stdout.write(servers.map((s) => s.address().port).join(","));
       for (const s of servers) s.close();
     });`,
  ]);
  const ports = String(probe.stdout).split(",").map(Number);
  if (ports.length !== count || !ports.every(Boolean)) throw new Error(`could not find free ports: ${probe.stderr}`);
  return ports;
}

// Chosen once, by the runner: its workers read this file again and inherit the environment. Never a
// fixed port, so a server left by another run (or another checkout's) is never the one we test.
// Beside the server's: the e2e mailbox (tests/support/e2e-mail.ts), whose SMTP port gets the server's
// e-mail alerts and whose HTTP port tests read them on (the partners' offer links travel only by e-mail).
if (!process.env.E2E_PORT || !process.env.E2E_MAIL_SMTP_PORT || !process.env.E2E_MAIL_HTTP_PORT) {
  const [server, smtp, mailbox] = freePortsNow(3);
  process.env.E2E_PORT ??= String(server);
  process.env.E2E_MAIL_SMTP_PORT ??= String(smtp);
  process.env.E2E_MAIL_HTTP_PORT ??= String(mailbox);
}
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "towing-e2e-"));
// The run's database, made once with the desk account (the server command below); the server and
// any server a spec starts run on copies of it (tests/support/e2e-database.ts).
process.env[E2E_PGLITE_TEMPLATE_ENV] ??= path.join(mkdtempSync(path.join(tmpdir(), "towing-e2e-template-")), "data");
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR;
/** Web Push keys made for this run only (the desk then offers "Phone alerts"); never a key kept in the repository. */
const vapid = webpush.generateVAPIDKeys();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: ".test-reports/e2e.json" }]],
  use: {
    baseURL,
    // Keeping a failure's trace means recording one for every test, which costs CI browser time on two
    // cores, and nobody reads CI's artifacts: to see a failure's trace, run its file again with
    // `npx playwright test FILE --trace retain-on-failure`.
    trace: "off",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "exec node --import tsx tests/support/e2e-mail.ts",
      url: `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        E2E_MAIL_SMTP_PORT: String(process.env.E2E_MAIL_SMTP_PORT),
        E2E_MAIL_HTTP_PORT: String(process.env.E2E_MAIL_HTTP_PORT),
      },
    },
    {
      // Makes the run's database and the desk's test account with the CLI first, then serves a copy of
      // it (tests/support/desk-e2e.ts).
      command: deskE2eServerCommand,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      // The desk account's CLI creates the PGlite database first (13-17 s on a quiet machine).
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        [E2E_PGLITE_TEMPLATE_ENV]: String(process.env[E2E_PGLITE_TEMPLATE_ENV]),
        DIST_DIR: process.env.ASTRO_OUT_DIR ?? "dist",
        DATABASE_URL: "",
        // Counts kept in a shared Redis would outlive the run; browser tests count in memory.
        REDIS_URL: "",
        LOG_LEVEL: "warn",
        // No proxy follows this server's readiness: it stops at once when the run ends.
        SHUTDOWN_GRACE_SECONDS: "0",
        // Browser tests send many requests from one address; the limit itself has its own tests.
        CONTACT_RATE_LIMIT_MAX: "10000",
        CHAT_RATE_LIMIT_MAX: "10000",
        // Every page's taps and form starts are counted (POST /api/events); the limit has its own test.
        EVENTS_RATE_LIMIT_MAX: "10000",
        // The desk's numbers are computed for every look here; keeping them a minute has its own server test.
        NUMBERS_FRESH_SECONDS: "0",
        // Request pages of tests running side by side all stream to 127.0.0.1; the cap has its own tests.
        REQUEST_PAGE_MAX_STREAMS_PER_CLIENT: "1000",
        // Only failed sign-ins count; the throttling itself has server tests.
        DESK_SIGN_IN_RATE_LIMIT_MAX: "10000",
        // The driver's page shows the accepting partner's phone as a call button (its default, off, has server tests).
        PARTNER_PHONE_TO_DRIVER: "true",
        WEB_PUSH_PUBLIC_KEY: vapid.publicKey,
        WEB_PUSH_PRIVATE_KEY: vapid.privateKey,
        WEB_PUSH_SUBJECT: "mailto:dispatch@stocktontowing.example",
        // The push tests' stand-in push service listens on 127.0.0.1; production takes public https only.
        WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS: "true",
        // E-mail alerts on, to the e2e mailbox: plain SMTP on this machine, no login (so no TLS is needed).
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_MAIL_SMTP_PORT}`,
        LEAD_ALERT_FROM: "alerts@stocktontowing.example",
        LEAD_ALERT_TO: E2E_OWNER_EMAIL,
      },
    },
  ],
});
