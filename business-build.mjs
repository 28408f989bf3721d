// What a build was made from: the business folder's name and fingerprints of its business.json and its
// content/ (and its sharing image). `npm run build` writes this record beside the compiled server
// (scripts/build-server.mjs); the server compares it with BUSINESS_DIR when it starts (server/business-check.ts),
// so a server started for one business never silently serves the build of another, or an outdated one.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The record's file name, beside dist-server/start.js. */
export const BUSINESS_BUILD_FILE = "business-build.json";

/**
 * @typedef {{ folder: string, businessJson: string, content: string }} BusinessBuild
 * `folder` as the build was told it (relative to the repository, "business/stockton"); the others sha256 hex.
 */

/** @param {string} dir @returns {string[]} every file under dir, relative, with "/" */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** @param {string} file */
const hashFile = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

/**
 * The fingerprints of a business folder: business.json alone, and everything else in it (content/, the
 * sharing image), each file by its path and bytes.
 * @param {string} dir the business folder, absolute
 */
export function businessFingerprint(dir) {
  const content = createHash("sha256");
  for (const file of filesUnder(dir)) {
    if (file === "business.json") continue;
    content.update(`${file}\0${hashFile(path.join(dir, file))}\n`);
  }
  return { businessJson: hashFile(path.join(dir, "business.json")), content: content.digest("hex") };
}

/**
 * The record of the build made from `dir`.
 * @param {string} dir the business folder, absolute
 * @param {string} root the repository, to name the folder as the owner writes BUSINESS_DIR
 * @returns {BusinessBuild}
 */
export function businessBuildRecord(dir, root) {
  const folder = path.relative(root, dir).split(path.sep).join("/") || ".";
  return { folder, ...businessFingerprint(dir) };
}
