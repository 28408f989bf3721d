import { cpSync, existsSync, readdirSync } from "node:fs";

/**
 * Names the PGlite folder playwright.config.ts has the real desk CLI make once per browser-test run:
 * a migrated database holding the e2e desk account, which no server ever opens. The main e2e server
 * starts on a copy of it, and so does every server a spec starts of its own.
 */
export const E2E_PGLITE_TEMPLATE_ENV = "E2E_PGLITE_TEMPLATE";

/**
 * Makes `dataDir` (not there yet, or empty) a copy of the run's e2e database and says so; false when there is
 * none (a spec run without playwright.config.ts), and the caller makes the database as before.
 * Creating one costs a PGlite start and every migration (13-17 s of CPU on a quiet machine, much more
 * while a browser test runs beside it); a copy costs milliseconds and is the same database.
 */
export function copyE2eDatabase(dataDir: string): boolean {
  const template = process.env[E2E_PGLITE_TEMPLATE_ENV];
  if (!template || !existsSync(template)) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}
