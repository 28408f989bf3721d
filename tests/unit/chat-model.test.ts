import { NeuralNetwork } from "@nlpjs/neural";
import { describe, expect, it } from "vitest";
import { featuresOf, loadModel, trainModel } from "../../server/features/chat/classifier";
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

  it("scores every question as nlp.js's own run does, to the last bit (numbers and inherited names too)", () => {
    // Keys named like array indexes come first in an object's order, which sets the order the weights add
    // up in; "constructor" is a key every object inherits, which nlp.js's lookup reads as a feature.
    const odd = ["2 cars, 35 dollars and 10 miles", "the constructor of the car", "el 5 de mayo, 2024, a las 10"];
    for (const lang of ["en", "es"] as const) {
      const network = new NeuralNetwork({ log: false });
      network.fromJSON(trained.languages[lang].network);
      for (const text of [...questions, ...odd]) {
        const features = featuresOf(lang, text);
        const outputs = Object.keys(features).length ? (network.run(features) ?? {}) : {};
        const expected = Object.entries(outputs)
          .filter(([intent, score]) => intent !== "None" && score > 0)
          .map(([intent, score]) => ({ intent, score }))
          .sort((a, b) => b.score - a.score);
        expect(inMemory.classify(lang, text), `${lang}: ${text}`).toEqual(expected);
      }
    }
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
