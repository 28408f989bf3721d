import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_BUILD_FILE, businessBuildRecord } from "../../business-build.mjs";
import { BusinessMismatchError, checkBusinessBuild } from "../../server/business-check";
import { runCommand } from "../support/cli";
import { endWithTest } from "../support/processes";
import { freePort } from "../support/server-process";

/**
 * The build carries its business (the facts are compiled into the server and the pages), so the server
 * compares the build's record (dist-server/business-build.json) with BUSINESS_DIR when it starts: another
 * business's folder, or a business.json changed since the build, stops the start with what to run; the
 * same business starts; with no business folder (the deployed layout) the build's record is the business.
 */
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "business-build-check-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const built = existsSync(path.join(root, "dist-server", BUSINESS_BUILD_FILE));

/** A business folder under `cwd`, named `name`, as a copy of `from` (in the repository). */
function businessFolder(cwd: string, name: string, from: string) {
  const dir = path.join(cwd, name);
  cpSync(path.join(root, from), dir, { recursive: true });
  return dir;
}

describe("checkBusinessBuild: the build's business against the one asked for", () => {
  const cwd = path.join(work, "unit");
  beforeAll(() => {
    mkdirSync(cwd);
    businessFolder(cwd, "business/stockton", "business/stockton");
    businessFolder(cwd, "business/boise", "tests/fixtures/business-test");
  });
  const record = () => businessBuildRecord(path.join(cwd, "business/stockton"), cwd);

  it("the same folder, unchanged, passes, however BUSINESS_DIR spells it", () => {
    expect(checkBusinessBuild(record(), undefined, cwd)).toBeUndefined();
    expect(checkBusinessBuild(record(), "./business/stockton/", cwd)).toBeUndefined();
    expect(checkBusinessBuild(record(), path.join(cwd, "business/stockton"), cwd)).toBeUndefined();
  });

  it("another business refuses, naming both folders and the command", () => {
    expect(() => checkBusinessBuild(record(), "business/boise", cwd)).toThrow(
      new BusinessMismatchError(
        "This build was made for business/stockton; business/boise was asked: run npm run build with BUSINESS_DIR=business/boise (or start with BUSINESS_DIR=business/stockton).",
      ),
    );
  });

  it("a business.json changed since the build refuses; so does changed content", () => {
    const made = record();
    const file = path.join(cwd, "business/stockton/business.json");
    const json = JSON.parse(readText(file));
    writeFileSync(file, JSON.stringify({ ...json, tagline: "Changed after the build" }));
    expect(() => checkBusinessBuild(made, undefined, cwd)).toThrow(
      "business/stockton/business.json changed since the build: run npm run build, then start again.",
    );
    const changedJson = record();
    writeFileSync(path.join(cwd, "business/stockton/content/testimonials.json"), "[]");
    expect(() => checkBusinessBuild(changedJson, undefined, cwd)).toThrow(
      "business/stockton/content/ (or og-image.png) changed since the build",
    );
  });

  it("with no business folder (the deployed layout) the build's record is the business", () => {
    const deployed = path.join(work, "deployed");
    mkdirSync(deployed);
    const made = { folder: "business/stockton", businessJson: "a", content: "b" };
    expect(checkBusinessBuild(made, undefined, deployed)).toBe(
      "business/stockton/business.json is not here: serving business/stockton as it was built",
    );
    expect(checkBusinessBuild(made, "business/stockton", deployed)).toMatch(/serving business\/stockton/);
    // Another business asked for by name, and not here: not silently the built one.
    expect(() => checkBusinessBuild(made, "business/boise", deployed)).toThrow(
      /This build was made for business\/stockton; BUSINESS_DIR=business\/boise was asked/,
    );
  });

  it("a run from the sources (no record) is not checked: the code imports its business itself", () => {
    expect(checkBusinessBuild(undefined, "business/boise", cwd)).toBeUndefined();
  });
});

const readText = (file: string) => readFileSync(file, "utf8");

describe.skipIf(!built)("the compiled server (dist-server/start.js) at start", () => {
  // The build's server beside a copy of Stockton's folder, as an owner's checkout has them.
  const app = path.join(work, "app");
  const env = (extra: Record<string, string> = {}) => ({
    DIST_DIR: path.join(root, "dist"),
    DATA_DIR: path.join(work, "data"),
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    SHUTDOWN_GRACE_SECONDS: "0",
    ...extra,
  });
  const start = (extra: Record<string, string> = {}) =>
    runCommand(process.execPath, ["dist-server/start.js"], { cwd: app, env: env(extra), timeoutMs: 60_000 });
  beforeAll(() => {
    mkdirSync(app);
    cpSync(path.join(root, "dist-server"), path.join(app, "dist-server"), { recursive: true, dereference: true });
    symlinkSync(path.join(root, "node_modules"), path.join(app, "node_modules"));
    businessFolder(app, "business/stockton", "business/stockton");
    businessFolder(app, "business/boise", "tests/fixtures/business-test");
  });

  it("refuses another business's folder with exit code 1 and what to run", async () => {
    const { code, stderr } = await start({ BUSINESS_DIR: "business/boise" });
    expect(code).toBe(1);
    expect(stderr).toContain(
      "This build was made for business/stockton; business/boise was asked: run npm run build with BUSINESS_DIR=business/boise",
    );
  });

  it("starts for the business it was built for, and refuses once business.json has changed", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["dist-server/start.js"], {
      cwd: app,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port), ...env() },
      stdio: ["ignore", "ignore", "pipe"],
    });
    endWithTest(child);
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    let healthy = false;
    // A first PGlite start creates the database (13-17 s on a quiet machine, minutes on a busy one).
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline && !healthy && child.exitCode === null) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 100));
    }
    expect(healthy, stderr).toBe(true);
    child.kill("SIGTERM");
    await exited;

    const file = path.join(app, "business/stockton/business.json");
    const json = JSON.parse(readText(file));
    writeFileSync(file, JSON.stringify({ ...json, phone: { display: "(209) 555-0199", e164: "+12095550199" } }));
    const changed = await start();
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain("business/stockton/business.json changed since the build: run npm run build");
  }, 300_000);
});
