/**
 * Every reply of the built-in assistant, for a change that must not change one (a speed change):
 * each question of the chat fixtures (tests/fixtures/chat-{eval,blind,heldout}*.json, the safety
 * situations crossed with their places as chat-safety-classes.test.ts does) and each string literal
 * of the chat unit tests, with and without the Spanish hint, answered by the assistant of the last
 * `npm run build` and written to a JSON file (the text, the language, whether it abstained). Run it
 * before and after, and compare the files byte for byte. Then the CPU a reply, over several passes
 * in this process (process.cpuUsage): over every message, and over the bench's development set.
 *
 *   node --import tsx bench/chat-replies.ts replies.json [passes] [bench-set passes]
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { createAssistant } from "../server/features/chat/assistant";
import { readChatKnowledge, readChatModel } from "../server/site-files";

const root = process.env.CHAT_REPLIES_ROOT ?? path.resolve(import.meta.dirname, "..");
const fx = path.join(root, "tests/fixtures");
type Q = { q: string; lang?: "en" | "es" };
const qs: Q[] = [];
const walk = (v: unknown) => {
  if (Array.isArray(v)) v.forEach(walk);
  else if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.q === "string") qs.push({ q: o.q, lang: o.lang === "es" || o.lang === "en" ? o.lang : undefined });
    else for (const x of Object.values(o)) walk(x);
  }
};
for (const f of readdirSync(fx).sort())
  if (/^chat-(eval|blind|heldout).*\.json$/.test(f) && !f.includes("known-failures"))
    walk(JSON.parse(readFileSync(path.join(fx, f), "utf8")));
// The safety situations crossed with the places, as chat-safety-classes.test.ts does.
const sit = JSON.parse(readFileSync(path.join(fx, "chat-safety-situations.json"), "utf8"));
for (const kind of Object.keys(sit.situations))
  for (const lang of ["en", "es"] as const)
    for (const [n, s] of (sit.situations[kind][lang] as string[]).entries())
      for (const p of sit.places[lang]) qs.push({ q: n % 2 ? `${p.text}, ${s}` : `${s}; ${p.text}`, lang });
for (const lang of ["en", "es"] as const) {
  for (const x of sit.notDanger[lang]) qs.push({ q: x.text, lang });
  for (const t of sit.shoulderOnly[lang]) qs.push({ q: t, lang });
}
// Every string literal of the chat unit tests, in both languages and without a hint.
const lits = new Set<string>();
for (const f of readdirSync(path.join(root, "tests/unit")).sort()) {
  if (!f.startsWith("chat")) continue;
  const src = ts.createSourceFile(
    f,
    readFileSync(path.join(root, "tests/unit", f), "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const visit = (n: ts.Node) => {
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && n.text.length >= 2) lits.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(src);
}
for (const t of lits) {
  qs.push({ q: t });
  qs.push({ q: t, lang: "es" });
}
const dist = path.join(root, "dist");
const knowledge = readChatKnowledge(dist);
const assistant = createAssistant(knowledge, readChatModel(dist));
const out = process.argv[2] ?? "/tmp/chatspeed/replies.json";
const replies = qs.map(({ q, lang }) => ({ q, hint: lang, ...assistant.answer(q, lang) }));
writeFileSync(out, `${JSON.stringify(replies, null, 1)}\n`);
console.log(`${qs.length} messages -> ${out}`);
/** CPU ms a reply for each of `passes` passes over `messages`, in this process. */
function cpuPerReply(messages: Q[], passes: number): number[] {
  const costs: number[] = [];
  for (let p = 0; p < passes; p++) {
    const cpu = process.cpuUsage();
    for (const { q, lang } of messages) assistant.answer(q, lang);
    const used = process.cpuUsage(cpu);
    costs.push((used.user + used.system) / 1000 / messages.length);
  }
  return costs;
}
const printed = (costs: number[]) =>
  `${costs.map((c) => c.toFixed(4)).join(" ")}; min ${Math.min(...costs).toFixed(4)}`;
// CPU per reply over several passes in this process (the first pass above warmed it).
const passes = Number(process.argv[3] ?? 5);
const benchPasses = Number(process.argv[4] ?? passes);
console.log(`CPU ms a reply, passes: ${printed(cpuPerReply(qs, passes))}`);
// The bench's own set (dev + trained questions), the bench's "again" number.
const FILES = ["chat-eval-dev.json", "chat-eval-trained.json", "chat-eval-es-dev.json", "chat-eval-es-trained.json"];
const bench: Q[] = FILES.flatMap((f) => JSON.parse(readFileSync(path.join(fx, f), "utf8")));
console.log(`bench set (${bench.length}): CPU ms a reply ${printed(cpuPerReply(bench, benchPasses))}`);
