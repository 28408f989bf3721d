import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliResult, runCommand } from "../support/cli";
import { postgresUrl, withSearchPath } from "../support/databases";
import { endWithTest } from "../support/processes";
import { freePort } from "../support/server-process";

/**
 * The deployed layout, as the Dockerfile's last stage makes it but without Docker: package.json and its
 * lockfile with production packages only (`npm ci --omit=dev`, from the npm cache), the build's `dist/` and
 * `dist-server/`, and nothing else (no TypeScript sources, no tsx loader). Every admin command runs there
 * through the package.json scripts the docs name, and the server starts from `dist-server` alone.
 * The build is the run's (`npm run test:processes` builds first); one production install, about 2 minutes.
 */
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "towing-deploy-layout-"));
const app = path.join(work, "app");
// Asynchronously: a production install is thousands of files, and a synchronous removal would stall the worker.
afterAll(() => rm(work, { recursive: true, force: true }));

/** The same files the Dockerfile copies into its final stage. */
async function makeLayout() {
  mkdirSync(app);
  for (const file of ["package.json", "package-lock.json"]) cpSync(path.join(root, file), path.join(app, file));
  // As the Dockerfile's second stage, from the npm cache (the network only for what it lacks).
  const install = await run("npm", [
    "ci",
    "--omit=dev",
    "--prefer-offline",
    "--ignore-scripts",
    "--no-audit",
    "--no-fund",
  ]);
  expect(install.code, install.stderr).toBe(0);
  // dist and dist-server are links to the current release (scripts/build.mjs): copied as the folders they name.
  for (const folder of ["dist", "dist-server"]) {
    cpSync(path.join(root, folder), path.join(app, folder), { recursive: true, dereference: true });
  }
}

type Run = CliResult;

