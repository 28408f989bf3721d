import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import { builtKnowledge } from "../support/content";

/**
 * The held-out test part (tests/fixtures/chat-heldout-{en,es}.json): 160 messages written blind by a
 * helper who read only the site's content, committed (f17a2af) before the rebuilt assistant it judges,
 * and scored once when the rebuild was done. Nobody tunes the assistant against it. Each case names its
 * situation and category; the reply must hold every `must` and no `mustNot` (case-insensitive), be in
 * the message's language, and, for a danger, say 911 in its first sentence.
 *
 * `chat-heldout-known-failures.json` lists the ids that failed at that one scoring (safety may have
 * none): any other failure fails this test, and a listed case that passes is reported so the list
 * shrinks.
 */
interface HeldOutCase {
  id: string;
  lang: "en" | "es";
  situation: string;
  category: string;
  q: string;
  must: string[];
  mustNot: string[];
}

const load = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"));
const cases = [...load<HeldOutCase[]>("chat-heldout-en.json"), ...load<HeldOutCase[]>("chat-heldout-es.json")];
const known = new Set(load<string[]>("chat-heldout-known-failures.json"));
const assistant = createAssistant(builtKnowledge());

const firstSentence = (reply: string) => reply.split(/(?<=[.!?])\s+|\n/)[0] ?? "";

function problemsWith(c: HeldOutCase): string[] {
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

const results = cases.map((c) => ({ c, problems: problemsWith(c) }));

describe("the held-out test part, written blind", () => {
  it("scores by language and category (printed), with no new failure and none in safety", () => {
    const rows = new Map<string, { right: number; total: number }>();
    for (const { c, problems } of results) {
      const key = `${c.lang} ${c.category}`;
      const row = rows.get(key) ?? { right: 0, total: 0 };
      row.total++;
      if (!problems.length) row.right++;
      rows.set(key, row);
    }
    const right = results.filter((r) => !r.problems.length).length;
    console.log(
      `held-out part: ${right}/${results.length}\n${[...rows]
        .sort()
        .map(([k, r]) => `  ${k.padEnd(16)} ${r.right}/${r.total}`)
        .join("\n")}`,
    );
    const failing = results.filter((r) => r.problems.length);
    const fixed = [...known].filter((id) => !failing.some((r) => r.c.id === id));
    if (fixed.length) console.log(`now right, take out of the known failures: ${fixed.join(", ")}`);
    const unexpected = failing
      .filter((r) => !known.has(r.c.id) || r.c.category === "safety")
      .map((r) => `${r.c.id} [${r.c.category}] ${r.c.q}: ${r.problems.join("; ")}`);
    expect(unexpected).toEqual([]);
  });
});
