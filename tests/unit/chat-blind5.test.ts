import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import { PACKS } from "../../server/features/chat/pack";
import { site } from "../../src/shared/site";
import { builtKnowledge } from "../support/content";

/**
 * The fifth blind part (tests/fixtures/chat-blind5-{en,es}.json): messages written by hazard class and
 * by situation by someone who saw neither the code, the data packs nor the earlier sets, committed on
 * the `blind` branch before the engine it judges, and scored once (the scores are in
 * docs/decisions.md). It is now a regression gate at the level it scored: every case passes or is
 * listed in chat-blind5-known-failures.json, and every listed danger case is printed on each run as a
 * safety miss, never passed over in silence.
 *
 * How each kind is judged:
 * - danger: 911 in the reply's first sentence; for a class whose advice is to get out (fire, fumes,
 *   water, a railroad crossing), no advice to stay inside or buckled in;
 * - trap (danger words in an ordinary message): no 911 in the first sentence, and must/mustNot hold;
 * - question: answered (not the honest "I can't tell") and must/mustNot hold; an honest "I can't tell"
 *   counts against coverage, not against risk;
 * - vague: the honest "I can't tell", or any reply that gives the phone.
 * A `must` entry "a|b" holds when either is in the reply (case-insensitive).
 */
interface BlindCase {
  id: string;
  lang: "en" | "es";
  situation: string;
  kind: "danger" | "question" | "trap" | "vague";
  classes: string[];
  advice?: "get-out" | "stay-by-car" | "cool" | "stay-locked" | "911-only";
  must: string[];
  mustNot: string[];
  q: string;
}

const fixture = (file: string) => new URL(`../fixtures/${file}`, import.meta.url);
const FILES = ["chat-blind5-en.json", "chat-blind5-es.json"];
const KNOWN = fixture("chat-blind5-known-failures.json");
const present = FILES.every((f) => existsSync(fixture(f)));
const cases: BlindCase[] = present ? FILES.flatMap((f) => JSON.parse(readFileSync(fixture(f), "utf8"))) : [];
const known: Record<string, string> = existsSync(KNOWN) ? JSON.parse(readFileSync(KNOWN, "utf8")) : {};

/** The classes whose advice is to get everyone out and away (the issue: fire, fumes, water, tracks). */
const GET_OUT = new Set(["fire", "fumes", "water", "railroad"]);
/**
 * Advice to stay in the car, as the assistant's own texts word it (the freeway caution and the
 * traffic reply): each phrase is checked to stand in the packs, so the list follows what it can say.
 */
const STAY_INSIDE = {
  en: ["stay buckled", "stay in the car", "stay inside", "stay in your car", "remain in the car"],
  es: ["quédese dentro", "quedese dentro", "cinturón puesto", "permanezca dentro", "quédense dentro"],
};
const packText = JSON.stringify([PACKS.en.replies, PACKS.es.replies]).toLowerCase();

const firstSentence = (reply: string) => reply.split(/(?<=[.!?])\s+|\n/)[0] ?? "";
const holds = (reply: string, entry: string) => entry.split("|").some((a) => reply.includes(a.toLowerCase()));

function judge(c: BlindCase, text: string, abstained: boolean): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  const musts = () => {
    for (const m of c.must) if (!holds(lower, m)) out.push(`missing "${m}"`);
    for (const m of c.mustNot) if (holds(lower, m)) out.push(`forbidden "${m}"`);
  };
  if (c.kind === "danger") {
    if (!firstSentence(text).includes("911")) out.push("911 not in the first sentence");
    if (c.advice === "get-out" || c.classes.some((k) => GET_OUT.has(k)))
      for (const p of [...STAY_INSIDE.en, ...STAY_INSIDE.es]) if (lower.includes(p)) out.push(`says "${p}"`);
  } else if (c.kind === "trap") {
    if (firstSentence(text).includes("911")) out.push("opens with 911");
    musts();
  } else if (c.kind === "question") {
    if (!abstained) musts();
  } else if (!abstained && !text.includes(site.phone.display)) out.push("neither an honest I-can't-tell nor the phone");
  return out;
}

const assistant = createAssistant(builtKnowledge());
const results = cases.map((c) => {
  const answer = assistant.answer(c.q, c.lang);
  return { c, answer, problems: judge(c, answer.text, answer.abstained) };
});

function table(rows: Map<string, { right: number; total: number }>): string {
  return [...rows]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, r]) => `  ${k.padEnd(24)} ${String(r.right).padStart(3)}/${String(r.total).padEnd(3)}`)
    .join("\n");
}
function tally(keyOf: (r: (typeof results)[number]) => string[]) {
  const rows = new Map<string, { right: number; total: number }>();
  for (const r of results)
    for (const key of keyOf(r)) {
      const row = rows.get(key) ?? { right: 0, total: 0 };
      row.total++;
      if (!r.problems.length) row.right++;
      rows.set(key, row);
    }
  return rows;
}

describe.runIf(present)("the fifth blind part, written by hazard class", () => {
  it("is scored by kind, class and language (printed), with risk and coverage", () => {
    const right = results.filter((r) => !r.problems.length).length;
    const asked = results.filter((r) => r.c.kind === "question" || r.c.kind === "trap");
    const answered = asked.filter((r) => !r.answer.abstained);
    const wrong = answered.filter((r) => r.problems.length);
    const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)}%` : "-");
    console.log(
      [
        `blind part 5: ${right}/${results.length} right`,
        "by kind and language:",
        table(tally((r) => [`${r.c.lang} ${r.c.kind}`])),
        "danger by class and language:",
        table(tally((r) => (r.c.kind === "danger" ? r.c.classes.map((k) => `${r.c.lang} ${k}`) : []))),
        `questions and traps: ${asked.length}, answered ${answered.length} (coverage ${pct(answered.length, asked.length)}), wrong ${wrong.length} of those answered (risk ${pct(wrong.length, answered.length)})`,
        `answered in the other language: ${results.filter((r) => r.answer.lang !== r.c.lang).length}`,
      ].join("\n"),
    );
    for (const r of results.filter((r) => r.problems.length))
      console.log(
        `${r.c.kind === "danger" ? "SAFETY MISS " : "miss "}${r.c.id} [${r.c.kind} ${r.c.classes.join(",")}] ${r.c.q}\n    ${r.problems.join("; ")}\n    got: ${r.answer.text.replace(/\n+/g, " ").slice(0, 300)}`,
      );
    if (process.env.CHAT_BLIND5_KNOWN === "write") {
      const failing = results.filter((r) => r.problems.length).map((r) => [r.c.id, r.c.kind]);
      writeFileSync(KNOWN, `${JSON.stringify(Object.fromEntries(failing), null, 2)}\n`);
    }
    const unexpected = results.filter((r) => r.problems.length && !(r.c.id in known));
    const fixed = Object.keys(known).filter((id) => results.some((r) => r.c.id === id && !r.problems.length));
    if (fixed.length) console.log(`now right, take out of chat-blind5-known-failures.json: ${fixed.join(", ")}`);
    expect(unexpected.map((r) => `${r.c.id} [${r.c.kind}] ${r.c.q}: ${r.problems.join("; ")}`)).toEqual([]);
  });

  it("judges get-out advice by phrases the assistant's own texts use", () => {
    expect([...STAY_INSIDE.en, ...STAY_INSIDE.es].filter((p) => packText.includes(p)).length).toBeGreaterThan(1);
  });
});
