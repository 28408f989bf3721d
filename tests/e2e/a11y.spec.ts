import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { allRoutes } from "../support/routes";

/** axe-core over every route, on a phone and on a desktop: no serious or critical violation. */
for (const viewport of [
  { name: "phone", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`${viewport.name} (${viewport.width}px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of [...allRoutes, { path: "/this-page-does-not-exist", h1: "404 Page Not Found" }]) {
      test(`axe finds nothing serious on ${route.path}`, async ({ page }) => {
        await page.goto(route.path);
        await page.waitForLoadState("networkidle");
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
          [],
        );
      });
    }
  });
}
