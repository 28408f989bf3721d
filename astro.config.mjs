// @ts-check
import preact from "@astrojs/preact";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import clientTouch from "./src/integrations/client-touch/index.ts";
import clientVisibleSplit from "./src/integrations/client-visible-split/index.ts";
import { reactLibraries } from "./src/integrations/react-libraries.mjs";

// The canonical origin of every URL we print (canonical, Open Graph, sitemap, JSON-LD).
const site = process.env.PUBLIC_SITE_URL ?? "https://stocktontowing.example";

// Separate output folders let several builds (parallel test runs) coexist; `dist` by default.
const outDir = process.env.ASTRO_OUT_DIR ?? "dist";

const islandRuntime = new RegExp(
  [
    "/node_modules/(preact|@astrojs/preact)/",
    "/node_modules/lucide-react/dist/esm/(createLucideIcon|Icon|defaultAttributes|shared/)",
    "/src/components/ui/use-hydrated\\.ts$",
  ].join("|"),
);

export default defineConfig({
  site,
  outDir,
  cacheDir: outDir === "dist" ? "node_modules/.astro" : `node_modules/.astro-${outDir.replace(/\W+/g, "-")}`,
  output: "static",
  trailingSlash: "never",
  build: { format: "file" },
  // The islands are written against React's API and rendered by Preact through preact/compat (a
  // fraction of react-dom's size). client:touch: the layout's islands (header, chat button, map) load
  // only when a visitor uses them; client:visible-split: the islands that are a page's purpose
  // (form, carousel, chat page) render a task after their code runs.
  integrations: [preact({ compat: true }), clientTouch(), clientVisibleSplit()],
  vite: {
    plugins: [tailwindcss()],
    // Libraries that import "react" must go through Vite at build time too, so that the alias to
    // preact/compat applies when pages are pre-rendered (Node would otherwise load real React).
    ssr: { noExternal: reactLibraries },
    build: {
      rollupOptions: {
        output: {
          // What every island needs (Preact, its hooks and compat, Astro's Preact renderer, the icons'
          // base, useHydrated) in one file: each file a page loads costs a request and its headers.
          // (Not the Button: its import of the radix-ui index would drag every Radix part in here.)
          manualChunks: (id) => (islandRuntime.test(id) ? "island-runtime" : undefined),
          // Files under 2 KB join a chunk the same pages load anyway (code may load that runs later, never
          // code that runs when it should not): fewer requests for the same bytes.
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
