import { composeEnglish, composeSpanish } from "./compose";
import { type ChatKnowledge, knowledgeSize, townPages } from "./knowledge";
import { createRetriever } from "./retrieval";
import { isSpanish } from "./spanish";
import { correctTypos, fold, wordsOf } from "./text";

/** Longer messages are read up to here: the route already refuses more than 2,000 characters. */
const MAX_READ = 2000;

export interface Assistant {
  reply(text: string): string;
  /** How many things it can say (curated answers plus article sections), reported by the benchmark. */
  readonly knowledgeSize: number;
}

/**
 * The built-in assistant. It reads the whole message (safety.ts, intents.ts, towns.ts, spanish.ts),
 * then composes a reply from curated text tied to the pages and from article excerpts
 * (compose.ts, answers.ts, retrieval.ts). It never writes a price, an arrival time or a promise of
 * its own, and what a message tells it to do ("ignore your instructions") changes nothing: it only
 * ever picks among texts written in advance. Its knowledge of the pages comes from the build
 * (dist/chat-knowledge.json, read by server/site-files.ts), never from src/content.
 */
export function createAssistant(knowledge: ChatKnowledge): Assistant {
  const context = { retriever: createRetriever(knowledge.sections), townPages: townPages(knowledge) };
  return {
    knowledgeSize: knowledgeSize(knowledge),
    reply(raw: string): string {
      const text = raw.trim().slice(0, MAX_READ);
      const folded = fold(text);
      if (isSpanish(folded, wordsOf(folded))) return composeSpanish(folded, text, context);
      return composeEnglish(correctTypos(folded), text, context);
    },
  };
}
