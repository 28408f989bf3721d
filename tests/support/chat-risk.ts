import type { Assistant } from "../../server/features/chat/assistant";
import { type EvalCase, loadCases, problemsWith } from "./chat-eval";
import { type HeldOutCase, heldOutCases, heldOutProblems } from "./chat-heldout";

/**
 * Risk and coverage: of the messages of a part, the share the assistant answers (coverage; the rest
 * get the honest "I can't tell what you need") and, of those answered, the share answered wrong (risk).
 * What the calibration fits the confidence threshold on (scripts/calibrate-chat.ts, the development
 * part) and what tests/unit/chat-calibration.test.ts measures on the held-out part.
 */
export interface RiskCoverage {
  total: number;
  answered: number;
  right: number;
}

export const coverage = (m: RiskCoverage) => (m.total ? m.answered / m.total : 0);
export const risk = (m: RiskCoverage) => (m.answered ? (m.answered - m.right) / m.answered : 0);
/** Right answers gained, minus a wrong answer's cost, per message: an honest "I can't tell" costs nothing. */
export const utility = (m: RiskCoverage, costOfWrong: number) =>
  m.total ? (m.right - costOfWrong * (m.answered - m.right)) / m.total : 0;

/** A part of the evaluation: regression files (with their reply language) and held-out cases. */
export interface Part {
  files: { file: string; language?: "es" }[];
  heldOut?: HeldOutCase[];
}

export function measure(assistant: Pick<Assistant, "answer">, part: Part): RiskCoverage {
  const out: RiskCoverage = { total: 0, answered: 0, right: 0 };
  const count = (abstained: boolean, problems: number) => {
    out.total++;
    if (abstained) return;
    out.answered++;
    if (!problems) out.right++;
  };
  for (const { file, language } of part.files)
    for (const c of loadCases(file) as EvalCase[]) {
      const answer = assistant.answer(c.q, c.lang);
      count(answer.abstained, problemsWith(c, answer.text, language).length);
    }
  for (const c of part.heldOut ?? []) {
    // heldOutProblems asks with the case's page hint: the answer it got says whether it abstained.
    let abstained = false;
    const problems = heldOutProblems(
      {
        answer: (q, hint) => {
          const a = assistant.answer(q, hint);
          abstained = a.abstained;
          return a;
        },
      },
      c,
    );
    count(abstained, problems.length);
  }
  return out;
}

/** The development part: the development files (never trained on) and the old held-out part. */
export const DEVELOPMENT: Part = {
  files: [{ file: "chat-eval-dev.json" }, { file: "chat-eval-es-dev.json", language: "es" }],
  heldOut: heldOutCases,
};

/** The held-out part the calibration never sees: the test files, never trained on. */
export const HELD_OUT: Part = {
  files: [
    { file: "chat-eval-test.json" },
    { file: "chat-eval-es-test.json", language: "es" },
    { file: "chat-eval-es-test-blind4.json", language: "es" },
  ],
};
