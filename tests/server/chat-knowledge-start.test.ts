import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHAT_KNOWLEDGE_FILE } from "../../src/shared/chat-knowledge-schema";
import { startServer, writeMinimalSite } from "../support/server-process";

/**
 * The assistant's knowledge comes from the build (dist/chat-knowledge.json). Without it, or with a
 * broken one, the production entry point must refuse to start and say which file and what to do,
 * rather than serve an assistant that silently knows nothing.
 */
const root = mkdtempSync(path.join(tmpdir(), "towing-knowledge-start-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Starts server/start.ts on a site whose knowledge file is `content` (or absent) and waits for it to exit. */
async function startWith(name: string, content: string | undefined) {
  const site = writeMinimalSite(path.join(root, name, "site"));
  const file = path.join(site, CHAT_KNOWLEDGE_FILE);
  if (content === undefined) rmSync(file);
  else writeFileSync(file, content);
  const dataDir = path.join(root, name, "data");
  // Port 0: should the server start after all, it takes a free port and the test fails on the exit code.
  const server = startServer(0, { DIST_DIR: site, DATA_DIR: dataDir });
  const timeout = setTimeout(() => server.child.kill("SIGKILL"), 60_000);
  const code = await server.exited;
  clearTimeout(timeout);
  return { code, stderr: server.stderr(), file, dataDir };
}

describe("the server refuses to start without a sound knowledge file", () => {
  it("a missing file: exits 1 naming the file and `npm run build`, before touching the database", async () => {
    const { code, stderr, file, dataDir } = await startWith("missing", undefined);
    expect(code).toBe(1);
    expect(stderr).toContain(`The chat assistant's knowledge file ${file} is missing`);
    expect(stderr).toContain("npm run build");
    expect(existsSync(dataDir)).toBe(false);
  });

  it.each([
    ["not JSON", "{ not json", "is not valid JSON"],
    [
      "JSON of another shape",
      JSON.stringify({ format: 1, pages: "all of them" }),
      "is malformed (pages: Expected array",
    ],
    [
      "a file that knows nothing",
      JSON.stringify({ format: 1, pages: [], sections: [], townPages: [] }),
      "is malformed",
    ],
    ["another format version", JSON.stringify({ format: 99, pages: [], sections: [], townPages: [] }), "format"],
  ])("%s: exits 1 naming the file and `npm run build`", async (name, content, problem) => {
    const { code, stderr, file } = await startWith(name.replace(/\W+/g, "-"), content);
    expect(code).toBe(1);
    expect(stderr).toContain(`The chat assistant's knowledge file ${file}`);
    expect(stderr).toContain(problem);
    expect(stderr).toContain("npm run build");
  });
});
