import { TOKENS_REMEMBERED, withinEdits } from "./text";

/**
 * The words of the entity finder's phrases (entities.ts), each with an id, and what a message's word
 * reads as among them: the listed words it spells exactly, a typo of which it may be, and which it
 * begins with ("tow" in "towing"). A word is compared with the listed words once and the reading is
 * remembered (bounded, as text.ts's per-token memories are), so a phrase is matched by looking ids up,
 * not by an edit distance per phrase, and a list's phrases are tried only where a message's word can
 * begin one of them (PhraseIndex).
 */

/** How many letters a typed word may be off from a listed word of this length. */
export function tolerance(length: number, strict: boolean): number {
  if (strict) return length >= 10 ? 2 : length >= 8 ? 1 : 0;
  return length >= 8 ? 2 : length >= 5 ? 1 : 0;
}

/** A phrase of plain words, with the id of each. */
export interface Phrase {
  words: string[];
  ids: number[];
  /** The initial letters of its words, which a typo keeps. */
  initials: string;
}

/** What a message's word reads as among the listed words (their ids). */
export interface WordReading {
  /** Listed words with its first letter within the usual tolerance of edits (itself, if listed, too). */
  loose: Set<number>;
  /** The same within the strict tolerance (places outside ours): a subset of `loose`. */
  strict: Set<number>;
  /** Listed words of three letters or more that it begins with. */
  prefixes: Set<number>;
  /** How many listed words it was compared with: the words listed after that are compared when next asked. */
  upTo: number;
}

class EntityWords {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  /** The ids of the listed words, by their first letter, in the order listed. */
  private readonly byInitial = new Map<string, number[]>();
  private readonly readings = new Map<string, WordReading>();

  /** The id of a listed word. */
  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
      const initial = word[0] ?? "";
      const same = this.byInitial.get(initial);
      if (same) same.push(id);
      else this.byInitial.set(initial, [id]);
    }
    return id;
  }

  /** The id of a word when it is listed. */
  exactId(word: string): number | undefined {
    return this.ids.get(word);
  }

  /** What a message's word reads as (shared: never changed by a caller). */
  readingOf(token: string): WordReading {
    let reading = this.readings.get(token);
    if (!reading) {
      reading = { loose: new Set(), strict: new Set(), prefixes: new Set(), upTo: 0 };
      if (this.readings.size >= TOKENS_REMEMBERED) this.readings.clear();
      this.readings.set(token, reading);
    }
    if (reading.upTo < this.words.length) this.compare(token, reading);
    return reading;
  }

  /** Compares a token with the listed words it has not met yet (a typo and a prefix keep the first letter). */
  private compare(token: string, reading: WordReading) {
    const from = reading.upTo;
    reading.upTo = this.words.length;
    for (const id of this.byInitial.get(token[0] ?? "\0") ?? []) {
      if (id < from) continue;
      const word = this.words[id] as string;
      if (word.length >= 3 && token.startsWith(word)) reading.prefixes.add(id);
      if (!withinEdits(token, word, tolerance(word.length, false))) continue;
      reading.loose.add(id);
      if (withinEdits(token, word, tolerance(word.length, true))) reading.strict.add(id);
    }
  }
}

/** The one index of the listed words, every language's (a message may mix them). */
export const ENTITY_WORDS = new EntityWords();

export function phraseOf(words: string[]): Phrase {
  return { words, ids: words.map((w) => ENTITY_WORDS.idOf(w)), initials: words.map((w) => w[0]).join("") };
}

/** How a phrase's words are compared with a message's: as written, with typos, with endings. */
export interface Matching {
  /** A typo within the tolerance counts. */
  fuzzy: boolean;
  /** The strict tolerance (places outside ours). */
  strict: boolean;
  /** A word that begins with the phrase's word counts ("towing" for "tow"). */
  prefix: boolean;
}

export const EXACT: Matching = { fuzzy: false, strict: false, prefix: false };
export const FUZZY: Matching = { fuzzy: true, strict: false, prefix: false };

/** True when the message's words from `at` spell the phrase, as `how` compares words. */
export function matchesAt(words: readonly string[], at: number, p: Phrase, how: Matching): boolean {
  for (let i = 0; i < p.words.length; i++) {
    const typed = words[at + i];
    if (typed === undefined) return false;
    if (typed === p.words[i]) continue;
    if (!how.fuzzy && !how.prefix) return false;
    const reading = ENTITY_WORDS.readingOf(typed);
    const id = p.ids[i] as number;
    // A subject's word with an ending ("tow" in "towing", "hitch" in "hitches").
    if (how.prefix && reading.prefixes.has(id)) continue;
    if (!how.fuzzy || !(how.strict ? reading.strict : reading.loose).has(id)) return false;
  }
  return true;
}

/** A list of phrases filed by their first word's id: the numbers of the phrases (in list order) beginning with it. */
export interface PhraseIndex {
  phrases: Phrase[];
  byFirstWord: Map<number, number[]>;
}

export function indexPhrases(phrases: Phrase[]): PhraseIndex {
  const byFirstWord = new Map<number, number[]>();
  for (const [n, p] of phrases.entries()) {
    const first = p.ids[0];
    if (first === undefined) continue;
    const list = byFirstWord.get(first);
    if (list) list.push(n);
    else byFirstWord.set(first, [n]);
  }
  return { phrases, byFirstWord };
}

const NONE: readonly number[] = [];

/**
 * The numbers of the phrases of a list (in list order, each once) that may begin at a message's word:
 * its first word is read as written, or (as `how` allows) as a typo or with an ending. Shared: never
 * changed by a caller.
 */
export function beginningWith(index: PhraseIndex, word: string, how: Matching): readonly number[] {
  if (!how.fuzzy && !how.prefix) {
    const id = ENTITY_WORDS.exactId(word);
    return (id === undefined ? undefined : index.byFirstWord.get(id)) ?? NONE;
  }
  const reading = ENTITY_WORDS.readingOf(word);
  let found: readonly number[] = NONE;
  let merged = false;
  const add = (id: number) => {
    const numbers = index.byFirstWord.get(id);
    if (!numbers) return;
    if (!found.length) found = numbers;
    else {
      found = [...found, ...numbers];
      merged = true;
    }
  };
  for (const id of reading.loose) add(id);
  if (how.prefix) for (const id of reading.prefixes) add(id);
  // Several listed words it may be: their phrases in list order, each once.
  return merged ? [...new Set(found)].sort((a, b) => a - b) : found;
}

/**
 * Where a phrase of the list may begin in a message, as pairs of a phrase's number and a word's
 * index, phrase by phrase in list order and word by word: the order of trying every phrase at every
 * word, without the tries that cannot match.
 */
export function startsIn(index: PhraseIndex, words: readonly string[], how: Matching): number[] {
  const keys: number[] = [];
  const span = words.length + 1;
  for (let at = 0; at < words.length; at++)
    for (const n of beginningWith(index, words[at] as string, how)) keys.push(n * span + at);
  keys.sort((a, b) => a - b);
  const pairs: number[] = [];
  for (const key of keys) pairs.push(Math.floor(key / span), key % span);
  return pairs;
}

/** True when a phrase of the list is in the message's words. */
export function namesAny(index: PhraseIndex, words: readonly string[], how: Matching): boolean {
  for (let at = 0; at < words.length; at++)
    for (const n of beginningWith(index, words[at] as string, how))
      if (matchesAt(words, at, index.phrases[n] as Phrase, how)) return true;
  return false;
}
