import { describe, expect, it } from "vitest";
import { PACKS } from "../../server/features/chat/pack";
import { fold } from "../../server/features/chat/text";
import { loadCases } from "../support/chat-eval";

/**
 * The classifier is measured on the evaluation's held-out test parts (the earlier test sets and the
 * blind held-out part of tests/fixtures/chat-heldout-*.json), so none of their questions may be one of
 * its training examples (intents.json), in either language.
 */
describe("the chat data packs", () => {
  it("hold no question of the held-out test parts as an example", () => {
    const shape = (q: string) =>
      fold(q)
        .replace(/[^a-z0-9 ]/g, "")
        .trim();
    const heldOut = new Set(
      [
        "chat-eval-test.json",
        "chat-eval-es-test.json",
        "chat-eval-es-test-blind4.json",
        "chat-heldout-en.json",
        "chat-heldout-es.json",
      ].flatMap((f) => loadCases(f).map((c) => shape(c.q))),
    );
    const examples = (["en", "es"] as const).flatMap((lang) => Object.values(PACKS[lang].intents).flat());
    expect(examples.length).toBeGreaterThan(1000);
    expect(examples.filter((e) => heldOut.has(shape(e)))).toEqual([]);
  });
});
