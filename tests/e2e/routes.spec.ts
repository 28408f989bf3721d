import { expect, test } from "@playwright/test";
import { allRoutes, englishTemplateSample, spanishRoutes, spanishTemplateSample, sweepAll } from "../support/routes";
import { SPEC_TOWNS } from "../support/spec";
import { test as staticTest } from "../support/static-page";

// One page of each template in `npm test` (every route with SWEEP_ALL=1: `npm run test:sweeps-all`);
// the seo test's "no two pages share a title" and the sitemap test fetch every route.
const htmlRoutes = sweepAll ? [...allRoutes, ...spanishRoutes] : [...englishTemplateSample, ...spanishTemplateSample];

staticTest.describe("every route is complete HTML before JavaScript", () => {
  for (const route of htmlRoutes) {
    const spanish = route.path.startsWith("/es");
    staticTest(`${route.path} answers 200 with its heading, header and footer`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-type"]).toContain("text/html");
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toHaveText(route.h1);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(
        spanish ? "Disponible las 24 horas, los 7 días" : "Available 24/7",
      );
      // Main content is real text, not an empty shell waiting for a script.
      const words = (await page.locator("main").innerText()).split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThan(40);
    });
  }
});

test.describe("unknown paths", () => {
  for (const path of ["/nope", "/services/not-a-service", "/blog/not-an-article", "/deep/a/b/c", "/%E0%A4%A"]) {
    test(`${path} answers 404 with the card inside the layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    });
  }

  test("an unknown API path answers 404 JSON, not the page", async ({ request }) => {
    const res = await request.get("/api/nothing-here");
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/json");
  });
});

test("home page: service cards, areas and testimonials are in the HTML", async ({ page }) => {
  await page.goto("/");
  const cards = page.getByRole("heading", { level: 3 });
  for (const title of [
    "24/7 Towing",
    "Roadside Assistance",
    "Jump Start",
    "Lockout Service",
    "Accident Recovery",
    "Mechanical Support",
  ]) {
    await expect(cards.filter({ hasText: title })).toHaveCount(1);
  }
  const areas = page.locator("section", { has: page.getByRole("heading", { name: "Areas We Serve" }) });
  for (const town of SPEC_TOWNS) {
    await expect(areas.getByText(town, { exact: true })).toBeVisible();
  }
  const carousel = page.getByTestId("testimonials-carousel");
  await expect(carousel.locator("li")).toHaveCount(7);
  // Samples fill the places real reviews leave (another test may have published one on this server):
  // each says it is an example, names no one, and shows its five stars.
  const samples = carousel.locator('li[data-sample="true"]');
  await expect(samples.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(await samples.count());
  for (const card of await samples.all()) {
    await expect(card.locator("figcaption")).toContainText("Example driver");
    await expect(card.locator("figcaption")).toContainText("An example, not a real customer's review");
  }
  for (const name of ["Maria G.", "Dev P.", "James R.", "Angela M.", "Tomás V.", "Karen L.", "Robert H."]) {
    await expect(carousel).not.toContainText(name);
  }
  await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Call \(209\) 555-0142/ }).first()).toHaveAttribute(
    "href",
    "tel:+12095550142",
  );
});

test("service images: the first two load eagerly, the rest lazily, all with fixed size", async ({ page }) => {
  await page.goto("/");
  const images = page.locator("main ul img");
  await expect(images).toHaveCount(6);
  const loading = await images.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("loading")));
  expect(loading).toEqual(["eager", "eager", "lazy", "lazy", "lazy", "lazy"]);
  // Below the hero on a phone and not the largest paint: no card image is fetched ahead of the page.
  const priorities = await images.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("fetchpriority")));
  expect(priorities).toEqual([null, null, null, null, null, null]);
  for (const img of await page.locator("img").all()) {
    await expect(img).toHaveAttribute("width", /\d+/);
    await expect(img).toHaveAttribute("height", /\d+/);
    await expect(img).toHaveAttribute("alt", /.+/);
  }
});

test("/services: three cards with feature lists, a call button and a link to /contact", async ({ page }) => {
  await page.goto("/services");
  for (const title of ["24/7 Towing", "Roadside Assistance", "Accident Recovery"]) {
    const card = page.locator("li", { has: page.getByRole("heading", { level: 2, name: title }) });
    expect(await card.locator("ul li").count()).toBeGreaterThanOrEqual(3);
  }
  await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
  await expect(page.locator('main a[href="/contact"]').first()).toBeVisible();
});

test("service pages: image, 250+ words, the other nine services and a Request Service card", async ({ page }) => {
  await page.goto("/services/jump-start");
  await expect(page.locator("main img").first()).toHaveAttribute("src", "/images/services/jump-start.svg");
  // The page's own image, near the top: fetched at once and first.
  await expect(page.locator("main img").first()).toHaveAttribute("loading", "eager");
  await expect(page.locator("main img").first()).toHaveAttribute("fetchpriority", "high");
  const words = (await page.locator("main article").innerText()).split(/\s+/).filter(Boolean).length;
  expect(words).toBeGreaterThanOrEqual(250);
  const others = page.getByRole("navigation", { name: "Other services" }).getByRole("link");
  await expect(others).toHaveCount(9);
  await expect(others.filter({ hasText: "Jump Start" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Request Service" })).toBeVisible();
});

test("every service page has 250+ words of its own text", async ({ request }) => {
  const { serviceRoutes } = await import("../support/routes");
  const seen = new Set<string>();
  for (const route of serviceRoutes) {
    const html = await (await request.get(route.path)).text();
    const article = html.match(/<article class="prose-article">([\s\S]*?)<\/article>/)?.[1] ?? "";
    const text = article.replace(/<[^>]+>/g, " ");
    expect(text.split(/\s+/).filter(Boolean).length, route.path).toBeGreaterThanOrEqual(250);
    expect(seen.has(text), `${route.path} repeats another page`).toBe(false);
    seen.add(text);
  }
});

test("the Spanish home page's sample testimonials say they are examples and name no one", async ({ page }) => {
  await page.goto("/es");
  const carousel = page.getByTestId("testimonials-carousel");
  await expect(carousel.locator("li")).toHaveCount(7);
  for (const card of await carousel.locator('li[data-sample="true"]').all()) {
    await expect(card.locator("figcaption")).toContainText("Conductor de ejemplo");
    await expect(card.locator("figcaption")).toContainText("Un ejemplo, no la reseña de un cliente real");
  }
});

test("/about says the business has been serving since 2010, in text and metadata", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("main")).toContainText("serving since 2010");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /since 2010/);
});
