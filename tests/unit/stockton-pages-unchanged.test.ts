import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageText, siteText } from "../../scripts/page-text.mjs";
import { refusedFormRenderer } from "../../server/features/service-requests/form-pages";
import { readSiteFiles } from "../../server/site-files";
import { DEFAULT_LOCATION_RETENTION_DAYS } from "../../src/shared/retention";
import { homeAsServed } from "../support/home-shell";

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
  site.pages["/"] = pageText(homeAsServed("dist", "en"));
  site.pages["/es"] = pageText(homeAsServed("dist", "es"));
  return site;
}

type PageText = { text: string };
/** Whitespace between elements: React's markup and Astro's place it differently; a reader sees the same words. */
const wordsOnly = (page: unknown) => ({ ...(page as PageText), text: (page as PageText).text.replace(/\s+/g, "") });

/**
 * The refused form's page is built with its form's slot empty: the server draws the form into it
 * (src/screens/service-request). A visitor reads it as the server serves it, here with nothing sent.
 */
function servedRefusedForm(site: typeof before) {
  const render = refusedFormRenderer(readSiteFiles("dist"), DEFAULT_LOCATION_RETENTION_DAYS);
  for (const [route, locale] of [
    ["/contact/invalid", "en"],
    ["/es/contact/invalid", "es"],
  ] as const) {
    site.pages[route] = wordsOnly(pageText(render({ summary: "" }, locale)));
    before.pages[route] = wordsOnly(before.pages[route]);
  }
  return site;
}

describe.skipIf(!built || process.env.BUSINESS_DIR)("Stockton's pages after the move to business/stockton", () => {
  const now = built ? servedRefusedForm(servedWithoutReviews(siteText("dist") as typeof before)) : before;

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
