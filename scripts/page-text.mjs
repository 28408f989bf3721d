// The words a visitor and a search engine read on every built page: route → title, description,
// visible text and JSON-LD. `node scripts/page-text.mjs [dist] [out.json]` writes it; the business
// move's test (tests/unit/stockton-pages-unchanged.test.ts) compares a fresh build with the saved copy,
// so moving the facts into business/ provably left Centerville's pages as they were.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { load } from "cheerio";

/** Every .html file under `dir`, as the route that serves it ("/areas/lodi"). */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => String(f).endsWith(".html"))
    .map((f) => join(dir, String(f)))
    .sort();
}

const squash = (s) => s.replace(/\s+/g, " ").trim();

/** The visitor-facing words of one page (scripts, styles and templates dropped). */
export function pageText(html) {
  const $ = load(html);
  const jsonLd = $('script[type="application/ld+json"]')
    .map((_, el) => JSON.parse($(el).text()))
    .get();
  $("script, style, noscript, template").remove();
  return {
    title: squash($("title").text()),
    description: $('meta[name="description"]').attr("content") ?? "",
    text: squash($("body").text()),
    jsonLd,
  };
}

/** route → page text for a whole build, plus the sitemap's addresses. */
export function siteText(dir) {
  const pages = {};
  for (const file of htmlFiles(dir)) {
    const route = `/${relative(dir, file)
      .replace(/\.html$/, "")
      .replace(/(^|\/)index$/, "")}`;
    pages[route] = pageText(readFileSync(file, "utf8"));
  }
  const sitemap = squash(readFileSync(join(dir, "sitemap.xml"), "utf8").replace(/<[^>]+>/g, " "));
  return { pages, sitemap };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? "dist";
  const out = process.argv[3] ?? "tests/fixtures/stockton-page-text.json";
  writeFileSync(out, `${JSON.stringify(siteText(dir), null, 1)}\n`);
  console.log(`${Object.keys(siteText(dir).pages).length} pages' text written to ${out}`);
}
