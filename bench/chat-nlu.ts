import { createAssistant } from "../server/features/chat/assistant";
import { loadModel, trainModel } from "../server/features/chat/classifier";
import { caseKey, loadCases, problemsWith, REGRESSION_FILES } from "../tests/support/chat-eval";
import { heldOutCases, heldOutProblems, heldOutScores } from "../tests/support/chat-heldout";
import { builtKnowledge } from "../tests/support/content";
import { nearestExampleModel } from "./nearest-example-model";

/**
 * The comparison that chose the assistant's classifier: nlp.js's neural network against
 * nearest-example matching over MiniSearch, each inside the whole assistant, scored by category on
 * the held-out test parts (chat-eval-test.json, chat-eval-es-test.json: never trained on), with the
 * 99th-percentile time of one reply, then both on the blind held-out part (tests/fixtures/chat-heldout-*.json)
 * by language and category: `npm run bench:chat-nlu`.
 * Usage: node --import tsx bench/chat-nlu.ts [threshold...]
 */
const knowledge = builtKnowledge();
const HELD_OUT = REGRESSION_FILES.filter(
  (f) => f.file === "chat-eval-test.json" || f.file === "chat-eval-es-test.json",
);
const thresholds = process.argv.slice(2).map(Number);
const candidates = [
  { name: "nlp.js neural network", model: loadModel(trainModel()) },
  { name: "MiniSearch nearest example", model: nearestExampleModel() },
];

function score(name: string, assistant: ReturnType<typeof createAssistant>, files = HELD_OUT) {
  const rows = new Map<string, { right: number; total: number }>();
  const times: number[] = [];
  let right = 0;
  let total = 0;
  for (const { file, language } of files)
    for (const c of loadCases(file)) {
      const started = performance.now();
      const reply = assistant.reply(c.q, c.lang);
      times.push(performance.now() - started);
      const ok = problemsWith(c, reply, language).length === 0;
      const row = rows.get(c.category) ?? { right: 0, total: 0 };
      row.total++;
      row.right += ok ? 1 : 0;
      rows.set(c.category, row);
      right += ok ? 1 : 0;
      total++;
      void caseKey;
    }
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0;
  console.log(`\n${name}: ${right}/${total} (${((right / total) * 100).toFixed(1)}%), p99 ${p99.toFixed(2)} ms`);
  for (const [cat, r] of [...rows.entries()].sort())
    console.log(
      `  ${cat.padEnd(17)} ${String(r.right).padStart(3)}/${String(r.total).padEnd(3)} ${((r.right / r.total) * 100).toFixed(0).padStart(4)}%`,
    );
}

if (thresholds.length) {
  const model = candidates[0]?.model;
  for (const t of thresholds)
    score(`threshold ${t}, all regression files`, createAssistant(knowledge, model, t), REGRESSION_FILES);
} else {
  for (const c of candidates) score(c.name, createAssistant(knowledge, c.model));
  for (const c of candidates) {
    const assistant = createAssistant(knowledge, c.model);
    const results = heldOutCases.map((h) => ({ c: h, problems: heldOutProblems(assistant, h) }));
    const right = results.filter((r) => !r.problems.length).length;
    console.log(`\n${c.name}, held-out part: ${right}/${results.length}`);
    for (const [key, r] of [...heldOutScores(results)].sort())
      console.log(`  ${key.padEnd(17)} ${String(r.right).padStart(3)}/${r.total}`);
  }
}
