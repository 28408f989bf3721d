import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { reactLibraries } from "./src/integrations/react-libraries.mjs";

export default defineConfig({
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // The site renders its React-API components with Preact (astro.config.mjs): so do the tests.
      { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
      { find: /^react(-dom)?$/, replacement: "preact/compat" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
      // Its "node" export is CommonJS, whose require("react") no alias reaches: take the ES module.
      {
        find: /^lucide-react$/,
        replacement: fileURLToPath(new URL("./node_modules/lucide-react/dist/esm/lucide-react.mjs", import.meta.url)),
      },
    ],
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts"],
    environment: "node",
    // Libraries that import "react" are run through the aliases above rather than loaded by Node.
    server: { deps: { inline: reactLibraries } },
    // Database tests start PGlite (seconds each) and kill servers: give them room, and keep the
    // 2-core machine from running too many at once.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    minWorkers: 1,
  },
});
