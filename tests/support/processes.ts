import type { ChildProcess } from "node:child_process";

/**
 * Every process a test starts is ended when the test ends, whatever happened: passed, failed, or timed
 * out with its own `finally` still waiting. Vitest's setup (tests/support/vitest-setup.ts) calls
 * endTestProcesses() after each test; the exit hook below covers the rest (a Playwright worker, a crash).
 */
type Signal = "SIGTERM" | "SIGKILL";
const live = new Map<ChildProcess, (signal: Signal) => void>();

/**
 * Ends `child` with the test that started it. `send` delivers a signal: to the child by default, or to
 * its whole process group for one started `detached` whose own children must end too.
 */
export function endWithTest(child: ChildProcess, send: (signal: Signal) => void = (signal) => child.kill(signal)) {
  live.set(child, send);
  child.once("exit", () => live.delete(child));
}

/** SIGTERM to each process still running (it closes its database), then SIGKILL after `graceMs`. */
export async function endTestProcesses(graceMs = 15_000): Promise<void> {
  await Promise.all(
    [...live].map(
      ([child, send]) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => tryToSend(send, "SIGKILL"), graceMs);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          tryToSend(send, "SIGTERM");
        }),
    ),
  );
}

function tryToSend(send: (signal: Signal) => void, signal: Signal) {
  try {
    send(signal);
  } catch {
    // Gone already.
  }
}

process.once("exit", () => {
  for (const send of live.values()) tryToSend(send, "SIGKILL");
});
