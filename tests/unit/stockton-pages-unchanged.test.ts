import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageText, siteText } from "../../scripts/page-text.mjs";
import { carouselParts, homePageFiller } from "../../server/features/reviews/home-carousel";
import { homeSamplesSchema } from "../../src/shared/home-samples";

/**
 * Stockton's built pages say word for word what they said before the business's facts moved out of
 * code into business/stockton (issue 51). tests/fixtures/stockton-page-text.json is the text of every
 * page built before the move (`node scripts/page-text.mjs dist tests/fixtures/stockton-page-text.json`,
 * run on the commit before it); this compares the current build (dist/, `npm run build`) with it.
 */
const before = JSON.parse(readFileSync("tests/fixtures/stockton-page-text.json", "utf8")) as {
  pages: Record<string, unknown>;
  sitemap: string;
};
const built = existsSync("dist/sitemap.xml");

/**
 * The home pages are built with the carousel's slots empty: a visitor reads them as the server serves
 * them with no review published, filled with the samples the build wrote (dist/home-samples.json).
 */
function servedWithoutReviews(site: typeof before) {
  const samples = homeSamplesSchema.parse(JSON.parse(readFileSync("dist/home-samples.json", "utf8")));
  for (const [route, file, locale] of [
    ["/", "dist/index.html", "en"],
    ["/es", "dist/es.html", "es"],
  ] as const) {
    const { intro, cards } = carouselParts(locale, samples[locale], []);
    const html = homePageFiller(readFileSync(file, "utf8"))({ "home-reviews-intro": intro, "home-reviews": cards });
    site.pages[route] = pageText(html);
  }
  return site;
}

describe.skipIf(!built || process.env.BUSINESS_DIR)("Stockton's pages after the move to business/stockton", () => {
  const now = built ? servedWithoutReviews(siteText("dist") as typeof before) : before;

  it("has the same pages", () => {
    expect(Object.keys(now.pages).sort()).toEqual(Object.keys(before.pages).sort());
  });

  it("says the same words, with the same titles, descriptions and JSON-LD, on every page", () => {
    for (const [route, page] of Object.entries(before.pages)) {
      expect(now.pages[route], route).toEqual(page);
    }
  });

  it("lists the same addresses in the sitemap", () => {
    expect(now.sitemap).toBe(before.sitemap);
  });
});
