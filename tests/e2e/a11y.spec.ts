import { expect, test } from "@playwright/test";
import { ui } from "../../src/i18n/ui";
import { seriousViolations } from "../support/axe";
import { allRoutes, spanishRoutes } from "../support/routes";

const phone = { name: "phone", width: 375, height: 740 };
const desktop = { name: "desktop", width: 1280, height: 800 };

/**
 * axe-core over every route, on a phone and on a desktop: no serious or critical violation.
 * One load per route, analysed at both widths: the layout switches by media query, and what one
 * width hides (the desktop menu on a phone, the drawer on a desktop) axe sees at the other.
 */
test.use({ viewport: { width: phone.width, height: phone.height } });

for (const route of [
  ...allRoutes,
  { path: "/this-page-does-not-exist", h1: "404 Page Not Found" },
  ...spanishRoutes,
  { path: "/es/esta-pagina-no-existe", h1: "404 Página no encontrada" },
]) {
  test(`axe finds nothing serious on ${route.path}, phone and desktop`, async ({ page }) => {
    await page.goto(route.path);
    await page.waitForLoadState("networkidle");
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      // The page lays itself out at the new width before axe reads it.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await seriousViolations(page), `${viewport.name} (${viewport.width}px)`).toEqual([]);
    }
  });
}

for (const [path, labels] of [
  ["/contact", { name: "Name", phone: "Phone" }],
  ["/es/contact", { name: ui.es.form.name, phone: ui.es.form.phone }],
] as const) {
  test(`axe finds nothing serious on the refused form page of ${path}, with its errors, phone and desktop`, async ({
    page,
  }) => {
    await page.goto(path);
    // A plain form post, as a browser without JavaScript sends it (submit() skips the island's handler).
    const form = page.getByTestId("contact-form");
    await form.getByRole("textbox", { name: labels.name, exact: true }).fill("Dana");
    await form.getByRole("textbox", { name: labels.phone, exact: true }).fill("12");
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.status() === 400),
      form.evaluate((f: HTMLFormElement) => f.submit()),
    ]);
    await expect(page.getByTestId("contact-problems").getByRole("link")).toHaveCount(5);
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await seriousViolations(page), `${viewport.name} (${viewport.width}px)`).toEqual([]);
    }
  });
}

test("the check itself reports what axe finds: a nameless button and faint text fail it", async ({ page }) => {
  await page.goto("/about");
  await page.evaluate(() => {
    const main = document.querySelector("main");
    main?.insertAdjacentHTML(
      "afterbegin",
      '<button type="button"></button><p style="color:#eee;background:#fff">faint text nobody can read</p>',
    );
  });
  const found = await seriousViolations(page);
  expect(found.some((line) => line.startsWith("button-name:"))).toBe(true);
  expect(found.some((line) => line.startsWith("color-contrast:"))).toBe(true);
});
