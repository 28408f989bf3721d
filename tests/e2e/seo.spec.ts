import { readFileSync } from "node:fs";
import path from "node:path";
import { businessDir } from "../../business-dir.mjs";
import { site } from "../../src/shared/site";
import {
  allRoutes,
  areaRoutes,
  englishTemplateSample,
  guideRoutes,
  serviceRoutes,
  siteOrigin,
  spanishRoutes,
  spanishTemplateSample,
  sweepAll,
} from "../support/routes";
import { SPEC_TOWNS } from "../support/spec";
import { expect, test } from "../support/static-page";

interface Head {
  title: string;
  meta: Record<string, string>;
  canonical: string | null;
  jsonLd: Record<string, unknown>[];
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

async function readHead(page: import("@playwright/test").Page, path: string): Promise<Head> {
  await page.goto(path);
  return page.evaluate(() => {
    const meta: Record<string, string> = {};
    for (const m of document.head.querySelectorAll("meta")) {
      const key = m.getAttribute("name") ?? m.getAttribute("property");
      if (key) meta[key] = m.getAttribute("content") ?? "";
    }
    return {
      title: document.title,
      meta,
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? "null"),
      ),
    };
  });
}

// One page of each template (every page with SWEEP_ALL=1): the head comes from one layout per template;
// "no two pages share a title" and the sitemap below still read every page.
const headRoutes = sweepAll ? [...allRoutes, ...spanishRoutes] : [...englishTemplateSample, ...spanishTemplateSample];
for (const route of headRoutes) {
  const spanish = route.path === "/es" || route.path.startsWith("/es/");
  test(`${route.path}: title, description, canonical, robots, geo, Open Graph, Twitter and business JSON-LD`, async ({
    page,
  }) => {
    const head = await readHead(page, route.path);
    const canonical = new URL(route.path, siteOrigin).href;

    expect(head.title.length).toBeGreaterThan(10);
    expect(head.title).toContain("Stockton 24/7 Towing");
    expect(head.meta.description?.length ?? 0).toBeGreaterThanOrEqual(50);
    expect(head.meta.description?.length ?? 0).toBeLessThanOrEqual(170);
    expect(head.canonical).toBe(canonical);
    expect(head.meta.robots).toBe("index, follow");

    expect(head.meta["geo.region"]).toBe("US-CA");
    expect(head.meta["geo.placename"]).toBe("Stockton, CA");
    expect(head.meta["geo.position"]).toMatch(/^37\.\d+;-121\.\d+$/);
    expect(head.meta.ICBM).toMatch(/^37\.\d+, -121\.\d+$/);

    expect(head.meta["og:title"]).toBe(head.title);
    expect(head.meta["og:description"]).toBe(head.meta.description);
    expect(head.meta["og:url"]).toBe(canonical);
    expect(head.meta["og:type"]).toBe(route.path.startsWith("/blog/") ? "article" : "website");
    expect(head.meta["og:image"]).toBe(new URL("/og-image.png", siteOrigin).href);
    expect(head.meta["og:site_name"]).toBe("Stockton 24/7 Towing");
    expect(head.meta["og:locale"]).toBe(spanish ? "es_US" : "en_US");
    const webPage = head.jsonLd.find((d) => d["@type"] === "WebPage") as Record<string, unknown> | undefined;
    expect(webPage?.inLanguage).toBe(spanish ? "es-US" : "en-US");
    expect(head.meta["twitter:card"]).toBe("summary_large_image");

    const business = head.jsonLd.find((d) => d["@type"] === "AutomotiveBusiness") as Record<string, any>;
    expect(business, "AutomotiveBusiness JSON-LD").toBeTruthy();
    expect(business["@context"]).toBe("https://schema.org");
    expect(business.name).toBe("Stockton 24/7 Towing");
    expect(business.url).toBe(new URL("/", siteOrigin).href);
    expect(business.telephone).toBe("+12095550142");
    expect(business.email).toMatch(/@/);
    expect(business.image).toMatch(/^https?:\/\//);
    expect(business.priceRange).toBe("$$");
    expect(business.foundingDate).toBe("2010");
    expect(business.address).toMatchObject({
      "@type": "PostalAddress",
      addressLocality: "Stockton",
      addressRegion: "CA",
      addressCountry: "US",
    });
    expect(business.address.streetAddress).toBeTruthy();
    expect(business.address.postalCode).toMatch(/^\d{5}$/);
    expect(business.geo).toMatchObject({ "@type": "GeoCoordinates" });
    expect(business.geo.latitude).toBeCloseTo(37.96, 1);
    expect(business.geo.longitude).toBeCloseTo(-121.29, 1);
    const circle = business.areaServed.find((a: any) => a["@type"] === "GeoCircle");
    // The specification's radius, around a centre chosen so every town fits (src/shared/site.ts).
    expect(circle.geoRadius).toBe(30000);
    expect(circle.geoMidpoint["@type"]).toBe("GeoCoordinates");
    expect(circle.geoMidpoint.latitude).toBe(site.serviceAreaCenter.latitude);
    expect(circle.geoMidpoint.longitude).toBe(site.serviceAreaCenter.longitude);
    const cities = business.areaServed.filter((a: any) => a["@type"] === "City").map((a: any) => a.name);
    expect(cities).toEqual(SPEC_TOWNS.map((t) => `${t}, CA`));
    expect(business.openingHoursSpecification).toHaveLength(1);
    expect(business.openingHoursSpecification[0]).toMatchObject({ opens: "00:00", closes: "23:59" });
    expect([...business.openingHoursSpecification[0].dayOfWeek].sort()).toEqual([...DAYS].sort());
    // Self-serving review markup is ignored by Google and against its guidelines.
    expect(business.aggregateRating).toBeUndefined();
    expect(business.review).toBeUndefined();
    // One stable node: every page names the business by the same @id.
    expect(business["@id"]).toBe(`${new URL("/", siteOrigin).href}#business`);
    // Google no longer shows FAQ rich results; the FAQs are visible text only.
    expect(head.jsonLd.map((d) => d["@type"])).not.toContain("FAQPage");
    expect(JSON.stringify(head.jsonLd)).not.toMatch(/"Review"|"AggregateRating"/);
  });
}

/** Service, blog, town and guide pages carry a BreadcrumbList that ends at the page itself. */
for (const route of [...serviceRoutes, ...areaRoutes.slice(1), ...guideRoutes, { path: "/blog/car-to-car-towing" }]) {
  test(`${route.path}: BreadcrumbList JSON-LD from Home to this page`, async ({ page }) => {
    const head = await readHead(page, route.path);
    const crumbs = head.jsonLd.find((d) => d["@type"] === "BreadcrumbList") as Record<string, any>;
    expect(crumbs, "BreadcrumbList").toBeTruthy();
    const items = crumbs.itemListElement as { position: number; item: string; name: string }[];
    expect(items[0]).toMatchObject({ position: 1, name: "Home", item: new URL("/", siteOrigin).href });
    expect(items.at(-1)?.item).toBe(new URL(route.path, siteOrigin).href);
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
  });
}

for (const route of areaRoutes.slice(1)) {
  test(`${route.path}: town Service JSON-LD names the business by @id, with areaServed the town`, async ({ page }) => {
    const head = await readHead(page, route.path);
    const town = String(route.h1).replace(/^Towing and Roadside Help in /, "");
    const service = head.jsonLd.find((d) => d["@type"] === "Service") as Record<string, any>;
    expect(service, "Service JSON-LD").toBeTruthy();
    expect(service.provider).toEqual({ "@id": `${new URL("/", siteOrigin).href}#business` });
    expect(service.areaServed).toEqual({ "@type": "City", name: town });
    expect(service.url).toBe(new URL(route.path, siteOrigin).href);
    expect(head.title).toContain(town.replace(", CA", ""));
  });
}

test("no two pages share a title or a description", async ({ request }) => {
  // Read from the served HTML as a crawler reads it; the per-route tests above check each head in the browser.
  const seenTitles = new Map<string, string>();
  const seenDescriptions = new Map<string, string>();
  for (const route of [...allRoutes, ...spanishRoutes]) {
    const html = await (await request.get(route.path)).text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
    expect(title, `${route.path} title`).toBeTruthy();
    expect(description, `${route.path} description`).toBeTruthy();
    expect(seenTitles.get(title ?? ""), `${route.path} title`).toBeUndefined();
    expect(seenDescriptions.get(description ?? ""), `${route.path} description`).toBeUndefined();
    seenTitles.set(title ?? "", route.path);
    seenDescriptions.set(description ?? "", route.path);
  }
  expect(seenTitles.size).toBe(allRoutes.length + spanishRoutes.length);
});

for (const route of serviceRoutes) {
  test(`${route.path}: Service JSON-LD`, async ({ page }) => {
    const head = await readHead(page, route.path);
    const service = head.jsonLd.find((d) => d["@type"] === "Service") as Record<string, any>;
    expect(service, "Service JSON-LD").toBeTruthy();
    expect(service.name).toBe(route.h1);
    expect(service.serviceType).toBe(route.h1);
    expect(service.url).toBe(new URL(route.path, siteOrigin).href);
    expect(service.description.length).toBeGreaterThan(50);
    expect(service.provider["@id"]).toBe(`${new URL("/", siteOrigin).href}#business`);
    expect(service.areaServed.map((a: any) => a.name)).toContain("Stockton, CA");
    expect(service.areaServed).toHaveLength(10);
  });
}

test("sitemap.xml lists every page exactly once, and robots.txt points to it", async ({ request }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("xml");
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(new Set(locs).size).toBe(locs.length);
  expect([...locs].sort()).toEqual(
    [...allRoutes, ...spanishRoutes].map((r) => new URL(r.path, siteOrigin).href).sort(),
  );

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${new URL("/sitemap.xml", siteOrigin).href}`);
  expect(robots).toMatch(/User-agent: \*/);
});

test("the Open Graph image is a real 1200x630 PNG, the business's own (og-image.png in its folder)", async ({
  request,
}) => {
  const res = await request.get("/og-image.png");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  const png = await res.body();
  expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
  expect(png.readUInt32BE(16)).toBe(1200);
  expect(png.readUInt32BE(20)).toBe(630);
  expect(png.length).toBeGreaterThan(10_000);
  expect(png.equals(readFileSync(path.join(businessDir(), "og-image.png")))).toBe(true);
});
