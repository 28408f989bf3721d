import type { ArticleSection, ChatKnowledge } from "../../../src/shared/chat-knowledge-schema";
import { allCurated } from "./answers";
import { accidentParts, spanish } from "./answers-es";

/**
 * What the assistant knows: the curated answers (answers.ts, each tied to the page sentence it
 * restates) and the build's knowledge file (every section of every article and guide, for
 * technical questions, and which towns have a page of their own).
 */
export type { ArticleSection, ChatKnowledge };

/** The towns that have a page of their own, by name: "Lodi" -> "/areas/lodi". */
export function townPages(knowledge: ChatKnowledge): Map<string, string> {
  return new Map(knowledge.townPages.map((p) => [p.town, p.url]));
}

/** The Spanish texts: the same dangers, services and topics, and the accident guide's parts. */
const spanishCount =
  Object.keys(spanish.safety).length +
  Object.keys(spanish.services).length +
  Object.keys(spanish.topics).length +
  accidentParts.length;

/** How many things the assistant can say: curated answers in both languages plus article sections. */
export function knowledgeSize(knowledge: ChatKnowledge): number {
  return allCurated().length + spanishCount + knowledge.sections.length;
}

/** The curated answers by id, with the reply text as `answer` (what content tests read). */
export const facts = allCurated().map((c) => ({ id: c.id, answer: c.text, source: c.source, law: c.law }));
