import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, urlPathFor } from "../../server/site-files";

describe("urlPathFor", () => {
  it.each([
    ["index.html", "/"],
    ["about.html", "/about"],
    ["services/towing.html", "/services/towing"],
    ["blog/index.html", "/blog"],
    ["_astro/app.abc123.js", "/_astro/app.abc123.js"],
    ["og-image.png", "/og-image.png"],
  ])("%s -> %s", (file, url) => {
    expect(urlPathFor(file)).toBe(url);
  });
});

describe("inlineScriptHashes", () => {
  const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

  it("hashes inline scripts exactly as written, and only those", () => {
    const html = [
      "<script>console.log(1)</script>",
      '<script type="module">import "x";</script>',
      '<script src="/a.js"></script>',
      '<script type="application/ld+json">{"a":1}</script>',
      "<script>  </script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("console.log(1)"), sha('import "x";')]);
  });
});
