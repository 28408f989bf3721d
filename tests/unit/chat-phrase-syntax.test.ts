import { describe, expect, it } from "vitest";
import { createEntityFinder } from "../../server/features/chat/entities";
import { createGuard } from "../../server/features/chat/guard";
import { PACKS } from "../../server/features/chat/pack";
import {
  A_NUMBER,
  ANY_WORD,
  expandPhrase,
  LIST_ENTRY,
  parsePhrase,
  WORD,
} from "../../server/features/chat/phrase-syntax";
import { safetyVocabularies } from "../../server/features/chat/safety-vocabulary";
import { wordsOf } from "../../server/features/chat/text";

/**
 * One phrase syntax for the safety guard's vocabulary and the reader's phrase lists
 * (server/features/chat/phrase-syntax.ts): the same text means the same thing to both.
 */
describe("the phrase syntax", () => {
  it("parses alternatives, optional pieces, lists, numbers and any word", () => {
    expect(parsePhrase("locked|trapped in @det? # *")).toEqual([
      {
        choices: [
          { type: WORD, text: "locked" },
          { type: WORD, text: "trapped" },
        ],
        optional: false,
      },
      { choices: [{ type: WORD, text: "in" }], optional: false },
      { choices: [{ type: LIST_ENTRY, name: "det" }], optional: true },
      { choices: [{ type: A_NUMBER }], optional: false },
      { choices: [{ type: ANY_WORD }], optional: false },
    ]);
  });

  it("spells a phrase out into plain phrases for a reader of words", () => {
    expect(expandPhrase("tow|towing service?")).toEqual(["tow", "tow service", "towing", "towing service"]);
    expect(expandPhrase("in @det? car", { det: ["the", "my"] })).toEqual(["in car", "in the car", "in my car"]);
    expect(() => expandPhrase("in @nothing car")).toThrow(/nothing/);
  });

  it("means the same to the guard and to the entity finder", () => {
    const phrase = "winch|pull out? of the|my? mud|ditch";
    // The guard, with the phrase as a class's phrase.
    const en = safetyVocabularies.en;
    const guard = createGuard([{ ...en, except: [], contexts: [], fire: [phrase] }]);
    // The entity finder, with the phrase as a service's.
    const finder = createEntityFinder({ ...PACKS.en.entities, services: { "winch-out": [phrase] } });
    for (const text of ["winch out of the mud", "pull out of my ditch", "winch of ditch"]) {
      expect(guard.read(text).kinds, text).toContain("fire");
      expect(finder.services(wordsOf(text)), text).toContain("winch-out");
    }
  });
});
