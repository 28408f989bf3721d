import type { Page } from "@playwright/test";

/** Waits until every island of the named component on the page is running (hydrated by React). */
export async function waitForIsland(page: Page, component: string) {
  await page.waitForFunction((name) => {
    const islands = [...document.querySelectorAll("astro-island")].filter((el) =>
      (el.getAttribute("component-url") ?? "").includes(name),
    );
    return islands.length > 0 && islands.every((el) => !el.hasAttribute("ssr"));
  }, component);
}
