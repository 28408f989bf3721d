/**
 * The one phrase syntax of the assistant's data: the safety guard's vocabulary (data/<lang>/safety.yaml)
 * and the reader's phrase lists (data/<lang>/entities.yaml: services, articles, trips, places asked
 * about, people, where the car is) are written in it and parsed here. A phrase is pieces separated by
 * spaces; each piece is one of these, or several joined by `|` (any one of them):
 * - a word: `locked`, `trapped` (compared folded, and by the reader of each list: the guard by stem
 *   and one-letter typos, the entity finder by edit distance);
 * - `@name`: any entry of the named list (the guard's `lists`; an entry may be several words);
 * - `#`: a number written in digits;
 * - `*`: any one word;
 * and any piece followed by `?` is optional. So `locked|trapped in @det? car` reads "locked in the car"
 * and "trapped in car". A piece is one word: "get in" as an alternative is two pieces, so write it as
 * its own phrase. The text helpers (folding, tokens, edit distance, stems) are text.ts's.
 */

export const OPTIONAL = "?";
export const CHOICE = "|";
export const LIST = "@";
export const NUMBER = "#";
export const ANY = "*";

/** What one alternative of a piece stands for: a word, a list's entries, a number or any word. */
export const WORD = 0;
export const LIST_ENTRY = 1;
export const A_NUMBER = 2;
export const ANY_WORD = 3;
export type Choice =
  | { type: typeof WORD; text: string }
  | { type: typeof LIST_ENTRY; name: string }
  | { type: typeof A_NUMBER }
  | { type: typeof ANY_WORD };

export interface Piece {
  choices: Choice[];
  optional: boolean;
}

function choiceOf(raw: string): Choice {
  if (raw === NUMBER) return { type: A_NUMBER };
  if (raw === ANY) return { type: ANY_WORD };
  if (raw.startsWith(LIST) && raw.length > 1) return { type: LIST_ENTRY, name: raw.slice(1) };
  return { type: WORD, text: raw };
}

/** A phrase's pieces, in order. */
export function parsePhrase(text: string): Piece[] {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => {
      const optional = raw.length > 1 && raw.endsWith(OPTIONAL);
      const body = optional ? raw.slice(0, -1) : raw;
      return { choices: body.split(CHOICE).filter(Boolean).map(choiceOf), optional };
    });
}

/** Every phrase of plain words a phrase stands for, at most this many: a list that wants more is a mistake. */
const MAX_EXPANSIONS = 256;

/**
 * The plain word sequences a phrase stands for, for a reader that matches words only (the entity
 * finder): alternatives and optional pieces spelt out, `@name` by the entries of `lists`. `#` and `*`
 * stay as they are (a reader that knows them, like the highway forms' `#`, fills them in itself).
 */
export function expandPhrase(text: string, lists: Record<string, readonly string[]> = {}): string[] {
  let out: string[][] = [[]];
  for (const piece of parsePhrase(text)) {
    const words = piece.choices.flatMap((c) => {
      if (c.type === LIST_ENTRY) {
        const entries = lists[c.name];
        if (!entries) throw new Error(`${text}: ${LIST}${c.name}?`);
        return entries;
      }
      return [c.type === WORD ? c.text : c.type === A_NUMBER ? NUMBER : ANY];
    });
    const next: string[][] = [];
    for (const start of out) {
      if (piece.optional) next.push(start);
      for (const w of words) next.push([...start, w]);
    }
    if (next.length > MAX_EXPANSIONS) throw new Error(`${text}: > ${MAX_EXPANSIONS}`);
    out = next;
  }
  return out.map((words) => words.join(" ")).filter(Boolean);
}
