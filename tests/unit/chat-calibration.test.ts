import { describe, expect, it } from "vitest";
import { fit } from "../../scripts/calibrate-chat";
import { createAssistant } from "../../server/features/chat/assistant";
import { CALIBRATION } from "../../server/features/chat/pack";
import { coverage, DEVELOPMENT, HELD_OUT, measure, risk } from "../support/chat-risk";
import { builtKnowledge } from "../support/content";

/**
 * The assistant's confidence threshold is fitted on the development part (scripts/calibrate-chat.ts
 * writes data/calibration.yaml), never set by hand: this fails when the data packs changed and the
 * stored threshold is no longer the fitted one (`npm run calibrate:chat`). It prints coverage (the
 * share of messages answered; the rest get the honest "I can't tell what you need") and risk (the
 * share of those answered wrong) on the development part and on the held-out part it never saw.
 */
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

describe("the chat assistant's calibration", () => {
  it("is the threshold the development part fits today", async () => {
    const fitted = await fit(CALIBRATION.costOfWrong);
    expect(CALIBRATION.threshold, "run `npm run calibrate:chat` and commit data/calibration.yaml").toBe(
      fitted.threshold,
    );
    expect(CALIBRATION.measured).toEqual(fitted.measured);
    // Thirteen candidates over the development part: a minute or two on a busy machine.
  }, 600_000);

  it("measures risk and coverage on the development and held-out parts (printed)", () => {
    const assistant = createAssistant(builtKnowledge());
    for (const [name, part] of [
      ["development", DEVELOPMENT],
      ["held-out", HELD_OUT],
    ] as const) {
      const m = measure(assistant, part);
      console.log(
        `${name}: ${m.total} messages, coverage ${percent(coverage(m))} (${m.answered} answered), risk ${percent(risk(m))} (${m.answered - m.right} wrong of those answered), right ${percent(1 - risk(m))}`,
      );
      // An honest "I can't tell" is rare on questions like these, and a wrong answer rarer still.
      expect(coverage(m)).toBeGreaterThan(0.9);
      expect(risk(m)).toBeLessThan(0.15);
    }
  });
});
