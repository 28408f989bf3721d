import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { CHAT_MODEL_FILE } from "../../server/features/chat/classifier";
import { buildChatKnowledge } from "../../src/lib/chat-knowledge";
import { CHAT_KNOWLEDGE_FILE, type ChatKnowledge } from "../../src/shared/chat-knowledge-schema";
import { endWithTest } from "./processes";
import { CHAT_MODEL_ENV } from "./test-site";

/** A knowledge of one article, made by the build's own code, for servers whose tests are not about chat. */
const oneArticle = () =>
  buildChatKnowledge([
    {
      collection: "blog",
      id: "minimal",
      data: { title: "A minimal article" },
      body: "\n## A section\n\nOne sentence to quote.\n",
    },
  ]);

/**
 * A built site with one page and a chat knowledge file: enough for the production server to start
 * without `npm run build`. Pass the real knowledge (builtKnowledge()) where the assistant matters.
 */
export function writeMinimalSite(dir: string, knowledge: ChatKnowledge = oneArticle()): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>t</title><h1>t</h1>");
  writeFileSync(path.join(dir, CHAT_KNOWLEDGE_FILE), JSON.stringify(knowledge));
  // The run's trained classifier, as a build would leave it: the server then loads it, not trains one.
  const model = process.env[CHAT_MODEL_ENV];
  if (model && existsSync(model)) copyFileSync(model, path.join(dir, CHAT_MODEL_FILE));
  return dir;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote to stdout so far (its log; kept for a `built` server only). */
  stdout(): string;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>;
}

/**
 * A port free on 127.0.0.1 just now (the system picks it), for a server process whose address the test
 * must know. Another program could take it before the server listens; the server would then exit, and
 * waitHealthy says so.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node --import tsx server/start.ts` (the production entry point), or with `built` the compiled
 * `dist-server/start.js` of the last `npm run build` (its stdout then kept too), with the given environment,
 * on `port` (from freePort(); 0 when the test need not know it). A test that checks how it stops does
 * so itself; otherwise it ends with the test (tests/support/processes.ts), or at stopServer().
 */
export function startServer(port: number, env: Record<string, string>, { built = false } = {}): ServerProcess {
  const entry = built ? ["dist-server/start.js"] : ["--import", "tsx", "server/start.ts"];
  const child = spawn(process.execPath, entry, {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // No readiness grace at SIGTERM: no proxy follows these servers' readiness (tests of the drain set it).
      SHUTDOWN_GRACE_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", built ? "pipe" : "ignore", "pipe"],
  });
  let [out, err] = ["", ""];
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    err += String(d);
  });
  endWithTest(child);
  const exited = new Promise<number | string | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal));
  });
  return { child, port, url: `http://127.0.0.1:${port}`, stdout: () => out, stderr: () => err, exited };
}

/**
 * Ends a server whatever state the test left it in, and waits until it is gone: SIGTERM (it closes its
 * database and releases its folder), then SIGKILL if it is still there after `graceMs`. A no-op for one
 * that has already exited: a test that stops it itself and checks how it stopped still does so.
 */
export async function stopServer(server: ServerProcess | undefined, graceMs = 15_000): Promise<void> {
  if (!server) return;
  const running = () => server.child.exitCode === null && server.child.signalCode === null;
  if (!running()) return;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => {
    if (running()) server.child.kill("SIGKILL");
  }, graceMs);
  await server.exited;
  clearTimeout(timer);
}

/**
 * Waits until /healthz answers 200, or throws when the process exits or time runs out. The default
 * allows for a first PGlite start (13-17 s on a quiet machine) on a busy one.
 */
export async function waitHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was ready:\n${server.stderr()}`);
    try {
      const res = await fetch(`${server.url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.stderr()}`);
}
