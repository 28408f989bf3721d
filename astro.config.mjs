// @ts-check
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { businessDir, businessVitePlugin } from "./business-dir.mjs";
import { inlineStylesheetsIntegration } from "./integrations/inline-stylesheets.mjs";

// The business this build is for (BUSINESS_DIR, business-dir.mjs): its facts and its words.
const business = JSON.parse(readFileSync(path.join(businessDir(), "business.json"), "utf8"));
// Its sharing image (src/pages/og-image.png.ts): said plainly here, before Vite's "could not resolve".
if (!existsSync(path.join(businessDir(), "og-image.png"))) {
  throw new Error(
    `${path.join(businessDir(), "og-image.png")} is missing: the image shown when a page is shared (1200x630 PNG). Copy business/_template/og-image.png and replace it, or run npm run og-image.`,
  );
}

// The canonical origin of every URL we print (canonical, Open Graph, sitemap, JSON-LD).
const site = process.env.PUBLIC_SITE_URL || business.siteUrl;

// Separate output folders let several builds (parallel test runs) coexist; `dist` by default.
const outDir = process.env.ASTRO_OUT_DIR ?? "dist";

/**
 * A business in English only (business.json's languages) has no Spanish pages: the pages under
 * src/pages/es/ are built like any other, then removed here, before the build's later steps (the chat
 * model, compression) look at the folder.
 */
function englishOnly(/** @type {string[]} */ languages) {
  return {
    name: "english-only",
    hooks: {
      "astro:build:done": (/** @type {{ dir: URL }} */ { dir }) => {
        if (languages.includes("es")) return;
        rmSync(new URL("es/", dir), { recursive: true, force: true });
        rmSync(new URL("es.html", dir), { force: true });
      },
    },
  };
}

export default defineConfig({
  site,
  outDir,
  // scripts/build.mjs writes each build to a new release folder and names the cache of the output it becomes.
  cacheDir:
    process.env.ASTRO_CACHE_DIR ??
    (outDir === "dist" ? "node_modules/.astro" : `node_modules/.astro-${outDir.replace(/\W+/g, "-")}`),
  output: "static",
  // English at the root, Spanish under /es/ (src/pages/es/): src/i18n/locales.ts pairs the two.
  i18n: { locales: ["en", "es"], defaultLocale: "en", routing: { prefixDefaultLocale: false } },
  trailingSlash: "never",
  build: { format: "file" },
  // React 19 renders the islands that hold state (the request form, the chat, the carousel, the desk);
  // the layout around them is HTML and CSS (src/components/layout/*.astro).
  // The pages opened from a texted link carry their stylesheet (integrations/inline-stylesheets.mjs).
  integrations: [react(), englishOnly(business.languages), inlineStylesheetsIntegration()],
  vite: {
    plugins: [businessVitePlugin(), tailwindcss()],
    build: {
      rollupOptions: {
        output: {
          // React, react-dom, the JSX runtime and Astro's React renderer in one file: every island needs
          // all of them, and each file a page loads costs a request and its headers.
          manualChunks: (id) =>
            /\/node_modules\/(react|react-dom|scheduler|@astrojs\/react)\//.test(id) ? "react" : undefined,
          // Files under 2 KB join a chunk the same pages load anyway: fewer requests for the same bytes.
          experimentalMinChunkSize: 2048,
        },
      },
    },
    // `npm run dev` serves pages with live reload; the API comes from a production server (`npm start`).
    server: { proxy: { "/api": process.env.API_DEV_URL ?? "http://127.0.0.1:3000" } },
  },
  devToolbar: { enabled: false },
  // No prefetching: no link opts in (prefetchAll is off), yet its script loaded on every page and
  // watched every link.
  prefetch: false,
});
