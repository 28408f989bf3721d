import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./chromium";
import { endWithTest } from "./processes";

interface LifecycleChromium {
  /** The browser's own context: its pages can be hidden (another page brought to the front) and frozen. */
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A Chromium whose pages live as a phone's tabs do: hidden when another tab comes to the front, frozen
 * and resumed through Page Lifecycle (DevTools' Page.setWebLifecycleState). Playwright's own contexts
 * cannot: it turns on focus emulation in each of their pages, which keeps every page "visible" and
 * awake. So this one is started by hand and attached over CDP with `noDefaults`, which leaves the
 * browser's default context as it is.
 */
export async function launchLifecycleChromium(): Promise<LifecycleChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), "towing-lifecycle-chromium-"));
  const child = spawn(
    chromiumPath,
    [...chromiumArgs, "--headless", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  endWithTest(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let said = "";
      const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools in 30 s:\n${said}`)), 30_000);
      child.stderr?.on("data", (chunk: Buffer) => {
        said += String(chunk);
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(said);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before it opened DevTools:\n${said}`));
      });
    });
    const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true });
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    return {
      context,
      async close() {
        try {
          await browser.close();
        } finally {
          child.kill("SIGTERM");
          await exited;
          removeProfile(profile);
        }
      },
    };
  } catch (error) {
    child.kill("SIGTERM");
    await exited;
    removeProfile(profile);
    throw error;
  }
}

/**
 * Chromium's helper processes (its crash handler, a renderer on its way out) can still write into the
 * profile for a moment after the browser process has exited, so a plain recursive remove can meet a
 * folder that is no longer empty (ENOTEMPTY): Node's own retries on those errors absorb that.
 */
function removeProfile(profile: string) {
  rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}
