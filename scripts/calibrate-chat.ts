import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { createAssistant } from "../server/features/chat/assistant";
import { loadModel, trainModel } from "../server/features/chat/classifier";
import { dataPath } from "../server/features/chat/data-file";
import { coverage, DEVELOPMENT, measure, risk, utility } from "../tests/support/chat-risk";
import { builtKnowledge } from "../tests/support/content";

/**
 * Fits the assistant's confidence threshold (`npm run calibrate:chat`, after `npm run build`): the
 * classifier score from which an intent counts, below which a message with nothing else we know gets
 * no stock reply but the honest "I can't tell what you need". For each candidate it measures, on the
 * development part (never trained on), coverage (the share answered) and risk (the share of those
 * answered wrong), and keeps the threshold with the best utility: a right answer gains 1, a wrong one
 * costs COST_OF_WRONG (a confident wrong answer costs more than an honest "I can't tell"), and not
 * answering costs nothing. Ties go to the lower threshold (more answered). Writes
 * server/features/chat/data/calibration.yaml; tests/unit/chat-calibration.test.ts fails when it is stale.
 */
export const COST_OF_WRONG = 2;
export const CANDIDATES = Array.from({ length: 13 }, (_, i) => Math.round((0.3 + i * 0.05) * 100) / 100);

export async function fit(costOfWrong = COST_OF_WRONG) {
  const knowledge = builtKnowledge();
  const model = loadModel(trainModel());
  const round = (x: number) => Math.round(x * 10000) / 10000;
  const measured: { threshold: number; coverage: number; risk: number; utility: number }[] = [];
  for (const threshold of CANDIDATES) {
    const m = measure(createAssistant(knowledge, model, threshold), DEVELOPMENT);
    measured.push({
      threshold,
      coverage: round(coverage(m)),
      risk: round(risk(m)),
      utility: round(utility(m, costOfWrong)),
    });
    // Seconds of work per candidate: let the process answer its other callers (a test runner) between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const best = measured.reduce((a, b) => (b.utility > a.utility ? b : a));
  return {
    threshold: best.threshold,
    costOfWrong,
    fittedOn: [...DEVELOPMENT.files.map((f) => f.file), "chat-heldout-en.json", "chat-heldout-es.json"],
    measured,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const calibration = await fit();
  const header =
    "# Written by `npm run calibrate:chat` (scripts/calibrate-chat.ts): do not edit by hand.\n" +
    "# threshold: the classifier score from which an intent counts, fitted on the development part\n" +
    "# (fittedOn) for the best utility (right answers minus costOfWrong per wrong one); measured: each\n" +
    "# candidate's coverage (share answered) and risk (share of those answered wrong) there.\n";
  writeFileSync(dataPath("calibration.yaml"), header + stringify(calibration, { lineWidth: 0 }));
  console.table(calibration.measured);
  console.log(`threshold ${calibration.threshold}`);
}
