import { StemmerEn } from "@nlpjs/lang-en-min";
import { StemmerEs } from "@nlpjs/lang-es";
import { NeuralNetwork } from "@nlpjs/neural";
import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { LANGUAGES, PACKS } from "./pack";
import { fold, wordsOf } from "./text";

/**
 * The intent classifier: for each language, nlp.js's neural network trained on the examples of the
 * language's intents.yaml, over stemmed words (nlp.js's own stemmers), so "towed", "towing" and
 * "tows" are one feature. It is trained at build time (scripts/build-chat-model.ts writes
 * dist/chat-model.json) and loaded at start; tests train it in memory from the same data.
 *
 * The alternative it was measured against, nearest-example matching, lives with its benchmark
 * (bench/nearest-example-model.ts, `npm run bench:chat-nlu`); see the report in docs/decisions.md.
 */

export interface Guess {
  intent: string;
  score: number;
}

export interface IntentModel {
  /**
   * The intents a text may be, best first, with their scores (above 0; an intent whose output is 0 is
   * not listed: no threshold counts it, and a reply reads only a few of the top ones).
   */
  classify(lang: ChatLanguage, text: string): Guess[];
  /**
   * How likely a text's words are in each language's data (a naive Bayes over word counts: "me", "un"
   * and "de" are far more frequent in the Spanish data); 0 for every language when no word is known.
   */
  languageScores(text: string): Record<ChatLanguage, number>;
}

/** nlp.js's name for "no intent", which a guess never is. */
const NONE = "None";

/** The file the build writes beside chat-knowledge.json, read by the server at start. */
export const CHAT_MODEL_FILE = "chat-model.json";

export interface SavedModel {
  format: 1;
  languages: Record<ChatLanguage, { network: unknown; vocabulary: Record<string, number> }>;
}

/** Each language's stemmer (exported for the benchmark's nearest-example model too). */
export const STEMMERS: Record<ChatLanguage, { stem(tokens: string[]): string[] }> = {
  en: new StemmerEn(),
  es: new StemmerEs(),
};

/**
 * The one-word place names (the towns, their aliases, places outside them): left out of the features,
 * so that the towns named in the examples teach the classifier nothing about intents. Words of longer
 * names ("area" of Bay Area, "camp" of Bear Camp) are everyday words too, and stay.
 */
const PLACE_WORDS = new Set(
  LANGUAGES.flatMap((lang) => {
    const { towns, outsidePlaces } = PACKS[lang].entities;
    const names = [
      ...Object.entries(towns).flatMap(([name, t]) => [name, ...t.aliases]),
      ...Object.entries(outsidePlaces).flatMap(([name, aliases]) => [name, ...aliases]),
    ];
    return names.map((n) => wordsOf(fold(n))).flatMap((w) => (w.length === 1 ? w : []));
  }),
);

/** A text's features: its stemmed words, place names left out. */
export function featuresOf(lang: ChatLanguage, text: string): Record<string, number> {
  const features: Record<string, number> = {};
  const words = wordsOf(fold(text)).filter((w) => !PLACE_WORDS.has(w));
  for (const stem of STEMMERS[lang].stem(words)) if (stem) features[stem] = 1;
  return features;
}

/** Every word a language's data uses: its examples, its service names and the texts it says. */
export function vocabularyOf(lang: ChatLanguage): Record<string, number> {
  const { intents, entities, replies } = PACKS[lang];
  const said = [replies.safety, replies.services, replies.topics].flatMap((t) => Object.values(t).map((s) => s.text));
  const texts = [...Object.values(intents).flat(), ...Object.values(entities.services).flat(), ...said];
  const counts: Record<string, number> = {};
  for (const word of texts.flatMap((t) => wordsOf(fold(t)))) counts[word] = (counts[word] ?? 0) + 1;
  return counts;
}

/** Trains every language's network: what the build runs, and tests when no built model is given. */
export function trainModel(): SavedModel {
  const languages = {} as SavedModel["languages"];
  for (const lang of LANGUAGES) {
    const corpus = Object.entries(PACKS[lang].intents).flatMap(([intent, examples]) =>
      examples.map((e) => ({ input: featuresOf(lang, e), output: { [intent]: 1 } })),
    );
    const network = new NeuralNetwork({ log: false });
    network.train(corpus);
    languages[lang] = { network: network.toJSON(), vocabulary: vocabularyOf(lang) };
  }
  return { format: 1, languages };
}

