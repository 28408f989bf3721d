import { readCollection } from "../support/content";
import { siteOrigin } from "../support/routes";
import { expect, test } from "../support/static-page";

const articles = readCollection("blog").map((a) => ({
  slug: a.slug,
  title: String(a.frontmatter.title),
  excerpt: String(a.frontmatter.excerpt),
  date: new Date(String(a.frontmatter.publishDate)),
  services: a.frontmatter.services as string[],
}));

test("/blog lists every article, newest first, with title, excerpt, date and link", async ({ page }) => {
  await page.goto("/blog");
  const cards = page.locator("main ul > li");
  await expect(cards).toHaveCount(articles.length);
  const newest = [...articles].sort((a, b) => b.date.getTime() - a.date.getTime());
  const titles = await cards.locator("h2").allTextContents();
  expect(titles).toEqual(newest.map((a) => a.title));
  for (const [i, a] of newest.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("link", { name: a.title, exact: true })).toHaveAttribute("href", `/blog/${a.slug}`);
    await expect(card).toContainText(a.excerpt);
    await expect(card.locator("time")).toHaveAttribute("datetime", a.date.toISOString().slice(0, 10));
  }
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/rss.xml");
});

for (const a of articles) {
  test(`/blog/${a.slug}: breadcrumb, h1, body, related links, call to action and JSON-LD`, async ({ page }) => {
    const path = `/blog/${a.slug}`;
    await page.goto(path);
    const crumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumb.getByRole("listitem")).toHaveText(["Home", "Blog", a.title]);
    await expect(crumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumb.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(crumb.locator('[aria-current="page"]')).toHaveText(a.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.title);
    expect((await page.locator("main article").innerText()).split(/\s+/).length).toBeGreaterThan(600);

    const related = page.getByRole("navigation", { name: "Related services" }).getByRole("link");
    expect(await related.evaluateAll((as) => as.map((x) => x.getAttribute("href")))).toEqual(
      a.services.map((s) => `/services/${s}`),
    );
    await expect(page.locator('main aside a[href="tel:+12095550142"]')).toBeVisible();
    const more = page.locator("section", { has: page.getByRole("heading", { name: "Related articles" }) });
    const moreLinks = more.getByRole("heading", { level: 3 }).getByRole("link");
    const count = await moreLinks.count();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(3);
    for (const href of await moreLinks.evaluateAll((as) => as.map((x) => x.getAttribute("href")))) {
      expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
      expect(href).not.toBe(path);
    }

    const ld = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "null")));
    const url = new URL(path, siteOrigin).href;
    const post = ld.find((d) => d["@type"] === "BlogPosting");
    expect(post).toMatchObject({
      "@context": "https://schema.org",
      headline: a.title,
      description: a.excerpt,
      url,
      mainEntityOfPage: { "@id": url },
      author: { "@type": "Organization", name: "Stockton 24/7 Towing" },
      publisher: { "@type": "Organization", name: "Stockton 24/7 Towing" },
    });
    expect(new Date(post.datePublished).toISOString().slice(0, 10)).toBe(a.date.toISOString().slice(0, 10));
    expect(Date.parse(post.dateModified)).not.toBeNaN();
    const crumbs = ld.find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: any) => [i.position, i.name, i.item])).toEqual([
      [1, "Home", new URL("/", siteOrigin).href],
      [2, "Blog", new URL("/blog", siteOrigin).href],
      [3, a.title, url],
    ]);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", a.excerpt);
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute("content", /^\d{4}-/);
  });
}

test("the RSS feed lists every article with its link and date", async ({ request }) => {
  const res = await request.get("/rss.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("xml");
  const xml = await res.text();
  const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
  expect(links.sort()).toEqual(articles.map((a) => new URL(`/blog/${a.slug}`, siteOrigin).href).sort());
  expect(xml.match(/<pubDate>/g)?.length).toBe(articles.length);
});
