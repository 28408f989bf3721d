import { type Cookie, expect, type Page } from "@playwright/test";

/**
 * The desk account browser tests sign in with. playwright.config.ts makes it with the real CLI
 * (`npm run desk -- add-user`, password on standard input) in a fresh PGlite folder, the run's
 * template (tests/support/e2e-database.ts), just before the server starts on a copy of that folder,
 * so no test-only path exists in the server.
 */
export const DESK_EMAIL = "desk-e2e@example.com";
export const DESK_PASSWORD = "e2e desk password, long enough";

/**
 * The shell command that makes the template with the account, copies it into the server's DATA_DIR
 * (unless that already holds a database: an E2E_DATA_DIR kept from before), then runs the production
 * server in its place.
 */
export const deskE2eServerCommand = [
  `printf '%s\\n' '${DESK_PASSWORD}' | DATA_DIR="$E2E_PGLITE_TEMPLATE" node --import tsx server/features/desk/cli.ts add-user ${DESK_EMAIL}`,
  `{ [ -e "$DATA_DIR/PG_VERSION" ] || cp -a "$E2E_PGLITE_TEMPLATE/." "$DATA_DIR/"; }`,
  // What `npm start` runs after the build: the compiled server, no loader.
  "NODE_ENV=production exec node --max-semi-space-size=16 --enable-source-maps dist-server/start.js",
].join("; ");

/** Where the e2e server sends the owner's e-mail alerts (LEAD_ALERT_TO), in the e2e mailbox. */
export const E2E_OWNER_EMAIL = "owner-e2e@example.com";

/** The desk's cookies (its session among them) go only to its API, on the e2e server's host. */
const isDeskCookie = (cookie: Cookie) => cookie.path.startsWith("/api/desk");

/**
 * The session this worker signed in with, reused by its later tests. Each sign-in costs the server a
 * scrypt check and the browser a form and a second load of the inbox; the desk specs sign in about
 * thirty times per run. A module's state lives as long as its worker process (a failed test's worker
 * is replaced, and its successor signs in again), so each worker signs in through the form once.
 */
let workerSession: Cookie[] | undefined;

/**
 * Signs in to the desk as the e2e account and sees the Inbox. The worker's first call does it as the
 * owner does: opens /desk, fills the form and taps "Sign in" (the CSRF token comes with the session's
 * answer, so the tap waits for it: a quick tap before it is refused as "out of date"). Later calls give
 * the page's context that session's cookies and open /desk; should the server no longer know the session
 * (another server, or a session signed out), the form is filled as the first time.
 */
export async function signInToDesk(page: Page): Promise<void> {
  if (workerSession) await page.context().addCookies(workerSession);
  const session = page.waitForResponse((r) => r.url().endsWith("/api/desk/session"));
  await page.goto("/desk");
  if (!(await session).ok()) {
    await fillSignInForm(page);
    workerSession = (await page.context().cookies()).filter(isDeskCookie);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
}

/**
 * Signs in through the form with a session of the test's own, never the worker's: for a test that ends
 * its session (signing out), so the worker's stays good for the tests after it.
 */
export async function signInToDeskWithOwnSession(page: Page): Promise<void> {
  const session = page.waitForResponse((r) => r.url().endsWith("/api/desk/session"));
  await page.goto("/desk");
  await session;
  await fillSignInForm(page);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
}

async function fillSignInForm(page: Page): Promise<void> {
  await page.getByLabel("Email").fill(DESK_EMAIL);
  await page.getByLabel("Password").fill(DESK_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}
