import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { type IntentModel, loadModel, type SavedModel, trainModel } from "./classifier";
import { compose } from "./compose";
import { createEntityFinder } from "./entities";
import { type ChatKnowledge, knowledgeSize, townPages } from "./knowledge";
import { LANGUAGES, PACKS } from "./pack";
import { readMessage } from "./read";
import { createRetriever } from "./retrieval";

/** Longer messages are read up to here: the route already refuses more than 2,000 characters. */
const MAX_READ = 2000;

export interface Answer {
  text: string;
  /** The language the reply is written in (the route sends it as Content-Language). */
  lang: ChatLanguage;
  /** True when it could not tell what the driver needs and picked no stock reply (counted as not answered). */
  abstained: boolean;
}

export interface Assistant {
  /** The reply to a message; `lang` is the page's language hint, used only to break a tie. */
  answer(text: string, lang?: ChatLanguage): Answer;
  reply(text: string, lang?: ChatLanguage): string;
  /** How many things it can say (curated answers plus article sections), reported by the benchmark. */
  readonly knowledgeSize: number;
}

/**
 * The built-in assistant. It reads a message (read.ts: language, safety first, intents by the
 * trained classifier, entities by fuzzy matching) and composes a reply from the language's data pack
 * (compose.ts, data/{en,es}/). It never writes a price, an arrival time or a promise of its own,
 * and what a message tells it to do ("ignore your instructions") changes nothing: it only ever picks
 * among texts written in advance. Its knowledge of the pages comes from the build
 * (dist/chat-knowledge.json) and its classifier from dist/chat-model.json; without a built model
 * (tests) it trains one from the same data.
 */
export function createAssistant(
  knowledge: ChatKnowledge,
  model: IntentModel | SavedModel = trainModel(),
  /** The score from which a clause's intent counts (read.ts); measured in bench/chat-nlu.ts. */
  threshold?: number,
): Assistant {
  const intents = "classify" in model ? model : loadModel(model);
  const finders = Object.fromEntries(LANGUAGES.map((l) => [l, createEntityFinder(PACKS[l].entities)])) as Record<
    ChatLanguage,
    ReturnType<typeof createEntityFinder>
  >;
  const context = {
    retriever: createRetriever(knowledge.sections, PACKS.en.entities.searchStopwords ?? []),
    townPages: townPages(knowledge),
  };
  const answer = (raw: string, hint?: ChatLanguage): Answer => {
    const reading = readMessage(raw.trim().slice(0, MAX_READ), hint, intents, finders, threshold);
    const { text, abstained } = compose(reading, context);
    return { text, lang: reading.lang, abstained };
  };
  return {
    knowledgeSize: knowledgeSize(knowledge),
    answer,
    reply: (raw, hint) => answer(raw, hint).text,
  };
}
