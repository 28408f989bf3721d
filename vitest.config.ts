import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { businessVitePlugin } from "./business-dir.mjs";

export default defineConfig({
  plugins: [businessVitePlugin()],
  resolve: {
    alias: [{ find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) }],
  },
  test: {
    // tests/processes/ (servers killed, restarted, backed up under load; minutes of CPU) runs with
    // `npm run test:processes`, before a release or after a change to the database or process code.
    include:
      process.env.TEST_PROCESSES === "1"
        ? ["tests/processes/**/*.test.ts"]
        : ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts"],
    environment: "node",
    // Database tests start PGlite (seconds each) and kill servers: give them room, and keep the
    // 2-core machine from running too many at once.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    setupFiles: ["tests/support/vitest-setup.ts"],
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    minWorkers: 1,
  },
});
