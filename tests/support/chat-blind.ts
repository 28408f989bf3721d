import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import { PACKS } from "../../server/features/chat/pack";
import { site } from "../../src/shared/site";
import { builtKnowledge } from "./content";

/**
 * The blind parts (tests/fixtures/chat-blindN-{en,es}.json): messages written by hazard class and by
 * situation by someone who saw neither the code, the data packs nor the earlier sets, committed before
 * the engine they judge, and scored once (the scores are in docs/decisions.md). Each is then a
 * regression gate at the level it scored: every case passes or is listed in
 * chat-blindN-known-failures.json, and every listed danger case is printed on each run as a safety miss,
 * never passed over in silence. `CHAT_BLIND_KNOWN=write` records the misses of a part's one scoring.
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

type Assistant = ReturnType<typeof createAssistant>;
type Result = { c: BlindCase; answer: ReturnType<Assistant["answer"]>; problems: string[] };

const score = (assistant: Assistant, cases: BlindCase[]): Result[] =>
  cases.map((c) => {
    const answer = assistant.answer(c.q, c.lang);
    return { c, answer, problems: judge(c, answer.text, answer.abstained) };
  });

function table(rows: Map<string, { right: number; total: number }>): string {
  return [...rows]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, r]) => `  ${k.padEnd(24)} ${String(r.right).padStart(3)}/${String(r.total).padEnd(3)}`)
    .join("\n");
}
function tally(results: Result[], keyOf: (r: Result) => string[]) {
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

function report(part: number, results: Result[]): string {
  const right = results.filter((r) => !r.problems.length).length;
  const asked = results.filter((r) => r.c.kind === "question" || r.c.kind === "trap");
  const answered = asked.filter((r) => !r.answer.abstained);
  const wrong = answered.filter((r) => r.problems.length);
  const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)}%` : "-");
  const lines = [
    `blind part ${part}: ${right}/${results.length} right`,
    "by kind and language:",
    table(tally(results, (r) => [`${r.c.lang} ${r.c.kind}`])),
    "danger by class and language:",
    table(tally(results, (r) => (r.c.kind === "danger" ? r.c.classes.map((k) => `${r.c.lang} ${k}`) : []))),
    `questions and traps: ${asked.length}, answered ${answered.length} (coverage ${pct(answered.length, asked.length)}), wrong ${wrong.length} of those answered (risk ${pct(wrong.length, answered.length)})`,
    `answered in the other language: ${results.filter((r) => r.answer.lang !== r.c.lang).length}`,
  ];
  for (const r of results.filter((r) => r.problems.length))
    lines.push(
      `${r.c.kind === "danger" ? "SAFETY MISS " : "miss "}${r.c.id} [${r.c.kind} ${r.c.classes.join(",")}] ${r.c.q}\n    ${r.problems.join("; ")}\n    got: ${r.answer.text.replace(/\n+/g, " ").slice(0, 300)}`,
    );
  return lines.join("\n");
}

/** Scores blind part `part` (printed) and holds it at the level of its one scoring. */
export function blindPartGate(part: number, title: string): void {
  const files = [`chat-blind${part}-en.json`, `chat-blind${part}-es.json`];
  const knownFile = fixture(`chat-blind${part}-known-failures.json`);
  const present = files.every((f) => existsSync(fixture(f)));

  describe.runIf(present)(title, () => {
    it("is scored by kind, class and language (printed), with risk and coverage", () => {
      const cases: BlindCase[] = files.flatMap((f) => JSON.parse(readFileSync(fixture(f), "utf8")));
      const known: Record<string, string> = existsSync(knownFile) ? JSON.parse(readFileSync(knownFile, "utf8")) : {};
      const results = score(createAssistant(builtKnowledge()), cases);
      console.log(report(part, results));
      const failing = results.filter((r) => r.problems.length);
      if (process.env.CHAT_BLIND_KNOWN === "write")
        writeFileSync(
          knownFile,
          `${JSON.stringify(Object.fromEntries(failing.map((r) => [r.c.id, r.c.kind])), null, 2)}\n`,
        );
      const fixed = Object.keys(known).filter((id) => results.some((r) => r.c.id === id && !r.problems.length));
      if (fixed.length)
        console.log(`now right, take out of chat-blind${part}-known-failures.json: ${fixed.join(", ")}`);
      const unexpected = failing.filter((r) => !(r.c.id in known));
      expect(unexpected.map((r) => `${r.c.id} [${r.c.kind}] ${r.c.q}: ${r.problems.join("; ")}`)).toEqual([]);
    });

    it("judges get-out advice by phrases the assistant's own texts use", () => {
      expect([...STAY_INSIDE.en, ...STAY_INSIDE.es].filter((p) => packText.includes(p)).length).toBeGreaterThan(1);
    });
  });
}
