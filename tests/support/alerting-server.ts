import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DESK_EMAIL, DESK_PASSWORD } from "./desk-e2e";
import { copyE2eDatabase } from "./e2e-database";
import { endWithTest } from "./processes";
import { type SmtpReceiver, startSmtpReceiver, startWebhookReceiver, type WebhookReceiver } from "./receivers";

const ALERTING_WEBHOOK_SECRET = "e2e-request-page-webhook-secret";
export const ALERTING_OWNER = "owner.e2e@example.com";

export interface AlertingServer {
  url: string;
  smtp: SmtpReceiver;
  hook: WebhookReceiver;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The production server (the build, `dist-server/start.js`) with both alert channels pointed at real
 * receivers in this process, on a fresh PGlite folder with the e2e desk account: for browser tests that
 * must see what the owner is sent. It listens on a port of the system's choosing (PORT=0) and says
 * which in its log, so it never collides with another run's servers. `overrides` sets more of its
 * environment (a lower cap, say).
 */
export async function startAlertingServer(overrides: Record<string, string> = {}): Promise<AlertingServer> {
  const smtp = await startSmtpReceiver();
  const hook = await startWebhookReceiver();
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "towing-e2e-alerts-")), "data");
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    DATA_DIR: dataDir,
    DIST_DIR: process.env.ASTRO_OUT_DIR ?? "dist",
    DATABASE_URL: "",
    REDIS_URL: "",
  };
  // A copy of the run's database, with the desk account the real CLI made in it; outside
  // playwright.config.ts, the account made here the same way.
  if (!copyE2eDatabase(dataDir)) addDeskAccount(env);

  const child: ChildProcess = spawn(
    process.execPath,
    ["--max-semi-space-size=16", "--enable-source-maps", "dist-server/start.js"],
    {
      cwd: root,
      env: {
        ...env,
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "info",
        SMTP_URL: smtp.url,
        LEAD_ALERT_FROM: "alerts@stocktontowing.example",
        LEAD_ALERT_TO: ALERTING_OWNER,
        LEAD_ALERT_WEBHOOK_URL: hook.url,
        LEAD_ALERT_WEBHOOK_SECRET: ALERTING_WEBHOOK_SECRET,
        CONTACT_RATE_LIMIT_MAX: "10000",
        REQUEST_PAGE_RATE_LIMIT_MAX: "10000",
        DESK_SIGN_IN_RATE_LIMIT_MAX: "10000",
        SHUTDOWN_GRACE_SECONDS: "0",
        ...overrides,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  endWithTest(child);
  let output = "";
  let listening = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 200 s:\n${output}`)), 200_000);
    // Read to the end (a full pipe would stall the server), kept only until it says where it listens.
    const read = (chunk: Buffer) => {
      if (listening) return;
      output += String(chunk);
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (address?.[1]) {
        listening = true;
        clearTimeout(timer);
        resolve(address[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened:\n${output}`));
    });
  });
  /** Ends the server (SIGTERM, then SIGKILL after 15 s), the receivers and the folder, whatever happened. */
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await smtp.close();
    await hook.close();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  };
  let url: string;
  try {
    url = await started;
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, smtp, hook, stop };
}

/** The desk account, with the real CLI, as playwright.config.ts does for the run's database. */
function addDeskAccount(env: Record<string, string>): void {
  const added = spawnSync(
    process.execPath,
    ["--import", "tsx", "server/features/desk/cli.ts", "add-user", DESK_EMAIL],
    {
      cwd: root,
      env,
      input: `${DESK_PASSWORD}\n`,
      encoding: "utf8",
      // It creates the PGlite database (13-17 s on a quiet machine); ended should it hang.
      timeout: 200_000,
      killSignal: "SIGKILL",
    },
  );
  if (added.status !== 0) throw new Error(`desk add-user failed: ${added.stderr}`);
}
