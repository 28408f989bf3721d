import { areaRoutes, serviceRoutes } from "../support/routes";
import { SPEC_TOWNS } from "../support/spec";
import { expect, test } from "../support/static-page";

/** The town pages, the accident guide, service FAQs and the links that lead to them, without JavaScript. */
const slug = (town: string) => town.toLowerCase().replace(/[^a-z0-9]+/g, "-");

test("home: every town under Areas We Serve links to its own page, and to /areas", async ({ page }) => {
  await page.goto("/");
  const areas = page.locator("section", { has: page.getByRole("heading", { name: "Areas We Serve" }) });
  for (const town of SPEC_TOWNS) {
    await expect(areas.getByRole("link", { name: town, exact: true })).toHaveAttribute("href", `/areas/${slug(town)}`);
  }
  await expect(areas.getByRole("link", { name: "See every area we serve" })).toHaveAttribute("href", "/areas");
});

test("footer: an Areas We Serve list links to the ten town pages on every page", async ({ page }) => {
  await page.goto("/about");
  const nav = page.getByRole("contentinfo").getByRole("navigation", { name: "Areas We Serve" });
  const hrefs = await nav.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(SPEC_TOWNS.map((t) => `/areas/${slug(t)}`));
});

test("/areas lists the ten towns with their distance from Stockton and links to each page", async ({ page }) => {
  await page.goto("/areas");
  const links = page.locator("main ul a");
  await expect(links).toHaveCount(10);
  await expect(links.filter({ hasText: "Lodi" })).toContainText("About 12 miles north of downtown Stockton");
  await expect(links.filter({ hasText: "Tracy" })).toContainText("southwest");
});

for (const route of areaRoutes.slice(1)) {
  test(`${route.path}: the town's own text, facts, services and a Request Service form`, async ({ page }) => {
    await page.goto(route.path);
    const town = String(route.h1)
      .replace(/^Towing and Roadside Help in /, "")
      .replace(/, CA$/, "");
    const words = (await page.locator("main article").innerText()).split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(200);
    await expect(page.getByRole("heading", { name: `${town} at a glance` })).toBeVisible();
    await expect(page.getByRole("link", { name: "911" })).toHaveAttribute("href", "tel:911");
    const services = page.getByRole("navigation", { name: `Services drivers in ${town} ask about` }).getByRole("link");
    expect(await services.count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("heading", { name: "Request Service" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Areas We Serve" }),
    ).toHaveAttribute("href", "/areas");
  });
}

test("a town page shows a police number only where one was verified", async ({ page }) => {
  await page.goto("/areas/tracy");
  await expect(page.getByRole("link", { name: "(209) 831-6550" })).toHaveAttribute("href", "tel:+12098316550");
  await page.goto("/areas/lathrop");
  await expect(page.getByText("Police non-emergency", { exact: true })).toHaveCount(0);
});

test("the accident guide: 911 and CHP, the exchange of information, both kinds of tow, fees", async ({ page }) => {
  await page.goto("/guides/after-an-accident");
  const main = page.locator("main");
  await expect(main).toContainText("call 911 first");
  await expect(main).toContainText("California Highway Patrol");
  await expect(main).toContainText("Section 16025 requires every driver involved");
  await expect(main).toContainText("Police-ordered tow");
  await expect(main).toContainText("A tow you choose");
  await expect(main).toContainText("The owner of the towed vehicle pays");
});

test("the accident guide is linked from both Accident Recovery cards and the emergency towing page", async ({
  page,
}) => {
  // The home page's card (h3) and the /services card (h2) lead to the same service page and the guide.
  for (const [path, level, more] of [
    ["/", 3, "Learn more about Accident Recovery"],
    ["/services", 2, "More about Accident Recovery"],
  ] as const) {
    await page.goto(path);
    const card = page.locator("li", { has: page.getByRole("heading", { level, name: "Accident Recovery" }) });
    await expect(card.getByRole("link", { name: more })).toHaveAttribute("href", "/services/emergency-towing");
    await expect(card.getByRole("link", { name: "What to do after an accident" })).toHaveAttribute(
      "href",
      "/guides/after-an-accident",
    );
  }
  await page.goto("/services/emergency-towing");
  await expect(page.locator("main article a[href='/guides/after-an-accident']")).toHaveCount(1);
});

for (const route of serviceRoutes) {
  test(`${route.path}: a visible FAQ of 4 to 6 questions, and a form intro that reads well`, async ({ page }) => {
    await page.goto(route.path);
    const faq = page.locator("section", { has: page.getByRole("heading", { name: "Questions drivers ask" }) });
    const questions = faq.getByRole("heading", { level: 3 });
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(4);
    expect(count).toBeLessThanOrEqual(6);
    for (const q of await questions.allInnerTexts()) expect(q.trim()).toMatch(/\?$/);
    await expect(page.locator("main")).toContainText(
      `Send the details for ${route.h1} and a dispatcher will get back to you as soon as possible.`,
    );
    await expect(page.locator("main")).not.toContainText(/help to you/);
  });
}

test("home: the testimonials say they are samples, and nothing claims they are verified", async ({ page }) => {
  await page.goto("/");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "What Drivers Say" }) });
  // All samples, or (once a real review is published on this server) the cards marked as examples.
  await expect(section).toContainText(/Sample testimonials|the cards marked as examples are sample text/);
  await expect(section).not.toContainText(/real words|verified/i);
});
