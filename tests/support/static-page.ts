import { test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * `test` for read-only sweeps of the served HTML without JavaScript (routes, SEO, content, blog):
 * each worker keeps one page and every test of these files navigates it. A fresh browser context
 * costs this machine about half a second, as much as loading the page itself, and these sweeps
 * load hundreds of pages. Tests that click, route or change the viewport use Playwright's own
 * `test`, with a page of their own.
 */
export const test = base.extend<object, { staticPage: Page }>({
  staticPage: [
    async ({ browser }, use, workerInfo) => {
      // The project's device (playwright.config.ts), as Playwright's own `page` would have it.
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        javaScriptEnabled: false,
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  page: async ({ staticPage }, use) => {
    await use(staticPage);
  },
});
