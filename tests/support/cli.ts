import { spawn } from "node:child_process";
import path from "node:path";

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
    child.stdin.end(stdin);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
