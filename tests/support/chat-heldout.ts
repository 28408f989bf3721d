import { readFileSync } from "node:fs";
import type { Assistant } from "../../server/features/chat/assistant";

/**
 * The held-out test part (tests/fixtures/chat-heldout-{en,es}.json): 160 messages written blind by a
 * helper who read only the site's content, committed (f17a2af) before the rebuilt assistant it judges.
 * Each case names its situation and category; the reply must hold every `must` and no `mustNot`
 * (case-insensitive), be in the message's language, and, for a danger, say 911 in its first sentence.
 * Shared by its test (tests/unit/chat-heldout.test.ts) and the classifier comparison (bench/chat-nlu.ts).
 */
export interface HeldOutCase {
  id: string;
  lang: "en" | "es";
  situation: string;
  category: string;
  q: string;
  must: string[];
  mustNot: string[];
}

const load = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"));
export const heldOutCases = [
  ...load<HeldOutCase[]>("chat-heldout-en.json"),
  ...load<HeldOutCase[]>("chat-heldout-es.json"),
];
export const heldOutKnownFailures = new Set(load<string[]>("chat-heldout-known-failures.json"));

const firstSentence = (reply: string) => reply.split(/(?<=[.!?])\s+|\n/)[0] ?? "";

/** What is wrong with the assistant's answer to one case; empty when it is right. */
export function heldOutProblems(assistant: Pick<Assistant, "answer">, c: HeldOutCase): string[] {
  // The page a driver wrote from is unknown: half the cases are sent with the other language's hint.
  const hint = Number(c.id.replace(/\D/g, "")) % 2 ? c.lang : c.lang === "en" ? "es" : "en";
  const { text, lang } = assistant.answer(c.q, hint);
  const lower = text.toLowerCase();
  const out: string[] = [];
  for (const m of c.must) if (!lower.includes(m.toLowerCase())) out.push(`missing "${m}"`);
  for (const m of c.mustNot) if (lower.includes(m.toLowerCase())) out.push(`forbidden "${m}"`);
  if (c.category === "safety" && !firstSentence(text).includes("911")) out.push("911 not in the first sentence");
  if (lang !== c.lang) out.push(`answered in ${lang}`);
  return out;
}

/** Right answers by "language category", for printing. */
export function heldOutScores(
  results: { c: HeldOutCase; problems: string[] }[],
): Map<string, { right: number; total: number }> {
  const rows = new Map<string, { right: number; total: number }>();
  for (const { c, problems } of results) {
    const key = `${c.lang} ${c.category}`;
    const row = rows.get(key) ?? { right: 0, total: 0 };
    row.total++;
    if (!problems.length) row.right++;
    rows.set(key, row);
  }
  return rows;
}
