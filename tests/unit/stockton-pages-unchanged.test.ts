import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteText } from "../../scripts/page-text.mjs";

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

describe.skipIf(!built || process.env.BUSINESS_DIR)("Stockton's pages after the move to business/stockton", () => {
  const now = built ? (siteText("dist") as typeof before) : before;

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
