import { spawn } from "node:child_process";
import path from "node:path";
import { endWithTest } from "./processes";

const root = path.resolve(import.meta.dirname, "../..");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  cwd: string;
  /** Added to a bare PATH and HOME: a command sees only what a test gives it. */
  env: Record<string, string>;
  stdin?: string;
  /** A command that hangs is ended, not left behind; none for one that may take minutes (an install). */
  timeoutMs?: number;
}

/** Runs a command with `stdin` piped in, never blocking the worker; ends with the test whatever happens. */
export function runCommand(command: string, args: string[], options: CommandOptions): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
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
    child.stdin.end(options.stdin ?? "");
    const timer = options.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), options.timeoutMs) : undefined;
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
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
  // It may create a PGlite database (13-17 s) first.
  return runCommand(process.execPath, ["--import", "tsx", script, ...args], {
    cwd,
    env: { LOG_LEVEL: "silent", ...env },
    stdin,
    timeoutMs: 180_000,
  });
}
