import { expect, type Page, test } from "@playwright/test";
import { ui } from "../../src/i18n/ui";
import { seriousViolations } from "../support/axe";
import { allRoutes, englishTemplateSample, spanishRoutes, spanishTemplateSample, sweepAll } from "../support/routes";
import { validServiceRequest } from "../support/service-request";

const phone = { name: "phone", width: 375, height: 740 };
const desktop = { name: "desktop", width: 1280, height: 800 };

/**
 * axe-core on a phone and on a desktop: no serious or critical violation. One load per page, analysed
 * at both widths: the layout switches by media query, and what one width hides (the desktop menu on a
 * phone, the drawer on a desktop) axe sees at the other.
 *
 * `npm test` checks a sample that holds every page template in both languages (each template renders
 * all its pages from one view); `npm run test:sweeps-all` (SWEEP_ALL=1) checks every route.
 */
test.use({ viewport: { width: phone.width, height: phone.height } });

const notFound = { path: "/this-page-does-not-exist", h1: "404 Page Not Found" };
const notFoundEs = { path: "/es/esta-pagina-no-existe", h1: "404 Página no encontrada" };
const englishSample = [...englishTemplateSample, notFound];
/** The Spanish twin of each (blog articles have none), and the Spanish 404 page. */
const spanishSample = [...spanishTemplateSample, notFoundEs];
// The Spanish pages are the English views in another locale: `npm test` checks the Spanish home, a
// service, the contact page and the 404 (the words and lang attributes), every Spanish page with SWEEP_ALL=1.
const spanishChecked = spanishSample.filter(
  (r) => [notFoundEs.path, "/es", "/es/contact"].includes(r.path) || /^\/es\/services\/./.test(r.path),
);
const routes = sweepAll
  ? [...allRoutes, notFound, ...spanishRoutes, notFoundEs]
  : [...englishSample, ...spanishChecked];

async function expectNothingSerious(page: Page) {
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // The page lays itself out at the new width before axe reads it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await seriousViolations(page), `${viewport.name} (${viewport.width}px)`).toEqual([]);
  }
}

test("the sample holds every template in both languages", () => {
  // Every Spanish route is the twin of an English one, so the sample's Spanish half is whole when each
  // English page but the blog article found its twin.
  expect(spanishSample.length).toBe(englishSample.length - 1);
});

for (const route of routes) {
  test(`axe finds nothing serious on ${route.path}, phone and desktop`, async ({ page }) => {
    await page.goto(route.path);
    await page.waitForLoadState("networkidle");
    await expectNothingSerious(page);
  });
}

for (const language of ["en", "es"] as const) {
  test(`axe finds nothing serious on the ${language} confirmation of a plain form post and on the request's own page, phone and desktop`, async ({
    page,
  }) => {
    // What a browser without JavaScript sends; the answer is a redirect to the confirmation.
    const posted = await page.request.post("/api/contact", {
      form: { ...validServiceRequest, language },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    const sent = posted.headers().location ?? "";
    expect(sent).toMatch(language === "es" ? /^\/es\/contact\/sent\?/ : /^\/contact\/sent\?/);
    await page.goto(sent);
    await expectNothingSerious(page);
    const link = page.locator('main a[href^="/request/"]').first();
    await page.goto((await link.getAttribute("href")) ?? "");
    await expect(page.getByTestId("request-status")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNothingSerious(page);
  });
}

test("axe finds nothing serious on the desk's sign-in, phone and desktop", async ({ page }) => {
  await page.goto("/desk");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expectNothingSerious(page);
});

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
    await expectNothingSerious(page);
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
