import { describe, expect, it } from "vitest";
import { PACKS } from "../../server/features/chat/pack";
import { fold } from "../../server/features/chat/text";
import { loadCases } from "../support/chat-eval";

/**
 * The classifier is measured on the evaluation's held-out test parts, so none of their questions may
 * be one of its training examples (intents.json), in either language. The blind held-out part
 * (chat-heldout-*.json) is checked too, except for what it shares with the development sets by chance
 * (its writer never saw them): a greeting of two words, or a question a development set also asks.
 */
const shape = (q: string) =>
  fold(q)
    .replace(/[^a-z0-9 ]/g, "")
    .trim();
const shapes = (files: string[]) => new Set(files.flatMap((f) => loadCases(f).map((c) => shape(c.q))));

describe("the chat data packs", () => {
  it("hold no question of the held-out test parts as an example", () => {
    const development = shapes(["chat-eval-dev.json", "chat-eval-es-dev.json"]);
    const blind = [...shapes(["chat-heldout-en.json", "chat-heldout-es.json"])].filter(
      (q) => q.split(" ").length > 2 && !development.has(q),
    );
    const heldOut = new Set([
      ...shapes(["chat-eval-test.json", "chat-eval-es-test.json", "chat-eval-es-test-blind4.json"]),
      ...blind,
    ]);
    const examples = (["en", "es"] as const).flatMap((lang) => Object.values(PACKS[lang].intents).flat());
    expect(examples.length).toBeGreaterThan(1000);
    expect(examples.filter((e) => heldOut.has(shape(e)))).toEqual([]);
  });
});
