// @ts-check
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import clientTouch from "./src/integrations/client-touch/index.ts";

// The canonical origin of every URL we print (canonical, Open Graph, sitemap, JSON-LD).
const site = process.env.PUBLIC_SITE_URL ?? "https://stocktontowing.example";

// Separate output folders let several builds (parallel test runs) coexist; `dist` by default.
const outDir = process.env.ASTRO_OUT_DIR ?? "dist";

export default defineConfig({
  site,
  outDir,
  cacheDir: outDir === "dist" ? "node_modules/.astro" : `node_modules/.astro-${outDir.replace(/\W+/g, "-")}`,
  output: "static",
  trailingSlash: "never",
  build: { format: "file" },
  // client:touch: the layout's islands (header, chat button, map) load only when a visitor uses them.
  integrations: [react(), clientTouch()],
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev` serves pages with live reload; the API comes from a production server (`npm start`).
    server: { proxy: { "/api": process.env.API_DEV_URL ?? "http://127.0.0.1:3000" } },
  },
  devToolbar: { enabled: false },
  prefetch: { prefetchAll: false, defaultStrategy: "hover" },
});
