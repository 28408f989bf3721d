import type { ArticleSection, ChatKnowledge } from "../../src/lib/chat-knowledge-schema";
import { allCurated } from "./answers";

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

/** How many things the assistant can say: curated answers plus article sections. */
export function knowledgeSize(knowledge: ChatKnowledge): number {
  return allCurated().length + knowledge.sections.length;
}

/** The curated answers by id, with the reply text as `answer` (what content tests read). */
export const facts = allCurated().map((c) => ({ id: c.id, answer: c.text, source: c.source, law: c.law }));
