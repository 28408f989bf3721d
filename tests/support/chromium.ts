/**
 * The system Chromium (Debian's package) and the flags this sandbox needs: no downloaded browser,
 * no background network traffic to hosts we cannot reach.
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Playwright's launch options for that browser (playwright.config.ts, and tests that launch their own). */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };
