import { StemmerEn } from "@nlpjs/lang-en-min";
import { StemmerEs } from "@nlpjs/lang-es";
import { NeuralNetwork } from "@nlpjs/neural";
import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { LANGUAGES, PACKS } from "./pack";
import { fold, stemsOf, wordsOf } from "./text";

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
  for (const stem of featureKeysOf(lang, text)) features[stem] = 1;
  return features;
}

/** A key that an object lists first, in numeric order (an array index: "0", "35", not "035"). */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;
const isArrayIndex = (key: string) => ARRAY_INDEX.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * The keys of featuresOf's object, in the order the object lists them (array indexes first, in
 * numeric order, then the others as added), without making the object: the classifier adds the
 * weights in this order, so its scores are the same to the last bit.
 */
export function featureKeysOf(lang: ChatLanguage, text: string): string[] {
  const words = wordsOf(fold(text)).filter((w) => !PLACE_WORDS.has(w));
  // The stemmers of STEMMERS, remembered per word (text.ts): the same stems as STEMMERS[lang].stem(words).
  const stems = new Set<string>();
  for (const stem of stemsOf(words, lang)) if (stem) stems.add(stem);
  const keys = [...stems];
  if (!keys.some(isArrayIndex)) return keys;
  const indexes = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...keys.filter((k) => !isArrayIndex(k))];
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
  // Log-likelihood of a word, smoothed so a word one language lacks costs, not forbids: worked out once per word.
  const logLikelihood = (lang: ChatLanguage, count: number) => Math.log((count + 0.1) / totals[lang]);
  const known = new Map<string, Record<ChatLanguage, number>>();
  for (const word of LANGUAGES.flatMap((l) => [...vocabularies[l].keys()]))
    known.set(
      word,
      Object.fromEntries(LANGUAGES.map((l) => [l, logLikelihood(l, vocabularies[l].get(word) ?? 0)])) as Record<
        ChatLanguage,
        number
      >,
    );
  return (text: string) => {
    const words = wordsOf(fold(text)).flatMap((w) => known.get(w) ?? []);
    const scores = {} as Record<ChatLanguage, number>;
    for (const lang of LANGUAGES) scores[lang] = words.length ? words.reduce((sum, w) => sum + w[lang], 0) : 0;
    return scores;
  };
}

export function loadModel(saved: SavedModel): IntentModel {
  const runners = {} as Record<ChatLanguage, (keys: string[]) => Guess[]>;
  const vocabularies = {} as Record<ChatLanguage, Map<string, number>>;
  for (const lang of LANGUAGES) {
    const network = new NeuralNetwork({ log: false });
    network.fromJSON(saved.languages[lang].network);
    runners[lang] = runnerOf(network);
    vocabularies[lang] = new Map(Object.entries(saved.languages[lang].vocabulary));
  }
  return {
    classify(lang, text) {
      const keys = featureKeysOf(lang, text);
      if (!keys.length) return [];
      return runners[lang](keys);
    },
    languageScores: languageScorer(vocabularies),
  };
}

/**
 * The network's guesses for a text's features (featureKeysOf's keys, each of value 1): what nlp.js's
 * `run` computes (the same lookup, the same 32-bit weights added in the same order, the same leaky
 * output), ranked, without the objects `run` makes for every perceptron of every call. The weights
 * are held feature by feature, so a text's few features add their rows to every output's sum at once.
 * Outputs named like array indexes would be listed in another order by `run`'s object: such a network
 * is run by nlp.js itself.
 */
function runnerOf(network: NeuralNetwork): (keys: string[]) => Guess[] {
  const perceptrons = network.perceptrons ?? [];
  if (perceptrons.some((p) => /^\d+$/.test(p.name)))
    return (keys) => ranked(network.run(Object.fromEntries(keys.map((k) => [k, 1]))) ?? {});
  const { dict } = network.lookup.inputLookup;
  const { alpha } = network.settings;
  const outputs = perceptrons.length;
  const inputs = perceptrons[0]?.weights.length ?? 0;
  // Row f holds every output's weight of feature f (the same 32-bit values).
  const rows = new Float32Array(inputs * outputs);
  for (const [p, { weights }] of perceptrons.entries())
    for (let f = 0; f < inputs; f++) rows[f * outputs + p] = weights[f] as number;
  const biases = Float64Array.from(perceptrons, (p) => p.bias);
  const sums = new Float64Array(outputs);
  return (keys) => {
    sums.set(biases);
    for (const key of keys) {
      // As nlp.js's lookup does: a plain object's lookup (a feature it lacks is skipped).
      const index: unknown = dict[key];
      if (index === undefined) continue;
      // A key the object inherits ("constructor") adds no number: every sum is NaN, no output is above 0.
      if (!Number.isInteger(index)) return [];
      const row = (index as number) * outputs;
      for (let p = 0; p < outputs; p++) sums[p] = (sums[p] as number) + (rows[row + p] as number);
    }
    const scored: Guess[] = [];
    for (let p = 0; p < outputs; p++) {
      const { name } = perceptrons[p] as { name: string };
      const sum = sums[p] as number;
      // Only the few outputs above 0 become guesses: no object for each of the other intents, every call.
      if (name !== NONE && sum > 0) scored.push({ intent: name, score: alpha * sum });
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
