// A build's output folders (the site, `dist`, and the compiled server, `dist-server`) are symbolic links to
// releases: `npm run build` writes a new release beside them (`dist.builds/<id>/`) and then points the link at
// it in one rename. A server that is running resolved the link when it started (server/site-files.ts, and
// Node resolves its own main module's link), so it keeps serving the release it started with, whole, while
// the next one is built and swapped in; the next server to start gets the new one.
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

/** How many releases of each output are kept: the current one and the ones servers still running may use. */
export const RELEASES_KEPT = 3;

/** Where the releases of an output live: `dist` -> `dist.builds/`. */
export const releasesFolder = (output) => `${output}.builds`;

/** A new release's name: sorts by time, unique per build. */
export const releaseId = () => `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}`;

/**
 * Points `output` (a link) at `release` in one rename: a reader sees the old release or the new one, never
 * none and never a mix. An `output` that is still a real folder (a build from before releases) is moved
 * into the releases first; a server started on that folder follows it to the new release, once.
 */
export function swapInRelease(output, release) {
  const stat = lstatSync(output, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    mkdirSync(releasesFolder(output), { recursive: true });
    renameSync(output, path.join(releasesFolder(output), `before-releases-${releaseId()}`));
  }
  const next = `${output}.next-link`;
  rmSync(next, { force: true });
  // Relative, so the checkout (or an image's copy of it) can move.
  symlinkSync(path.relative(path.dirname(output), release), next);
  renameSync(next, output);
}

/** Removes the oldest releases of `output`, keeping `keep` (the one it points at is always kept). */
export function pruneReleases(output, keep = RELEASES_KEPT) {
  const folder = releasesFolder(output);
  if (!existsSync(folder)) return;
  // Oldest first: the folder from before releases, then by the time in each name.
  const legacy = (name) => name.startsWith("before-releases-");
  const names = readdirSync(folder).sort((a, b) => Number(legacy(b)) - Number(legacy(a)) || a.localeCompare(b));
  for (const name of names.slice(0, Math.max(0, names.length - keep))) {
    rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}
