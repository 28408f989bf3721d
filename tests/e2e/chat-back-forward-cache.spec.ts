import { expect, type Page, test } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/chromium";

/**
 * The floating widget on a page the browser shows again from its back-forward cache. Playwright
 * turns that cache off by default; drivers' browsers have it on, so this file turns it back on (a
 * launch option, hence a file of its own: it needs a browser of its own).
 */
test.use({
  launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] },
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Marks a page shown from the back-forward cache, so a test knows the browser kept it (not reloaded it).
  await page.addInitScript(() => {
    addEventListener("pageshow", (event) => {
      if (event.persisted) document.documentElement.dataset.fromCache = "true";
    });
  });
});

/** /about, its widget never touched (its code not loaded), then a conversation on /services. */
async function talkOnTheNextPage(page: Page) {
  await page.goto("/about");
  await page.waitForLoadState("networkidle");
  await page.goto("/services");
  await page.getByTestId("chat-toggle").click();
  await page.getByTestId("chat-input").fill("Do you serve Lodi?");
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("chat-panel").getByTestId("bot-message")).toContainText("Yes, we serve Lodi");
}

/** Back to /about, with the pointer away from the widget (a hover would load its code on its own). */
async function goBackFromMemory(page: Page) {
  await page.mouse.move(640, 450);
  await page.goBack({ waitUntil: "commit" }); // a page shown from memory fires no new load event
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("html")).toHaveAttribute("data-from-cache", "true");
}

test("a page the browser brings back from its memory shows the panel a later page left open", async ({ page }) => {
  await talkOnTheNextPage(page);
  await goBackFromMemory(page);
  const panel = page.getByTestId("chat-panel");
  await expect(panel).toHaveAttribute("data-state", "expanded");
  await expect(panel.getByTestId("user-message")).toHaveText("You: Do you serve Lodi?");
  await expect(panel.getByTestId("bot-message")).toContainText("Yes, we serve Lodi");
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
});

test("a panel closed on the later page stays closed, and its code is not loaded for it", async ({ page }) => {
  await talkOnTheNextPage(page);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("chat-panel")).toHaveCount(0);
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (/ChatWidget|ChatWindow/.test(request.url())) chunks.push(request.url());
  });

  await goBackFromMemory(page);
  // A request sent after the page is shown: by the time it is seen, one the page sent first would be too.
  await page.evaluate(() => fetch("/healthz"));
  expect(chunks).toEqual([]);
  await expect(page.getByTestId("chat-panel")).toHaveCount(0);
  await expect(page.getByTestId("chat-toggle")).toHaveAttribute("data-touch", "chat"); // still the plain link
});
