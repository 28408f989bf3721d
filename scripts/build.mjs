// `npm run build`: the site (Astro), the chat assistant's model, the compressed copies and the compiled
// server, all written into a new release folder and swapped in at the end (scripts/release-folders.mjs), so
// a rebuild next to a running server never changes what that server serves.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { pruneReleases, releaseId, releasesFolder, swapInRelease } from "./release-folders.mjs";

const siteOut = process.env.ASTRO_OUT_DIR ?? "dist";
const serverOut = process.env.SERVER_OUT_DIR ?? "dist-server";
const id = releaseId();
const siteRelease = path.join(releasesFolder(siteOut), id);
const serverRelease = path.join(releasesFolder(serverOut), id);

// Astro's cache (optimised images, content data) follows the output's name, not the release's, so every
// release reuses it (astro.config.mjs).
const astroCache = siteOut === "dist" ? "node_modules/.astro" : `node_modules/.astro-${siteOut.replace(/\W+/g, "-")}`;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    // A failed build leaves no half release behind, and the links still name the last good one.
    rmSync(siteRelease, { recursive: true, force: true });
    rmSync(serverRelease, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

run(process.execPath, ["node_modules/astro/astro.js", "build"], {
  ASTRO_OUT_DIR: siteRelease,
  ASTRO_CACHE_DIR: astroCache,
});
run(process.execPath, ["--import", "tsx", "scripts/build-chat-model.ts", siteRelease]);
run(process.execPath, ["scripts/compress-dist.mjs", siteRelease]);
run(process.execPath, ["scripts/build-server.mjs"], { SERVER_OUT_DIR: serverRelease });

// Each link is swapped in one rename; a server already running keeps the releases it resolved at its start.
swapInRelease(serverOut, serverRelease);
swapInRelease(siteOut, siteRelease);
pruneReleases(serverOut);
pruneReleases(siteOut);
console.log(`built release ${id}: ${siteOut} -> ${siteRelease}, ${serverOut} -> ${serverRelease}`);
