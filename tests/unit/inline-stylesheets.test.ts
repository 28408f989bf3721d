import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inlineMarkedPages } from "../../integrations/inline-stylesheets.mjs";

/** The build step on a built site in miniature: a marked page, an unmarked one, and their stylesheet. */
describe("the build writes the stylesheet into the pages marked for it", () => {
  let root: string;
  const css = "body{color:#0f172a}.p-4{padding:1rem}";
  const link = '<link rel="stylesheet" href="/_astro/site.abc.css">';
  const page = (mark: string) => `<!doctype html><html lang="en"${mark}><head>${link}</head><body>Hi</body></html>`;
  const run = () => inlineMarkedPages(root);
  const read = (file: string) => readFileSync(path.join(root, file), "utf8");

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "inline-css-"));
    mkdirSync(path.join(root, "_astro"));
    mkdirSync(path.join(root, "es"));
    writeFileSync(path.join(root, "_astro", "site.abc.css"), css);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("replaces the link of a marked page (in any folder) with the stylesheet, drops the mark, leaves the rest", () => {
    writeFileSync(path.join(root, "es", "request.html"), page(' data-inline-stylesheets=""'));
    writeFileSync(path.join(root, "offer.html"), page(" data-inline-stylesheets"));
    writeFileSync(path.join(root, "index.html"), page(""));
    // Another attribute that merely begins like the mark is not the mark.
    writeFileSync(path.join(root, "about.html"), page(' data-inline-stylesheets-x="1"'));
    run();
    for (const file of ["es/request.html", "offer.html"]) {
      expect(read(file)).toBe(
        `<!doctype html><html lang="en"><head><style>${css}</style></head><body>Hi</body></html>`,
      );
    }
    expect(read("index.html")).toBe(page(""));
    expect(read("about.html")).toBe(page(' data-inline-stylesheets-x="1"'));
  });

  it("fails the build for a marked page that links no stylesheet, or a stylesheet that would close the element", () => {
    writeFileSync(path.join(root, "offer.html"), "<!doctype html><html data-inline-stylesheets><body></body></html>");
    expect(run).toThrow(/offer.html asks for its stylesheet inline but links none/);
    writeFileSync(path.join(root, "offer.html"), page(" data-inline-stylesheets"));
    writeFileSync(path.join(root, "_astro", "site.abc.css"), 'a::after{content:"</style><script>"}');
    expect(run).toThrow(/cannot be written into a page/);
  });
});
