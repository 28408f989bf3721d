// The one place that reads BUSINESS_DIR: which business (a folder under business/, or any folder with
// a business.json and a content/ folder) the build, the tests and the tools are for. astro.config.mjs,
// vitest.config.ts, scripts/build-server.mjs and scripts/launch-check.ts import it; the code imports the
// chosen folder's business.json as "@business/business.json" (src/shared/business.ts), which these
// point at the folder (tsconfig.json's paths point at the default, for the editor and for tsx).
import path from "node:path";
import { fileURLToPath } from "node:url";

export const DEFAULT_BUSINESS_DIR = "business/stockton";
const root = path.dirname(fileURLToPath(import.meta.url));

/** The business folder, absolute: BUSINESS_DIR (relative to the repository) or business/stockton. */
export function businessDir(env = process.env) {
  return path.resolve(root, env.BUSINESS_DIR || DEFAULT_BUSINESS_DIR);
}

/**
 * The business folder a compiled command (dist-server/start.js, dist-server/launch-check.js) is asked for
 * at run time: BUSINESS_DIR relative to the working folder, as the operator typed it. (businessDir's
 * `root` is this module's own folder, which inside a bundle is the bundle's, not the repository.)
 */
export function runtimeBusinessDir(env = process.env, cwd = process.cwd()) {
  return path.resolve(cwd, env.BUSINESS_DIR || DEFAULT_BUSINESS_DIR);
}

/**
 * A Vite plugin that resolves "@business/..." to the business folder, before any other alias.
 * @returns {import("vite").Plugin}
 */
export function businessVitePlugin(dir = businessDir()) {
  return {
    name: "business-dir",
    enforce: /** @type {const} */ ("pre"),
    /** @param {string} id */
    resolveId(id) {
      if (id === "@business" || id.startsWith("@business/")) return path.join(dir, id.slice("@business".length));
      return null;
    },
  };
}
