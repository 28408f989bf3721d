import { StemmerEn } from "@nlpjs/lang-en-min";
import { StemmerEs } from "@nlpjs/lang-es";

/**
 * Text helpers every part of the assistant shares (the reader, the classifier, the entity finder and
 * the safety guard): one folded form of the message (lower case, accents removed, curly quotes
 * straightened) so that "Qué", "que" and "QUE" read the same; its tokens; edit distance; and each
 * language's stemmer, so that word forms come from a maintained stemmer, never from listed endings.
 */
export function fold(text: string): string {
  return foldKeepingCase(text).toLowerCase();
}

// Compiled once: the server's bundler writes a Unicode-property literal as `new RegExp(…)`, which
// inside a function would build a regex on every call.
const MARKS = /\p{M}/gu;

const CURLY_QUOTES = /[\u2018\u2019\u02bc]/g;

/** True when every character of a text is ASCII: it has no accent to take off and no curly quote. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The folded text before lower-casing: the same letters at the same places, capitals kept. */
export function foldKeepingCase(text: string): string {
  // Most messages are plain ASCII, which decomposing leaves as it is: only their spaces change.
  const plain = isAscii(text) ? text : text.normalize("NFD").replace(MARKS, "").replace(CURLY_QUOTES, "'");
  return plain.replace(/\s+/g, " ").trim();
}

const SHAPED_WORDS = /[\p{L}0-9]+(?:['-][\p{L}0-9]+)*/gu;

/** The words of a text folded with its capitals kept, in the same places as wordsOf's ("Riverton" stays capital). */
export function wordsKeepingCase(text: string): string[] {
  return foldKeepingCase(text).match(SHAPED_WORDS) ?? [];
}

/** The words of a folded text (letters, digits and inner apostrophes or hyphens). */
export function wordsOf(folded: string): string[] {
  return folded.match(/[a-z0-9]+(?:['-][a-z0-9]+)*/g) ?? [];
}

/**
 * True when `a` and `b` differ by at most `max` edits (insert, delete, substitute, swap two
 * neighbours). Runs on every word of every message, so it rejects early, keeps three rows only and
 * reuses them from call to call.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (a === b) return true;
  if (max === 0 || Math.abs(a.length - b.length) > max) return false;
  // A typo rarely hits both of the first two letters; checking this first skips nearly every pair.
  if (a[0] !== b[0] && a[1] !== b[1]) return false;
  const width = b.length + 1;
  if (rows[0].length < width) rows = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  // The row two back (for a swap), the row before and the row being filled.
  let [before, prev, row] = rows;
  for (let j = 0; j < width; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        v = Math.min(v, (before[j - 2] as number) + 1);
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return false;
    const oldest = before;
    before = prev;
    prev = row;
    row = oldest;
  }
  return (prev[b.length] as number) <= max;
}

/** withinEdits' rows, grown when a longer word comes. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** A language's misspellings (entities.json): shorthand too short for a typo distance, and long words a need hangs on. */
export interface Typos {
  shorthand: Record<string, string>;
  vocabulary: readonly string[];
}

/** Puts the words a need hangs on back in their usual spelling. */
export function correctTypos(folded: string, typos: Typos): string {
  let corrections = correctionsOf.get(typos);
  if (!corrections) {
    corrections = rememberedPerToken((word) => correctedWord(word, typos));
    correctionsOf.set(typos, corrections);
  }
  return folded.replace(/[a-z]+/g, corrections);
}

/** Each language's corrections, remembered per word: a word is compared with the vocabulary once. */
const correctionsOf = new WeakMap<Typos, (word: string) => string>();

function correctedWord(word: string, typos: Typos): string {
  // Own keys only: "constructor" is a word a driver may type, not a lookup of Object's prototype.
  if (Object.hasOwn(typos.shorthand, word)) return typos.shorthand[word] as string;
  if (word.length < 6) return word;
  for (const v of typos.vocabulary) {
    if (word !== v && withinEdits(word, v, v.length >= 9 ? 2 : 1)) return v;
  }
  return word;
}

/** How many different tokens a per-token memory holds before it starts again (its bound). */
export const TOKENS_REMEMBERED = 20_000;

/**
 * A function of one token, remembered: drivers use the same few thousand words again and again, so
 * the work done on a word (a stem, a typo's correction, what it reads as) is done once. The memory is
 * bounded: once full, it starts again, so a flood of new words costs time, never memory.
 */
export function rememberedPerToken<T>(compute: (token: string) => T): (token: string) => T {
  const known = new Map<string, T>();
  return (token) => {
    const remembered = known.get(token);
    if (remembered !== undefined || known.has(token)) return remembered as T;
    const value = compute(token);
    if (known.size >= TOKENS_REMEMBERED) known.clear();
    known.set(token, value);
    return value;
  };
}

// ---------------------------------------------------------------------------------------------
// Tokens: what the safety guard compares, a word or a number each.

const APOSTROPHES = /['`\u00b4]/g;
const TOKENS = /\p{L}+|\p{N}+/gu;
const REPEATED_LETTERS = /(\p{L})\1+/gu;
const DIGITS_ONLY = /^\p{N}+$/u;

/** Folded, without apostrophes; words and numbers as separate tokens ("2yr" → 2, yr; "can't" → cant). */
export function tokensOf(text: string): string[] {
  return fold(text).replace(APOSTROPHES, "").match(TOKENS) ?? [];
}

/** Repeated letters squeezed to one: "hurrrt" and "hurt", "bleding" and "bleeding" compare equal. */
export const squeeze = (token: string) => token.replace(REPEATED_LETTERS, "$1");
export const isNumber = (token: string) => DIGITS_ONLY.test(token);

/** Every string one deletion away from `key`, and `key` itself (a typo index's keys). */
export function deletions(key: string): string[] {
  const out = [key];
  for (let i = 0; i < key.length; i++) out.push(key.slice(0, i) + key.slice(i + 1));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Stemming: nlp.js's Snowball-based stemmers, the same the classifier is trained with.

const STEMMERS = { en: new StemmerEn(), es: new StemmerEs() };
export type StemLanguage = keyof typeof STEMMERS;
export const STEM_LANGUAGES = Object.keys(STEMMERS) as StemLanguage[];

/** The stemmer's word for a token, remembered per language; undefined when it gives none. */
const STEMS = Object.fromEntries(
  STEM_LANGUAGES.map((lang) => [lang, rememberedPerToken((token) => STEMMERS[lang].stem([token])[0])]),
) as Record<StemLanguage, (token: string) => string | undefined>;

/** A folded token's stem in a language ("hurts" → hurt, "amenazandome" → amenac). */
export function stemOf(token: string, lang: StemLanguage): string {
  return STEMS[lang](token) ?? token;
}

/** The stems of a text's words, as the stemmer gives them for the list (a word with no stem gives none). */
export function stemsOf(words: readonly string[], lang: StemLanguage): string[] {
  const stems: string[] = [];
  for (const word of words) {
    const stem = STEMS[lang](word);
    if (stem !== undefined) stems.push(stem);
  }
  return stems;
}
