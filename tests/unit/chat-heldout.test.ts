import { describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import {
  heldOutCases as cases,
  heldOutProblems,
  heldOutScores,
  heldOutKnownFailures as known,
} from "../support/chat-heldout";
import { builtKnowledge } from "../support/content";

/**
 * The held-out test part (tests/fixtures/chat-heldout-{en,es}.json): 160 messages written blind by a
 * helper who read only the site's content, committed (f17a2af) before the rebuilt assistant it judges,
 * and scored once when the rebuild was done. Nobody tunes the assistant against it. Each case names its
 * situation and category; the reply must hold every `must` and no `mustNot` (case-insensitive), be in
 * the message's language, and, for a danger, say 911 in its first sentence.
 *
 * `chat-heldout-known-failures.json` lists the ids that failed at that one scoring (safety may have
 * none): any other failure fails this test, and a listed case that passes is reported so the list
 * shrinks.
 */
const assistant = createAssistant(builtKnowledge());
const results = cases.map((c) => ({ c, problems: heldOutProblems(assistant, c) }));

describe("the held-out test part, written blind", () => {
  it("scores by language and category (printed), with no new failure and none in safety", () => {
    const rows = heldOutScores(results);
    const right = results.filter((r) => !r.problems.length).length;
    console.log(
      `held-out part: ${right}/${results.length}\n${[...rows]
        .sort()
        .map(([k, r]) => `  ${k.padEnd(16)} ${r.right}/${r.total}`)
        .join("\n")}`,
    );
    const failing = results.filter((r) => r.problems.length);
    const fixed = [...known].filter((id) => !failing.some((r) => r.c.id === id));
    if (fixed.length) console.log(`now right, take out of the known failures: ${fixed.join(", ")}`);
    const unexpected = failing
      .filter((r) => !known.has(r.c.id) || r.c.category === "safety")
      .map((r) => `${r.c.id} [${r.c.category}] ${r.c.q}: ${r.problems.join("; ")}`);
    expect(unexpected).toEqual([]);
  });
});
