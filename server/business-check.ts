import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { BUSINESS_BUILD_FILE, type BusinessBuild, businessFingerprint } from "../business-build.mjs";
import { DEFAULT_BUSINESS_DIR } from "../business-dir.mjs";

/**
 * The business's facts are compiled into the server and the pages when they are built (BUSINESS_DIR at
 * build time). At start, the server compares the build's record (business-build.json, written beside
 * dist-server/start.js by scripts/build-server.mjs) with the business folder it is started for, so a
 * server never silently serves another business's build, or one made before business.json changed.
 */
export class BusinessMismatchError extends Error {}

/** The build's record beside the compiled server; none when the server runs from its sources (tsx). */
export function readBusinessBuild(serverDir: string): BusinessBuild | undefined {
  const file = path.join(serverDir, BUSINESS_BUILD_FILE);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8")) as BusinessBuild;
}

/** "business/boise", "./business/boise/" and an absolute path to it are one folder. */
function folderName(folder: string, cwd: string): string {
  return path.relative(cwd, path.resolve(cwd, folder)).split(path.sep).join("/") || ".";
}

/**
 * Whether the build may serve the business asked for (BUSINESS_DIR, or business/stockton when unset).
 * Returns what to log when the folder is not here (the deployed layout ships dist/ and dist-server/
 * only: the build's record is then the business); throws BusinessMismatchError, with what to run, when
 * the folder is another business's or has changed since the build.
 */
export function checkBusinessBuild(
  record: BusinessBuild | undefined,
  asked: string | undefined,
  cwd: string,
): string | undefined {
  if (!record) return undefined;
  const askedName = folderName(asked ?? DEFAULT_BUSINESS_DIR, cwd);
  const dir = path.resolve(cwd, askedName);
  const rebuild = `run npm run build with BUSINESS_DIR=${askedName}`;
  if (!existsSync(path.join(dir, "business.json"))) {
    if (asked !== undefined && askedName !== record.folder) {
      throw new BusinessMismatchError(
        `This build was made for ${record.folder}; BUSINESS_DIR=${askedName} was asked, and ${askedName}/business.json is not here: ${rebuild} where that folder is, or start without BUSINESS_DIR to serve ${record.folder}.`,
      );
    }
    return `${askedName}/business.json is not here: serving ${record.folder} as it was built`;
  }
  const now = businessFingerprint(dir);
  if (now.businessJson === record.businessJson && now.content === record.content) return undefined;
  if (askedName !== record.folder && now.businessJson !== record.businessJson) {
    throw new BusinessMismatchError(
      `This build was made for ${record.folder}; ${askedName} was asked: ${rebuild} (or start with BUSINESS_DIR=${record.folder}).`,
    );
  }
  const changed = now.businessJson !== record.businessJson ? "business.json" : "content/ (or og-image.png)";
  throw new BusinessMismatchError(
    `${askedName}/${changed} changed since the build: run npm run build${askedName === DEFAULT_BUSINESS_DIR ? "" : ` with BUSINESS_DIR=${askedName}`}, then start again.`,
  );
}
