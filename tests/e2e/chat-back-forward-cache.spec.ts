import { expect, test } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../support/chromium";

/**
 * The floating widget on a page the browser shows again from its back-forward cache. Playwright
 * turns that cache off by default; drivers' browsers have it on, so this file turns it back on (a
 * launch option, hence a file of its own: it needs a browser of its own).
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumArgs,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

test("a page the browser brings back from its memory shows the conversation as the later page left it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Marks a page shown from the back-forward cache, so the test knows the browser kept it (not reloaded it).
  await page.addInitScript(() => {
    addEventListener("pageshow", (event) => {
      if (event.persisted) document.documentElement.dataset.fromCache = "true";
    });
  });
  await page.goto("/about");
  await page.waitForLoadState("networkidle"); // the widget here is never touched: its code is not loaded

  await page.goto("/services");
  await page.getByTestId("chat-toggle").click();
  await page.getByTestId("chat-input").fill("Do you serve Lodi?");
  await page.getByTestId("chat-input").press("Enter");
  const panel = page.getByTestId("chat-panel");
  await expect(panel.getByTestId("bot-message")).toContainText("Yes, we serve Lodi");

  await page.goBack({ waitUntil: "commit" }); // a page shown from memory fires no new load event
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("html")).toHaveAttribute("data-from-cache", "true");
  await expect(panel).toHaveAttribute("data-state", "expanded");
  await expect(panel.getByTestId("user-message")).toHaveText("You: Do you serve Lodi?");
  await expect(panel.getByTestId("bot-message")).toContainText("Yes, we serve Lodi");
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
});
