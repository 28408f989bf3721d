/**
 * Text helpers every part of the assistant shares: one folded form of the message (lower case,
 * accents removed, curly quotes straightened) so that "Qué", "que" and "QUE" read the same.
 */
export function fold(text: string): string {
  return foldKeepingCase(text).toLowerCase();
}

/** The folded text before lower-casing: the same letters at the same places, capitals kept. */
export function foldKeepingCase(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a folded text (letters, digits and inner apostrophes or hyphens). */
export function wordsOf(folded: string): string[] {
  return folded.match(/[a-z0-9]+(?:['-][a-z0-9]+)*/g) ?? [];
}

/**
 * True when `a` and `b` differ by at most `max` edits (insert, delete, substitute, swap two
 * neighbours). Runs on every word of every message, so it rejects early and keeps three rows only.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (a === b) return true;
  if (max === 0 || Math.abs(a.length - b.length) > max) return false;
  // A typo rarely hits both of the first two letters; checking this first skips nearly every pair.
  if (a[0] !== b[0] && a[1] !== b[1]) return false;
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (before[j - 2] as number) + 1);
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return false;
    [before, prev, row] = [prev, row, before];
  }
  return (prev[b.length] as number) <= max;
}

/**
 * How a language says "not": the words that turn what follows into its opposite, and the words that
 * start a new clause (after which an earlier "not" no longer applies).
 */
export interface Negation {
  negators: ReadonlySet<string>;
  clauseBreak: RegExp;
}

/** "no spare", "not locked out", "isn't the battery". */
export const englishNegation: Negation = {
  negators: new Set([
    "no",
    "not",
    "never",
    "without",
    "dont",
    "don't",
    "doesnt",
    "doesn't",
    "isnt",
    "isn't",
    "aint",
    "ain't",
    "wasnt",
    "wasn't",
    "nobody",
    "neither",
    "nor",
  ]),
  clauseBreak: /[,.;!?]|\b(?:but|and|though|although|just|so)\b/,
};

/**
 * True when one of the three words just before `index`, in the same clause, negates what starts
 * there: "I'm not locked out" negates "locked out"; "locked out, and the battery" does not.
 */
export function negatedAt(folded: string, index: number, negation: Negation = englishNegation): boolean {
  const before = folded.slice(Math.max(0, index - 40), index);
  const clause = before.split(negation.clauseBreak).at(-1) ?? "";
  const tail = clause.trim().split(" ").slice(-3);
  return tail.some((w) => negation.negators.has(w));
}

/** A language's misspellings: shorthand too short for a typo distance, and long words a need hangs on. */
export interface Typos {
  shorthand: Record<string, string>;
  vocabulary: readonly string[];
}

/** Misspellings and chat shorthand too short for a typo distance to find safely. */
const SHORTHAND: Record<string, string> = {
  ded: "dead",
  kyes: "keys",
  keyz: "keys",
  lockd: "locked",
  lokced: "locked",
  truk: "truck",
  trk: "truck",
  gass: "gas",
  tyre: "tire",
  tyres: "tires",
  tir: "tire",
  flatt: "flat",
  jumpstrt: "jumpstart",
  jmp: "jump",
  bttry: "battery",
  batt: "battery",
  parkin: "parking",
  u: "you",
  ur: "your",
  r: "are",
  pls: "please",
  plz: "please",
  n: "and",
  w: "with",
  bc: "because",
  rn: "right now",
  asap: "right now",
};

/**
 * Long words a need hangs on, matched within a letter or two ("battry", "motorcyle", "acident").
 * Only distinctive words: "locked" is left out because "looked" is one letter away.
 */
const VOCABULARY = [
  "battery",
  "motorcycle",
  "accident",
  "emergency",
  "gasoline",
  "overheating",
  "transmission",
  "driveway",
  "abandoned",
  "insurance",
  "mechanic",
  "puncture",
  "flatbed",
  "lockout",
  "jumpstart",
  "bleeding",
  "injured",
  "collision",
  "stranded",
  "roadside",
  "dispatcher",
];

export const englishTypos: Typos = { shorthand: SHORTHAND, vocabulary: VOCABULARY };

/** Puts the words a need hangs on back in their usual spelling. */
export function correctTypos(folded: string, typos: Typos = englishTypos): string {
  return folded.replace(/[a-z]+/g, (word) => {
    // Own keys only: "constructor" is a word a driver may type, not a lookup of Object's prototype.
    if (Object.hasOwn(typos.shorthand, word)) return typos.shorthand[word] as string;
    if (word.length < 6) return word;
    for (const v of typos.vocabulary) {
      if (word !== v && withinEdits(word, v, v.length >= 9 ? 2 : 1)) return v;
    }
    return word;
  });
}
