import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The frontmatter schemas are enforced by the build itself: a copy of the project with one broken
 * article must fail `astro sync` (the content step of `astro build`) and name the article.
 */
const root = path.resolve(".");
const work = mkdtempSync(path.join(tmpdir(), "towing-content-"));

afterAll(() => rmSync(work, { recursive: true, force: true }));

function projectCopy(name: string) {
  const dir = path.join(work, name);
  for (const part of ["src", "business", "integrations"])
    cpSync(path.join(root, part), path.join(dir, part), { recursive: true });
  for (const f of ["astro.config.mjs", "business-dir.mjs", "tsconfig.json", "package.json"])
    cpSync(path.join(root, f), path.join(dir, f));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

function sync(dir: string) {
  return spawnSync(process.execPath, [path.join(root, "node_modules/astro/astro.js"), "sync"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ASTRO_OUT_DIR: "dist" },
    timeout: 120_000,
  });
}

describe("the build rejects malformed content", () => {
  it("an article with a bad date and an unknown service stops the build, naming the file", () => {
    const dir = projectCopy("broken-article");
    writeFileSync(
      path.join(dir, "business/stockton/content/blog/broken-article.md"),
      "---\ntitle: A broken article for the test\nexcerpt: short\npublishDate: not a date\nservices: [teleportation]\n---\n\n## Body\n",
    );
    const result = sync(dir);
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/broken-article/);
  }, 120_000);

  it("the unchanged project passes the same step", () => {
    const result = sync(projectCopy("intact"));
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  }, 120_000);
});
