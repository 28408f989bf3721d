import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { pruneReleases, releasesFolder, swapInRelease } from "../../scripts/release-folders.mjs";
import { buildApp } from "../../server/app";
import { readSiteFiles } from "../../server/site-files";
import { testConfig } from "../support/config";
import { builtDist } from "../support/content";

/**
 * `npm run build` writes each build into a release folder and swaps the `dist` link to it in one rename
 * (scripts/build.mjs). A server running beside it keeps serving the release it started with: its pages
 * and the hashed CSS they name, which the next build no longer has.
 */
const scratch = mkdtempSync(path.join(tmpdir(), "towing-releases-"));
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A small built site as the build writes one: pages naming their hashed stylesheet, and the assistant's files. */
function writeRelease(output: string, name: string): string {
  const release = path.join(releasesFolder(output), name);
  mkdirSync(path.join(release, "_astro"), { recursive: true });
  const css = `/_astro/site.${name}.css`;
  const page = (title: string) =>
    `<!doctype html><html><head><link rel="stylesheet" href="${css}"></head><body>${title} ${name}</body></html>`;
  writeFileSync(path.join(release, "index.html"), page("Home"));
  writeFileSync(path.join(release, "about.html"), page("About us, release"));
  writeFileSync(path.join(release, css), `body { --release: "${name}"; }`);
  // The real build's assistant files (the server refuses to start without them).
  for (const file of ["chat-knowledge.json", "chat-model.json"]) {
    cpSync(path.join(builtDist, file), path.join(release, file));
  }
  return release;
}

async function serve(distDir: string): Promise<string> {
  const app = await buildApp({ config: testConfig({ distDir }), logger: false, site: readSiteFiles(distDir) });
  apps.push(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

describe("build once, start many: a rebuild swaps releases", () => {
  it("a running server keeps serving /about and its CSS while a rebuild swaps the folder; a new server gets the new one", async () => {
    const dist = path.join(scratch, "swap", "dist");
    mkdirSync(path.dirname(dist), { recursive: true });
    swapInRelease(dist, writeRelease(dist, "a"));
    const running = await serve(dist);
    expect(await (await fetch(`${running}/about`)).text()).toContain("About us, release a");

    // The rebuild: a whole new release, then the link swapped to it.
    swapInRelease(dist, writeRelease(dist, "b"));
    expect(realpathSync(dist)).toBe(realpathSync(path.join(releasesFolder(dist), "b")));

    const about = await fetch(`${running}/about`);
    expect(about.status).toBe(200);
    expect(await about.text()).toContain("About us, release a");
    const css = await fetch(`${running}/_astro/site.a.css`);
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('"a"');

    const next = await serve(dist);
    expect(await (await fetch(`${next}/about`)).text()).toContain("About us, release b");
    expect((await fetch(`${next}/_astro/site.b.css`)).status).toBe(200);
  });

  it("a build folder from before releases is moved aside whole; the oldest releases are pruned, the current one kept", () => {
    const dist = path.join(scratch, "prune", "dist");
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, "index.html"), "old build");
    for (const name of ["2026-01-01", "2026-01-02", "2026-01-03"]) swapInRelease(dist, writeRelease(dist, name));
    expect(readdirSync(releasesFolder(dist))).toHaveLength(4);

    pruneReleases(dist, 2);
    expect(readdirSync(releasesFolder(dist)).sort()).toEqual(["2026-01-02", "2026-01-03"]);
    expect(existsSync(path.join(dist, "about.html"))).toBe(true);
    expect(realpathSync(dist)).toBe(realpathSync(path.join(releasesFolder(dist), "2026-01-03")));
  });
});
