import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { english } from "./answers";
import { spanish } from "./answers-es";
import { compose, type Language } from "./compose";
import { type ChatKnowledge, knowledgeSize, townPages } from "./knowledge";
import { replyLanguage } from "./language";
import { englishReader } from "./reader";
import { createRetriever } from "./retrieval";
import { spanishReader } from "./spanish";
import { fold, wordsOf } from "./text";

/** Longer messages are read up to here: the route already refuses more than 2,000 characters. */
const MAX_READ = 2000;

/** Each language the assistant answers in: how it reads a message, and what it says. */
const LANGUAGES: Record<ChatLanguage, Language> = {
  en: { reader: englishReader, words: english },
  es: { reader: spanishReader, words: spanish },
};

export interface Answer {
  text: string;
  /** The language the reply is written in (the route sends it as Content-Language). */
  lang: ChatLanguage;
}

export interface Assistant {
  /** The reply to a message; `lang` is the page's language hint (see language.ts). */
  answer(text: string, lang?: ChatLanguage): Answer;
  reply(text: string, lang?: ChatLanguage): string;
  /** How many things it can say (curated answers plus article sections), reported by the benchmark. */
  readonly knowledgeSize: number;
}

/**
 * The built-in assistant. It decides the reply's language (language.ts), reads the whole message
 * in it (safety, needs, places: reader.ts for English, spanish.ts for Spanish), then composes a reply
 * from curated text tied to the pages and from article excerpts (compose.ts, answers.ts,
 * answers-es.ts, retrieval.ts). It never writes a price, an arrival time or a promise of its own, and
 * what a message tells it to do ("ignore your instructions") changes nothing: it only ever picks
 * among texts written in advance. Its knowledge of the pages comes from the build
 * (dist/chat-knowledge.json, read by server/site-files.ts), never from src/content.
 */
export function createAssistant(knowledge: ChatKnowledge): Assistant {
  const context = { retriever: createRetriever(knowledge.sections), townPages: townPages(knowledge) };
  const answer = (raw: string, hint?: ChatLanguage): Answer => {
    const text = raw.trim().slice(0, MAX_READ);
    const folded = fold(text);
    const lang = replyLanguage(folded, wordsOf(folded), hint);
    const language = LANGUAGES[lang];
    return { text: compose(text, language.reader.correct(folded), context, language), lang };
  };
  return {
    knowledgeSize: knowledgeSize(knowledge),
    answer,
    reply: (raw, hint) => answer(raw, hint).text,
  };
}
