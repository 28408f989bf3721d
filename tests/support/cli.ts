import { spawn } from "node:child_process";
import path from "node:path";
import { endWithTest } from "./processes";

const root = path.resolve(import.meta.dirname, "../..");

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the server's command-line scripts as `npm run …` does (node + tsx), with `stdin` piped
 * in; `cwd` is the repository unless a test runs a copy of it.
 */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdin = "",
  cwd = root,
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += String(d);
    });
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    endWithTest(child);
    child.stdin.end(stdin);
    // A command that hangs is ended, not left behind; it may create a PGlite database (13-17 s) first.
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
