import { englishGrammar, type Reading, readIntents, STRONG_NEED } from "./intents";
import { englishSafety, readSafety, type SafetyReading } from "./safety";
import { correctTypos } from "./text";
import { englishPlaces, type PlaceGrammar } from "./towns";

/**
 * How the assistant reads a message in one language: what in it is danger (safety.ts), which needs it
 * names (intents.ts) and how it points at places (towns.ts). The reading is the same in every
 * language, the words are not: English here, Spanish in spanish.ts. compose.ts answers any reading.
 */
export interface Reader {
  /** The folded message with the words a need hangs on put back in their usual spelling. */
  correct(folded: string): string;
  safety(folded: string): SafetyReading;
  intents(folded: string): Reading;
  /** "I need a tow", "it broke down": a need now, so a price or time question keeps its service. */
  strongNeed: RegExp;
  /** Words that, beside a town's name, ask whether we come there. */
  areaWords: RegExp;
  /** "From Lodi to Stockton": a trip between two places. */
  trip: RegExp;
  places: PlaceGrammar;
}

export const englishReader: Reader = {
  correct: (folded) => correctTypos(folded),
  safety: (folded) => readSafety(folded, englishSafety),
  intents: (folded) => readIntents(folded, englishGrammar),
  strongNeed: STRONG_NEED,
  areaWords:
    /\b(serve|service|cover|covered|come|go|work|area|too far|ok|okay|available|out to|out by|in|near|around|by)\b/,
  trip: /\bfrom\b.+\bto\b/,
  places: englishPlaces,
};
