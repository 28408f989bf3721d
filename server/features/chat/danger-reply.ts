import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { site } from "../../../src/shared/site";
import { createGuard, type DangerReading } from "./guard";
import { safetyVocabularies } from "./safety-vocabulary";

/**
 * The guard every message goes through first, reading with every language's vocabulary at once (a
 * message may mix them, and the reply language is a guess the guard must not depend on).
 */
export const safetyGuard = createGuard(Object.values(safetyVocabularies));

/** The mark in the data where the site's phone number goes (never typed in the data). */
const PHONE_MARK = "{phone}";

/**
 * What to say when the guard found danger, in the reply's language: first "call 911 now", then one
 * line for each kind of danger found (in the guard's order), then that after 911 we can help with
 * the car.
 */
export function dangerReply(reading: DangerReading, lang: ChatLanguage): string {
  const say = safetyVocabularies[lang].reply;
  return [say.call, ...reading.kinds.map((kind) => say[kind]), say.car.replace(PHONE_MARK, site.phone.display)].join(
    " ",
  );
}
