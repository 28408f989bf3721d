import { describe, expect, it } from "vitest";
import { loadModel, trainModel } from "../../server/features/chat/classifier";
import { loadCases, REGRESSION_FILES } from "../support/chat-eval";

/**
 * The classifier the server loads (the build's dist/chat-model.json, written by
 * scripts/build-chat-model.ts) reads every message as the one trained in memory does: saving it as
 * JSON loses nothing that changes an intent.
 */
describe("the chat classifier, saved and loaded", () => {
  const trained = trainModel();
  const inMemory = loadModel(trained);
  const reloaded = loadModel(JSON.parse(JSON.stringify(trained)));
  const questions = REGRESSION_FILES.flatMap(({ file }) => loadCases(file).map((c) => c.q));

  it("gives the same best intent, in both languages, for every regression question", () => {
    const differ = questions.flatMap((q) =>
      (["en", "es"] as const)
        .filter((lang) => inMemory.classify(lang, q)[0]?.intent !== reloaded.classify(lang, q)[0]?.intent)
        .map((lang) => `${lang}: ${q}`),
    );
    expect(differ).toEqual([]);
    expect(questions.length).toBe(1675);
  });

  it("tells the languages apart by their words", () => {
    expect(reloaded.languageScores("se me ponchó la llanta").es).toBeGreaterThan(
      reloaded.languageScores("se me ponchó la llanta").en,
    );
    expect(reloaded.languageScores("my car won't start").en).toBeGreaterThan(
      reloaded.languageScores("my car won't start").es,
    );
  });
});
