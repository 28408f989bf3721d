import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { createGuard, type DangerReading } from "./guard";
import { fill, PACKS } from "./pack";
import { safetyVocabularies } from "./safety-vocabulary";

/**
 * The guard every message goes through first, reading with every language's vocabulary at once (a
 * message may mix them, and the reply language is a guess the guard must not depend on).
 */
export const safetyGuard = createGuard(Object.values(safetyVocabularies));

/**
 * What to say when the guard found danger, in the reply's language: first "call 911 now", then one
 * line for each kind of danger found (in the guard's order), then that after 911 we can help with
 * the car.
 */
export function dangerReply(reading: DangerReading, lang: ChatLanguage): string {
  const say = safetyVocabularies[lang].reply;
  // The site's facts ({phone}) are filled in as in every other reply, never typed in the data.
  return fill([say.call, ...reading.kinds.map((kind) => say[kind]), say.car].join(" "), PACKS[lang].replies);
}