/** `npm run SCRIPT -- ARGS` in the layout, as the operator types it. */
const npmRun = (script: string, args: string[], env: Record<string, string>, stdin = "") =>
  run("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], env, stdin);

/** A command in the layout, with `stdin` piped in; never blocks the worker (an install takes minutes). */
function run(command: string, args: string[], env: Record<string, string> = {}, stdin = ""): Promise<Run> {
  return runCommand(command, args, { cwd: app, env: { LOG_LEVEL: "warn", ...env }, stdin });
}

/** `npm run serve` in the layout; resolves with the process once /about answers. */
async function serve(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; exited: Promise<Run> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("npm", ["run", "--silent", "serve"], {
    cwd: app,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "warn", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  endWithTest(child);
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  const exited = new Promise<Run>((resolve) => child.on("exit", (code) => resolve({ code, stdout: "", stderr })));
  const deadline = Date.now() + 120_000;
  while (child.exitCode === null && Date.now() < deadline) {
    const answered = await fetch(`${base}/about`).then(
      (r) => r.status,
      () => 0,
    );
    if (answered === 200) return { child, base, exited };
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, exited };
}

const noLoaderErrors = (run: Run) => {
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (package|module)/);
};
const PASSWORD = "a long enough password for the layout\n";

beforeAll(async () => {
  // The build this layout ships: the run's own (test:processes builds first), or one made now.
  if (!existsSync(path.join(root, "dist-server", "launch-check.js")) || !existsSync(path.join(root, "dist"))) {
    expect(spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status).toBe(0);
  }
  await makeLayout();
}, 600_000);

describe("the deployed layout: production packages, dist/ and dist-server/ only", () => {
  it("holds no sources and no TypeScript", () => {
    expect(readdirSync(app).sort()).toEqual([
      "dist",
      "dist-server",
      "node_modules",
      "package-lock.json",
      "package.json",
    ]);
    const compiled = readdirSync(path.join(app, "dist-server"), { recursive: true }).map(String);
    expect(compiled).toEqual(
      expect.arrayContaining(["start.js", "desk.js", "launch-check.js", "backup-cli.js", "migrate.js"]),
    );
    expect(compiled.filter((f) => f.endsWith(".ts"))).toEqual([]);
  });

  it("on PGlite: db:migrate, desk accounts, launch-check, backup and restore, and the server", async () => {
    const env = {
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: "",
      PARTNER_WEBHOOK_SECRET: "a partner secret of 16+",
    };
    const created = await npmRun("db:migrate", [], env);
    noLoaderErrors(created);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created the PGlite folder .* with all \d+ migrations/);
    expect((await npmRun("db:migrate", [], env)).stdout).toMatch(/up to date/);

    const added = await npmRun("desk", ["add-user", "owner@example.com"], env, PASSWORD);
    expect(added.code, added.stderr).toBe(0);
    expect((await npmRun("desk", ["reset-password", "owner@example.com"], env, `new ${PASSWORD}`)).code).toBe(0);
    const listed = await npmRun("desk", ["list-users"], env);
    expect(listed.stdout).toMatch(/^owner@example\.com\t/m);
    expect((await npmRun("desk", ["partner-key", "7"], env)).stdout).toMatch(/^\S{20,}\n$/);

    // The placeholders of this repository remain, so it exits 1; but it ran, database check included.
    const check = await npmRun("launch-check", [], env);
    noLoaderErrors(check);
    expect(check.code).toBe(1);
    // The business built into dist-server is checked (its stand-in phone); the content is not shipped,
    // so no town is said to lack its page here.
    expect(check.stdout).toMatch(/business\.json › phone: .*555-01/);
    expect(check.stdout).not.toContain("no local page written yet");
    expect(check.stdout).not.toContain("desk_users");

    const file = path.join(work, "stopped.tar.gz");
    const backedUp = await npmRun("db:backup", [file], env);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toContain("no server running");
    const restoredDir = path.join(work, "restored");
    const restored = await npmRun("db:restore", [file], { ...env, DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);

    const server = await serve({ ...env, DATA_DIR: restoredDir });
    expect(server.child.exitCode).toBeNull();
    const css = (await (await fetch(`${server.base}/about`)).text()).match(/\/_astro\/[^"]+\.css/)?.[0];
    expect((await fetch(`${server.base}${css}`)).status).toBe(200);
    const live = await npmRun("db:backup", [path.join(work, "live.tar.gz")], { ...env, DATA_DIR: restoredDir });
    expect(live.code, live.stderr).toBe(0);
    expect(live.stdout).toContain("from the running server");
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  }, 600_000);

  describe.skipIf(!postgresUrl)("on PostgreSQL", () => {
    const schema = `layout_${randomBytes(6).toString("hex")}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    beforeAll(() => admin(`CREATE SCHEMA "${schema}"`));
    afterAll(() => admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));

    it("a server told not to migrate refuses the new schema; two db:migrate at once both succeed; then it serves", async () => {
      const env = { DATABASE_URL: withSearchPath(postgresUrl as string, schema), MIGRATE_ON_START: "false" };
      const refused = await serve(env);
      const { code, stderr } = await refused.exited;
      expect(code).toBe(1);
      expect(stderr).toContain("npm run db:migrate");

      const runs = await Promise.all([npmRun("db:migrate", [], env), npmRun("db:migrate", [], env)]);
      expect(runs.map((r) => r.code)).toEqual([0, 0]);
      expect(runs.filter((r) => /applied \d+ migration/.test(r.stdout))).toHaveLength(1);
      expect(runs.filter((r) => /up to date/.test(r.stdout))).toHaveLength(1);

      const server = await serve(env);
      expect(server.child.exitCode).toBeNull();
      // On PostgreSQL the admin commands work beside the running server.
      expect((await npmRun("desk", ["add-user", "pg-owner@example.com"], env, PASSWORD)).code).toBe(0);
      const check = await npmRun("launch-check", [], env);
      noLoaderErrors(check);
      expect(check.stdout).not.toContain("desk_users");
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
    }, 300_000);
  });
});
