import type { Locator, Page } from "@playwright/test";

/** Islands hydrate when idle, visible or touched; wait until the named component's island is live. */
export async function waitForHydration(page: Page, component = "SiteHeader") {
  await page.waitForFunction((name) => {
    const islands = [...document.querySelectorAll("astro-island")].filter((el) =>
      (el.getAttribute("component-url") ?? "").includes(name),
    );
    return islands.length > 0 && islands.every((el) => !el.hasAttribute("ssr"));
  }, component);
}

/**
 * The layout's islands (header, chat button, footer map) load on first touch (`client:touch`). A test
 * of their scripted behaviour first points at the island, as a visitor's pointer would, then waits.
 */
export async function hydrateByTouch(page: Page, component: string, target: Locator) {
  await target.hover();
  await waitForHydration(page, component);
}
