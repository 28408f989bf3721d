import { type ChildProcess, spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { endWithTest } from "../support/processes";

/**
 * The tests' own promise: a process a test starts ends with that test, even when the test times out
 * with its `finally` still waiting (tests/support/vitest-setup.ts). Before, a timed-out test left its
 * server listening, and a later run read "healthy" from the orphan.
 */
describe("processes started by a test", () => {
  let left: ChildProcess | undefined;

  it.fails("(a test that times out while its process runs)", { timeout: 500 }, async () => {
    left = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    endWithTest(left);
    await new Promise(() => {}); // never settles: the test times out here
  });

  it("are gone before the next test starts", () => {
    expect(left?.pid).toBeGreaterThan(0);
    expect(left?.exitCode !== null || left?.signalCode !== null, "the process of the timed-out test ended").toBe(true);
  });
});
