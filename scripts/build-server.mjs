// Compiles the server to plain JavaScript in dist-server/, so production runs `node dist-server/start.js`
// with no TypeScript loader (tsx compiled every file at every start). One bundle per entry point, with
// every package left to node_modules; the SQL migrations are copied beside them (MIGRATIONS_FOLDER is
// resolved from the bundle's own address).
import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { BUSINESS_BUILD_FILE, businessBuildRecord } from "../business-build.mjs";
import { businessDir } from "../business-dir.mjs";

const out = process.env.SERVER_OUT_DIR ?? "dist-server";
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    start: "server/start.ts",
    // Run as its own process (server/db/pglite-create.ts): it finds itself beside start.js.
    "pglite-create": "server/db/pglite-create.ts",
    // The chat assistant's worker threads (server/features/chat/worker-pool.ts): found beside start.js.
    "chat-worker": "server/features/chat/chat-worker.ts",
    desk: "server/features/desk/cli.ts",
    "backup-cli": "server/db/backup-cli.ts",
    // The admin commands run in the deployed layout too (dist/, dist-server/, production packages; no tsx).
    migrate: "server/db/migrate-cli.ts",
    "launch-check": "scripts/launch-check.ts",
  },
  outdir: out,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22.12",
  packages: "external",
  // Stack traces name the TypeScript files and their functions (node --enable-source-maps). No
  // keepNames: it wraps every function made at run time in a call that redefines its `name`, so each
  // closure of a hot path (the chat assistant makes about 40 a reply) cost a defineProperty; without
  // it esbuild keeps every name anyway, except where two bundled modules share one (then `add2`).
  sourcemap: true,
  logLevel: "warning",
  // The business the server is for (BUSINESS_DIR): its business.json is bundled in, as in the pages.
  alias: { "@business": businessDir() },
});
cpSync("server/db/migrations", `${out}/migrations`, { recursive: true });
// The chat assistant's data files (YAML, read at start beside the module that reads them: data-file.ts).
cpSync("server/features/chat/data", `${out}/data`, { recursive: true });
// Which business this build is for, checked by the server at start against BUSINESS_DIR (server/business-check.ts).
const root = path.resolve(import.meta.dirname, "..");
writeFileSync(
  path.join(out, BUSINESS_BUILD_FILE),
  `${JSON.stringify(businessBuildRecord(businessDir(), root), null, 2)}\n`,
);
console.log(`server compiled to ${out}/`);
