import { composeEnglish, composeSpanish } from "./compose";
import { CONTENT_DIR } from "./content-files";
import { knowledgeSize, readArticleSections, readTownPages } from "./knowledge";
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
 * ever picks among texts written in advance.
 */
export function createAssistant(contentDir: string = CONTENT_DIR): Assistant {
  const sections = readArticleSections(contentDir);
  const size = knowledgeSize(contentDir);
  const context = { retriever: createRetriever(sections), townPages: readTownPages(contentDir) };
  return {
    knowledgeSize: size,
    reply(raw: string): string {
      const text = raw.trim().slice(0, MAX_READ);
      const folded = fold(text);
      if (isSpanish(folded, wordsOf(folded))) return composeSpanish(folded, text, context);
      return composeEnglish(correctTypos(folded), text, context);
    },
  };
}