/** Scores a text's words against each language's vocabulary (see IntentModel.languageScores). */
export function languageScorer(vocabularies: Record<ChatLanguage, Map<string, number>>) {
  const totals = Object.fromEntries(
    LANGUAGES.map((l) => [l, [...vocabularies[l].values()].reduce((a, b) => a + b, 0)]),
  ) as Record<ChatLanguage, number>;
  return (text: string) => {
    const known = wordsOf(fold(text)).filter((w) => LANGUAGES.some((l) => vocabularies[l].has(w)));
    const scores = {} as Record<ChatLanguage, number>;
    for (const lang of LANGUAGES) {
      // Log-likelihood of the known words, smoothed so a word one language lacks costs, not forbids.
      scores[lang] = known.reduce(
        (sum, w) => sum + Math.log(((vocabularies[lang].get(w) ?? 0) + 0.1) / totals[lang]),
        0,
      );
      if (!known.length) scores[lang] = 0;
    }
    return scores;
  };
}

export function loadModel(saved: SavedModel): IntentModel {
  const runners = {} as Record<ChatLanguage, (features: Record<string, number>) => Guess[]>;
  const vocabularies = {} as Record<ChatLanguage, Map<string, number>>;
  for (const lang of LANGUAGES) {
    const network = new NeuralNetwork({ log: false });
    network.fromJSON(saved.languages[lang].network);
    runners[lang] = runnerOf(network);
    vocabularies[lang] = new Map(Object.entries(saved.languages[lang].vocabulary));
  }
  return {
    classify(lang, text) {
      const features = featuresOf(lang, text);
      if (!Object.keys(features).length) return [];
      return runners[lang](features);
    },
    languageScores: languageScorer(vocabularies),
  };
}

/**
 * The network's guesses for a text's features: what nlp.js's `run` computes (the same lookup, the
 * same 32-bit weights added in the same order, the same leaky output), ranked, without the objects
 * `run` makes for every perceptron of every call. Outputs named like array indexes would be listed
 * in another order by `run`'s object: such a network is run by nlp.js itself.
 */
function runnerOf(network: NeuralNetwork): (features: Record<string, number>) => Guess[] {
  const perceptrons = network.perceptrons ?? [];
  if (perceptrons.some((p) => /^\d+$/.test(p.name))) return (features) => ranked(network.run(features) ?? {});
  const { dict } = network.lookup.inputLookup;
  const { alpha } = network.settings;
  const keys: (string | number)[] = [];
  return (features) => {
    // As nlp.js's lookup does: the features its dictionary has, in the order of the features' keys.
    const present = Object.keys(features);
    keys.length = 0;
    const values: number[] = [];
    for (const key of present) {
      const index = dict[key];
      if (index !== undefined) {
        keys.push(index);
        values.push(features[key] as number);
      }
    }
    const scored: Guess[] = [];
    for (const { name, weights, bias } of perceptrons) {
      if (name === NONE) continue;
      let sum = bias;
      for (let k = 0; k < keys.length; k++) sum = sum + (values[k] as number) * (weights[keys[k] as number] as number);
      // Only the few outputs above 0 become guesses: no object for each of the other intents, every call.
      if (sum > 0) scored.push({ intent: name, score: alpha * sum });
    }
    return scored.sort(byScore);
  };
}

/**
 * The network's outputs above 0 as guesses, best first, ties in the network's order (a stable sort).
 * Outputs are 0 or above (nlp.js's leaky output is 0 at or below 0).
 */
function ranked(out: Record<string, number>): Guess[] {
  const scored: Guess[] = [];
  for (const intent in out) {
    if (!Object.hasOwn(out, intent) || intent === NONE) continue;
    const score = out[intent] as number;
    if (score > 0) scored.push({ intent, score });
  }
  return scored.sort(byScore);
}

const byScore = (a: Guess, b: Guess) => b.score - a.score;
