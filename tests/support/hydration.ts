import type { Page } from "@playwright/test";

/** Islands hydrate when idle or visible; wait until the named component's island is live. */
export async function waitForHydration(page: Page, component = "SiteHeader") {
  await page.waitForFunction((name) => {
    const islands = [...document.querySelectorAll("astro-island")].filter((el) =>
      (el.getAttribute("component-url") ?? "").includes(name),
    );
    return islands.length > 0 && islands.every((el) => !el.hasAttribute("ssr"));
  }, component);
}
