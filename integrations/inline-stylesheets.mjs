// @ts-check
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The attribute a layout writes on <html> for a page opened cold from a texted or emailed link (the
 * driver's request page, the partner's offer page, the caller's location page): such a page carries
 * its stylesheet inside it. On a weak mobile signal the separate stylesheet was a second round trip
 * before the first paint (docs/benchmarks.md, "First paint of the driver's and the partner's pages").
 */
export const INLINE_STYLESHEETS_MARK = "data-inline-stylesheets";

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[^"?#]+\.css)"\s*\/?>/g;
/** The mark on the page's <html> start tag (with or without a value). */
const MARKED_HTML = new RegExp(`(<html\\b[^>]*?)\\s${INLINE_STYLESHEETS_MARK}(?:="[^"]*")?(?=[\\s/>])`);

/**
 * `html` with each of Astro's stylesheet links replaced by the `<style>` element `styleOf` gives for it.
 * @param {string} html
 * @param {(href: string) => string} styleOf
 */
function inlineStylesheets(html, styleOf) {
  let count = 0;
  const inlined = html.replace(STYLESHEET_LINK, (/** @type {string} */ _link, /** @type {string} */ href) => {
    count += 1;
    return styleOf(href);
  });
  return { html: inlined.replace(MARKED_HTML, "$1"), count };
}

/**
 * The `<style>` element of each stylesheet under `root`, read once however many pages carry it.
 * @param {string} root
 */
function styleElements(root) {
  /** @type {Map<string, string>} */
  const read = new Map();
  return (/** @type {string} */ href) => {
    const known = read.get(href);
    if (known !== undefined) return known;
    const css = readFileSync(path.join(root, href), "utf8");
    // A stylesheet can end a <style> element only by "</style"; Tailwind's output never holds it.
    if (/<\/style/i.test(css)) throw new Error(`${href} holds "</style": it cannot be written into a page.`);
    const style = `<style>${css}</style>`;
    read.set(href, style);
    return style;
  };
}

/**
 * Every .html file under `dir`, as paths relative to it.
 * @param {string} dir
 * @returns {string[]}
 */
function htmlFiles(dir, under = "") {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(under, entry.name);
    if (entry.isDirectory()) return htmlFiles(dir, file);
    return entry.name.endsWith(".html") ? [file] : [];
  });
}

/**
 * Writes the stylesheets into the pages under `root` whose <html> carries the mark, and drops the mark.
 * @param {string} root
 */
export function inlineMarkedPages(root) {
  const styleOf = styleElements(root);
  for (const file of htmlFiles(root)) {
    const html = readFileSync(path.join(root, file), "utf8");
    if (!MARKED_HTML.test(html)) continue;
    const result = inlineStylesheets(html, styleOf);
    if (result.count === 0) throw new Error(`${file} asks for its stylesheet inline but links none.`);
    writeFileSync(path.join(root, file), result.html);
  }
}

/**
 * The build's step that does it, once Astro has written the pages. Not Astro's own
 * `build.inlineStylesheets`: it applies to every page, and the others would then carry the stylesheet
 * with each page instead of downloading it once.
 * @returns {import("astro").AstroIntegration}
 */
export function inlineStylesheetsIntegration() {
  return {
    name: "inline-stylesheets",
    hooks: { "astro:build:done": ({ dir }) => inlineMarkedPages(fileURLToPath(dir)) },
  };
}
