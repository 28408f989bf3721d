import { expect, type Page } from "@playwright/test";

/**
 * The desk account browser tests sign in with. playwright.config.ts makes it with the real CLI
 * (`npm run desk -- add-user`, password on standard input) in the e2e server's fresh DATA_DIR just
 * before the server starts, so no test-only path exists in the server.
 */
export const DESK_EMAIL = "desk-e2e@example.com";
export const DESK_PASSWORD = "e2e desk password, long enough";

/** The shell command that makes the account, then runs the production server in its place. */
export const deskE2eServerCommand = [
  `printf '%s\\n' '${DESK_PASSWORD}' | node --import tsx server/features/desk/cli.ts add-user ${DESK_EMAIL}`,
  // What `npm start` runs after the build: the compiled server, no loader.
  "exec node --max-semi-space-size=16 --enable-source-maps dist-server/start.js",
].join("; ");

/** Where the e2e server sends the owner's e-mail alerts (LEAD_ALERT_TO), in the e2e mailbox. */
export const E2E_OWNER_EMAIL = "owner-e2e@example.com";

/**
 * Signs in to the desk as the e2e account, as the owner does: opens /desk, fills the form and taps
 * "Sign in", then sees the Inbox. The CSRF token comes with the session's answer, so the tap waits
 * for it (a quick tap before it is refused as "out of date").
 */
export async function signInToDesk(page: Page): Promise<void> {
  const session = page.waitForResponse((r) => r.url().endsWith("/api/desk/session"));
  await page.goto("/desk");
  await session;
  await page.getByLabel("Email").fill(DESK_EMAIL);
  await page.getByLabel("Password").fill(DESK_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
}
