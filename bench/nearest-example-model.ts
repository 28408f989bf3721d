import MiniSearch from "minisearch";
import {
  featuresOf,
  type Guess,
  type IntentModel,
  languageScorer,
  STEMMERS,
  vocabularyOf,
} from "../server/features/chat/classifier";
import { LANGUAGES, PACKS } from "../server/features/chat/pack";
import { fold } from "../server/features/chat/text";
import type { ChatLanguage } from "../src/shared/chat-schema";

/**
 * The classifier the neural network was chosen over (bench/chat-nlu.ts compares them): MiniSearch
 * over the same examples, the intent of the best-matching example. Kept here, with its benchmark,
 * so the comparison can be run again; the server never loads it.
 */
/** The alternative measured against the network: the intent of the most similar example. */
export function nearestExampleModel(): IntentModel {
  const indexes = {} as Record<ChatLanguage, MiniSearch<{ id: number; text: string; intent: string }>>;
  const vocabularies = {} as Record<ChatLanguage, Map<string, number>>;
  for (const lang of LANGUAGES) {
    const index = new MiniSearch<{ id: number; text: string; intent: string }>({
      fields: ["text"],
      storeFields: ["intent"],
      processTerm: (term) => STEMMERS[lang].stem([fold(term)])[0] ?? null,
      searchOptions: { fuzzy: (term) => (term.length > 5 ? 0.2 : false) },
    });
    let id = 0;
    for (const [intent, examples] of Object.entries(PACKS[lang].intents))
      index.addAll(examples.map((text) => ({ id: id++, text, intent })));
    indexes[lang] = index;
    vocabularies[lang] = new Map(Object.entries(vocabularyOf(lang)));
  }
  return {
    classify(lang, text) {
      const hits = indexes[lang].search(text);
      const best = hits[0]?.score ?? 0;
      const seen = new Set<string>();
      const out: Guess[] = [];
      for (const h of hits.slice(0, 20)) {
        const intent = String(h.intent);
        if (seen.has(intent)) continue;
        seen.add(intent);
        // Scores relative to the best, and the best one damped when it shares few words with the text.
        const words = Object.keys(featuresOf(lang, text)).length || 1;
        out.push({ intent, score: (h.score / best) * Math.min(1, h.terms.length / Math.min(words, 3)) });
      }
      return out;
    },
    languageScores: languageScorer(vocabularies),
  };
}
