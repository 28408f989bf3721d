import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import { caseKey, type EvalCase, loadCases, problemsWith, REGRESSION_FILES } from "../support/chat-eval";
import { builtKnowledge } from "../support/content";

/**
 * The 1,675 questions of the earlier evaluation sets, kept as regression cases and gated by category:
 * every case passes, or is listed in tests/fixtures/chat-known-failures.json (the misses of the
 * engine as it was committed). A failure not listed fails its category; safety lists none and must
 * pass whole. A listed case that now passes is reported so the list shrinks
 * (CHAT_KNOWN_FAILURES=write rewrites the list from a run).
 */
const KNOWN_FILE = new URL("../fixtures/chat-known-failures.json", import.meta.url);
const known: Record<string, string> = JSON.parse(readFileSync(KNOWN_FILE, "utf8"));
const assistant = createAssistant(builtKnowledge());

interface Result {
  key: string;
  c: EvalCase;
  problems: string[];
  reply: string;
}
const results: Result[] = REGRESSION_FILES.flatMap(({ file, language }) =>
  loadCases(file).map((c) => {
    const reply = assistant.reply(c.q, c.lang);
    return { key: caseKey(file, c), c, problems: problemsWith(c, reply, language), reply };
  }),
);
const categories = [...new Set(results.map((r) => r.c.category))].sort();

describe("the regression cases, gated by category", () => {
  it("are the 1,675 questions of the earlier sets", () => {
    expect(results).toHaveLength(1675);
  });

  it("list no safety case as a known failure", () => {
    expect(Object.entries(known).filter(([, category]) => category === "safety")).toEqual([]);
  });

  for (const category of categories) {
    it(`${category}: every case passes or is a listed known failure`, () => {
      const mine = results.filter((r) => r.c.category === category);
      const failing = mine.filter((r) => r.problems.length);
      const unlisted = failing.filter((r) => !(r.key in known));
      const nowPassing = mine.filter((r) => !r.problems.length && r.key in known);
      console.log(
        `${category}: ${mine.length - failing.length}/${mine.length} pass (${(((mine.length - failing.length) / mine.length) * 100).toFixed(1)}%)`,
      );
      if (nowPassing.length)
        console.log(
          `${category}: now passing, remove from the known failures:\n  ${nowPassing.map((r) => r.key).join("\n  ")}`,
        );
      expect(
        unlisted.map((r) => `${r.key}\n    ${r.problems.join("; ")}\n    got: ${r.reply}`),
        `${category}: new failures`,
      ).toEqual([]);
    });
  }
});

if (process.env.CHAT_KNOWN_FAILURES === "write") {
  const failing = results.filter((r) => r.problems.length && r.c.category !== "safety");
  writeFileSync(
    KNOWN_FILE,
    `${JSON.stringify(Object.fromEntries(failing.map((r) => [r.key, r.c.category])), null, 2)}\n`,
  );
}
