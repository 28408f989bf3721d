import type { ArticleSection, ChatKnowledge } from "../../../src/shared/chat-knowledge-schema";
import { PACKS, type Said } from "./pack";

/**
 * What the assistant knows: the curated texts of each language's data pack (replies.yaml, each tied
 * to the page sentence it restates) and the build's knowledge file (every section of every article
 * and guide, for how-to questions, and which towns have a page of their own).
 */
export type { ArticleSection, ChatKnowledge };

/** The towns that have a page of their own, by name: "Riverton" -> "/areas/lodi". */
export function townPages(knowledge: ChatKnowledge): Map<string, string> {
  return new Map(knowledge.townPages.map((p) => [p.town, p.url]));
}

export interface Curated extends Said {
  id: string;
}

/** Every curated text of a language, with an id: "safety-injury", "service-towing", and a topic's own name ("price"). */
export function curated(lang: "en" | "es"): Curated[] {
  const r = PACKS[lang].replies;
  const tables: [string, Record<string, Said>][] = [
    ["safety-", r.safety],
    ["service-", r.services],
    ["", r.topics],
  ];
  const out: Curated[] = [];
  for (const [prefix, texts] of tables)
    for (const [key, said] of Object.entries(texts)) out.push({ id: `${prefix}${key}`, ...said });
  for (const part of r.accidentParts ?? []) out.push({ id: part.id, text: part.text, source: part.source });
  for (const fact of r.lawFacts)
    out.push({ id: `law-${fact.id}`, text: fact.text, source: fact.source, law: fact.law });
  return out;
}

/** How many things the assistant can say: curated answers in both languages plus article sections. */
export function knowledgeSize(knowledge: ChatKnowledge): number {
  return curated("en").length + curated("es").length + knowledge.sections.length;
}

/** The English curated answers by id, with the reply text as `answer` (what content tests read). */
export const facts = curated("en").map((c) => ({ id: c.id, answer: c.text, source: c.source, law: c.law }));
