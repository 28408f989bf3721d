import { describe, expect, it } from "vitest";
import { PACKS } from "../../server/features/chat/pack";
import { fold } from "../../server/features/chat/text";
import { DEVELOPMENT_FILES, loadCases } from "../support/chat-eval";
import { heldOutCases } from "../support/chat-heldout";

/**
 * The classifier is calibrated on the development part and measured on the held-out test parts, so
 * none of their questions may be one of its training examples (intents.yaml), in either language,
 * word for word once folded (capitals, accents and punctuation aside). The questions that had been
 * copied into the examples left the development files for chat-eval-trained.json and
 * chat-eval-es-trained.json: regression cases only, never calibrated or measured on. Two examples
 * that differ only in punctuation or capitals are one example, counted twice.
 */
const shape = (q: string) =>
  fold(q)
    .replace(/[^a-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const shapes = (files: string[]) => new Set(files.flatMap((f) => loadCases(f).map((c) => shape(c.q))));
const examples = (["en", "es"] as const).flatMap((lang) =>
  Object.entries(PACKS[lang].intents).flatMap(([intent, list]) => list.map((e) => ({ lang, intent, e }))),
);

describe("the chat data packs", () => {
  it("hold no question of the development or held-out parts as an example", () => {
    const evaluated = new Set([
      ...shapes(DEVELOPMENT_FILES.map((f) => f.file)),
      ...shapes(["chat-eval-test.json", "chat-eval-es-test.json", "chat-eval-es-test-blind4.json"]),
      ...heldOutCases.map((c) => shape(c.q)),
    ]);
    expect(examples.length).toBeGreaterThan(1000);
    expect(
      examples.filter(({ e }) => evaluated.has(shape(e))).map(({ lang, intent, e }) => `${lang} ${intent}: ${e}`),
    ).toEqual([]);
  });

  it("hold no two examples that differ only in punctuation or capitals", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { lang, intent, e } of examples) {
      const key = `${lang} ${shape(e)}`;
      const first = seen.get(key);
      if (first) twice.push(`${lang}: "${e}" (${intent}) is "${first}"`);
      else seen.set(key, `${e}" (${intent})`);
    }
    expect(twice).toEqual([]);
  });

  it("the check finds a development question copied as an example", () => {
    const question = loadCases(DEVELOPMENT_FILES[0]?.file ?? "")[0]?.q ?? "";
    expect(shape(`${question.toUpperCase()}!!`)).toBe(shape(question));
  });
});
