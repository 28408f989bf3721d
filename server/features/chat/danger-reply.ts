import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { createGuard, type DangerReading } from "./guard";
import { fill, PACKS } from "./pack";
import { type DangerKind, safetyVocabularies } from "./safety-vocabulary";

/**
 * The guard every message goes through first, reading with every language's vocabulary at once (a
 * message may mix them, and the reply language is a guess the guard must not depend on).
 */
export const safetyGuard = createGuard(Object.values(safetyVocabularies));

/** How many classes' advice a reply gives: the most urgent, and one more, so the reply stays short. */
const ADVICE_PER_REPLY = 2;

/**
 * The advice for the classes found, most urgent first (the guard gives them in DANGER_KINDS order):
 * when any class asks everyone to get out, no class that asks them to stay is said.
 */
export function adviceFor(kinds: readonly DangerKind[], lang: ChatLanguage): string[] {
  const advice = safetyVocabularies[lang].reply.kinds;
  const out = kinds.some((k) => advice[k].out);
  return kinds
    .filter((k) => !(out && advice[k].stay))
    .slice(0, ADVICE_PER_REPLY)
    .map((k) => advice[k].say);
}

/**
 * What to say when the guard found danger, in the reply's language: first "call 911 now", then the
 * action for the most urgent class found (and one more that fits with it), then that after 911 we can
 * help with the car.
 */
export function dangerReply(reading: DangerReading, lang: ChatLanguage): string {
  const say = safetyVocabularies[lang].reply;
  // The site's facts ({phone}) are filled in as in every other reply, never typed in the data.
  return fill([say.call, ...adviceFor(reading.kinds, lang), say.car].join(" "), PACKS[lang].replies);
}
