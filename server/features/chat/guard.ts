import {
  CAUTIONS,
  DANGER_KINDS,
  type DangerKind,
  ROAD_DANGERS,
  type SafetyReading,
  type SafetyVocabulary,
} from "./safety-vocabulary";

/**
 * The safety guard: reads a message for danger before anything else does, with every language's
 * vocabulary at once (a driver may mix English and Spanish in one message), and never depends on a
 * guess of the message's language. It favours recall: a message that might be an emergency is read
 * as one. It is deterministic, holds no word of any language (the words are in data/<lang>/safety.json,
 * described in safety-vocabulary.ts; a test fails when a word appears here) and reads a message in a
 * few hundred microseconds. Its `road` reading, with the same matcher and the vocabulary's `road`
 * phrases, tells the reply what is left once no one is in danger: a crash, a stop beside fast traffic,
 * a caution.
 */

export type { DangerKind, SafetyReading } from "./safety-vocabulary";

export interface DangerReading {
  /** The kinds of danger found, in DANGER_KINDS order; empty when there is none. */
  kinds: DangerKind[];
}

export interface Guard {
  read(text: string): DangerReading;
  /** A crash, a stop in or beside traffic, a caution: what the reply needs beyond `read`. */
  road(text: string): SafetyReading;
}

const [SHUT_IN, INJURY, FIRE, TRAFFIC, THREAT] = DANGER_KINDS;
const [IN_TRAFFIC, CRASH] = ROAD_DANGERS;
const [FREEWAY, CRASH_NO_INJURY, HEAT] = CAUTIONS;

/** How far (in words) a shut-in phrase looks for the being or the thing it is about. */
const ATTACH_WINDOW = 8;
/** Fillers skipped when looking at a word's neighbours. */
const MAX_FILLERS = 2;
/** An ending is read off a word of at least this many letters ("hurt|s", never "la|es"). */
const MIN_STEM = 3;
/** Words this long or longer also read their one-letter typos. */
const TYPO_MIN_LENGTH = 5;
/** How many different tokens the guard remembers the reading of before it starts again. */
const READS_REMEMBERED = 20_000;

// ---------------------------------------------------------------------------------------------
// Folding: the same for messages and for the vocabulary, so they compare.

// Compiled once: the server's bundler writes a Unicode-property literal as `new RegExp(…)`, which
// inside a function would build a regex on every call.
const MARKS = /\p{M}/gu;
const APOSTROPHES = /['\u2018\u2019\u02bc`\u00b4]/g;
const TOKENS = /\p{L}+|\p{N}+/gu;
const REPEATED_LETTERS = /(\p{L})\1+/gu;
const DIGITS_ONLY = /^\p{N}+$/u;

/** Lower case, no accents, no apostrophes; words and numbers as separate tokens ("2yr" → 2, yr). */
export function tokensOf(text: string): string[] {
  const folded = text.normalize("NFD").replace(MARKS, "").toLowerCase().replace(APOSTROPHES, "");
  return folded.match(TOKENS) ?? [];
}

/** Repeated letters squeezed to one: "hurrrt" and "hurt", "bleding" and "bleeding" compare equal. */
const squeeze = (token: string) => token.replace(REPEATED_LETTERS, "$1");
const isNumber = (token: string) => DIGITS_ONLY.test(token);

/** True when a and b differ by at most one edit (insert, delete, substitute, swap two neighbours). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Every string one deletion away from `key`, and `key` itself. */
function deletions(key: string): string[] {
  const out = [key];
  for (let i = 0; i < key.length; i++) out.push(key.slice(0, i) + key.slice(i + 1));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The lexicon: every word the phrases use, and which of a message's tokens read as each.

class Lexicon {
  private readonly ids = new Map<string, number>();
  private readonly byWord = new Map<string, number[]>();
  private readonly byKey = new Map<string, number[]>();
  private readonly byDeletion = new Map<string, number[]>();
  private readonly words: string[] = [];
  private readonly reads = new Map<string, Set<number>>();

  constructor(
    private readonly endings: string[],
    private readonly lookalikes: Set<string>,
  ) {}

  /** The id of a vocabulary word (a single folded token). */
  idOf(word: string): number {
    const known = this.ids.get(word);
    if (known !== undefined) return known;
    const id = this.words.length;
    this.ids.set(word, id);
    this.words.push(word);
    push(this.byWord, word, id);
    push(this.byKey, squeeze(word), id);
    if (word.length >= TYPO_MIN_LENGTH && !isNumber(word))
      for (const d of deletions(word)) push(this.byDeletion, d, id);
    return id;
  }

  /**
   * The ids of the vocabulary words a message token reads as (shared: never changed by a caller).
   * Remembered per token, since most tokens of a message were in an earlier one; the memory is bounded.
   */
  readAs(token: string): ReadonlySet<number> {
    const known = this.reads.get(token);
    if (known) return known;
    const found = this.lookUp(token);
    if (this.reads.size >= READS_REMEMBERED) this.reads.clear();
    this.reads.set(token, found);
    return found;
  }

  private lookUp(token: string): Set<number> {
    const out = new Set<number>();
    // As written, or with a listed ending ("hurts", "babies").
    addAll(out, this.byWord.get(token));
    for (const ending of this.endings)
      if (token.length >= ending.length + MIN_STEM && token.endsWith(ending))
        addAll(out, this.byWord.get(token.slice(0, -ending.length)));
    const known = out.size > 0;
    // With repeated letters squeezed ("hurrrt", "stucck").
    const key = squeeze(token);
    addAll(out, this.byKey.get(key));
    for (const ending of this.endings)
      if (key.length >= ending.length + MIN_STEM && key.endsWith(ending))
        addAll(out, this.byKey.get(key.slice(0, -ending.length)));
    // One-letter typos. A word the vocabulary knows as it is ("truck") is not also a typo of another
    // ("track"), and a typo keeps its first letter: nearly every slip does, so "body" is never
    // "bloody"'s.
    if (known || token.length < TYPO_MIN_LENGTH - 1 || isNumber(token)) return out;
    if (this.lookalikes.has(token) || this.lookalikes.has(key)) return out;
    for (const d of deletions(token)) {
      for (const id of this.byDeletion.get(d) ?? []) {
        const word = this.words[id] as string;
        if (word[0] === token[0] && withinOneEdit(token, word)) out.add(id);
      }
    }
    return out;
  }
}

function addAll(into: Set<number>, ids: number[] | undefined) {
  if (ids) for (const id of ids) into.add(id);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// ---------------------------------------------------------------------------------------------
// Phrases: compiled from the data's small notation (see safety-vocabulary.ts).

/** What an alternative of a piece matches: words in a row, a number, or any one word. */
const WORDS = 0;
const NUMBER_TOKEN = 1;
const ANY_TOKEN = 2;
type Alternative = { type: typeof WORDS; words: number[] } | { type: typeof NUMBER_TOKEN } | { type: typeof ANY_TOKEN };
interface Piece {
  alternatives: Alternative[];
  optional: boolean;
}
type Phrase = Piece[];

/** A list of phrases, searched for on its own (findIn); where its phrases may begin is in the guard's StartIndex. */
interface PhraseList {
  /** Its place among the guard's lists. */
  id: number;
  phrases: Phrase[];
  /** Scratch of findIn: the number of the attempt each phrase last ran in, and the last number given. */
  tried: Int32Array;
  attempt: number;
}

/**
 * Where the phrases of every list may begin, so that a message's words are looked up once for all
 * lists: each entry is a list of pairs, a list's id then a phrase's number in it.
 */
interface StartIndex {
  /** Phrases whose match may begin with a given word, by the id of each such word. */
  byFirstWord: Map<number, number[]>;
  /** Phrases whose match may begin with a number (`#`). */
  numberStart: number[];
  /** Phrases whose match may begin with any word (`*`). */
  anyStart: number[];
}

/** A list's attempts are numbered up to here, then the numbering starts again. */
const MAX_ATTEMPT = 2 ** 30;

/** A new list, its phrases added to the index under the words their matches may begin with. */
function indexPhrases(index: StartIndex, id: number, phrases: Phrase[]): PhraseList {
  for (const [n, phrase] of phrases.entries()) {
    // A match's first word is read by one of the pieces up to the first that cannot be skipped
    // ("@be? on the ground" begins with a form of "be" or with "on"): a phrase is tried only at a
    // word one of them can read, so an optional first piece does not make it tried at every word.
    const ids = new Set<number>();
    let number = false;
    let any = false;
    for (const piece of phrase) {
      let skippable = piece.optional;
      for (const alt of piece.alternatives) {
        if (alt.type === ANY_TOKEN) any = true;
        else if (alt.type === NUMBER_TOKEN) number = true;
        else if (alt.words.length === 0) skippable = true;
        else ids.add(alt.words[0] as number);
      }
      if (!skippable) break;
    }
    if (any) index.anyStart.push(id, n);
    else {
      if (number) index.numberStart.push(id, n);
      for (const word of ids) {
        const pairs = index.byFirstWord.get(word);
        if (pairs) pairs.push(id, n);
        else index.byFirstWord.set(word, [id, n]);
      }
    }
  }
  return { id, phrases, tried: new Int32Array(phrases.length), attempt: 0 };
}

/** A stretch of the message's tokens, end excluded. */
interface Span {
  start: number;
  end: number;
}

const OPTIONAL = "?";
const CHOICE = "|";
const LIST = "@";
const NUMBER = "#";
const ANY = "*";

function compilePhrase(text: string, lists: Map<string, string[]>, lexicon: Lexicon): Phrase {
  return text
    .trim()
    .split(/\s+/)
    .map((raw) => {
      const optional = raw.length > 1 && raw.endsWith(OPTIONAL);
      const body = optional ? raw.slice(0, -1) : raw;
      const alternatives: Alternative[] = [];
      for (const choice of body.split(CHOICE)) {
        if (choice === NUMBER) alternatives.push({ type: NUMBER_TOKEN });
        else if (choice === ANY) alternatives.push({ type: ANY_TOKEN });
        else if (choice.startsWith(LIST)) {
          const entries = lists.get(choice.slice(1));
          if (!entries) throw new Error(`${text}: ${choice}?`);
          for (const entry of entries)
            alternatives.push({ type: WORDS, words: tokensOf(entry).map((w) => lexicon.idOf(w)) });
        } else alternatives.push({ type: WORDS, words: tokensOf(choice).map((w) => lexicon.idOf(w)) });
      }
      return { alternatives, optional };
    });
}

/** A message as the guard reads it: its tokens and which vocabulary words each reads as. */
interface Message {
  tokens: string[];
  reads: ReadonlySet<number>[];
  /** Whether each token is a number. */
  numbers: boolean[];
  /** By list id: where a phrase of the list may begin, as pairs of a token's index and the phrase's number, in token order. */
  candidates: (number[] | undefined)[];
}

function messageOf(tokens: string[], lexicon: Lexicon, index: StartIndex): Message {
  const message: Message = {
    tokens,
    reads: tokens.map((t) => lexicon.readAs(t)),
    numbers: tokens.map(isNumber),
    candidates: [],
  };
  for (let at = 0; at < tokens.length; at++) {
    addCandidates(message, index.anyStart, at);
    if (message.numbers[at]) addCandidates(message, index.numberStart, at);
    for (const id of message.reads[at] as ReadonlySet<number>) {
      const pairs = index.byFirstWord.get(id);
      if (pairs) addCandidates(message, pairs, at);
    }
  }
  return message;
}

function addCandidates(message: Message, pairs: number[], at: number) {
  for (let k = 0; k < pairs.length; k += 2) {
    const id = pairs[k] as number;
    const found = message.candidates[id];
    if (found) found.push(at, pairs[k + 1] as number);
    else message.candidates[id] = [at, pairs[k + 1] as number];
  }
}

/** The ends of every way `phrase` matches from token `at` (pieces from `piece` on). */
function endsOf(phrase: Phrase, message: Message, at: number, piece: number, out: number[]) {
  if (piece === phrase.length) {
    out.push(at);
    return;
  }
  const { alternatives, optional } = phrase[piece] as Piece;
  if (optional) endsOf(phrase, message, at, piece + 1, out);
  for (const alt of alternatives) {
    if (alt.type === ANY_TOKEN) {
      if (at < message.tokens.length) endsOf(phrase, message, at + 1, piece + 1, out);
    } else if (alt.type === NUMBER_TOKEN) {
      if (at < message.tokens.length && message.numbers[at]) endsOf(phrase, message, at + 1, piece + 1, out);
    } else if (readsAt(message, at, alt.words)) {
      endsOf(phrase, message, at + alt.words.length, piece + 1, out);
    }
  }
}

/** True when the message's tokens from `at` read as the words `ids`, in a row. */
function readsAt(message: Message, at: number, ids: number[]): boolean {
  for (let k = 0; k < ids.length; k++) if (!message.reads[at + k]?.has(ids[k] as number)) return false;
  return true;
}

/** Scratch of findIn: the ends of one phrase. */
const ends: number[] = [];

/**
 * Where the phrases match, leftmost and longest first, without overlaps: "not on fire" is one match,
 * "on fire" (which "not" denies), not also a "fire" of its own.
 */
function findIn(list: PhraseList, message: Message): Span[] {
  const spans: Span[] = [];
  // Only where a phrase of the list may begin; no closure or array is made per word.
  const candidates = message.candidates[list.id];
  if (!candidates) return spans;
  let k = 0;
  while (k < candidates.length) {
    const start = candidates[k] as number;
    // A phrase reachable by two readings of a word runs once per start: `tried` holds the attempt
    // number each phrase last ran in, and every start has a new one.
    if (list.attempt === MAX_ATTEMPT) {
      list.attempt = 0;
      list.tried.fill(0);
    }
    const now = ++list.attempt;
    let end = -1;
    for (; k < candidates.length && candidates[k] === start; k += 2)
      end = tryPhrase(list, candidates[k + 1] as number, message, start, now, end);
    if (end > start) {
      spans.push({ start, end });
      while (k < candidates.length && (candidates[k] as number) < end) k += 2;
    }
  }
  return spans;
}

/** The furthest of `end` and the ends of phrase `n` from `start`, unless it already ran at this start. */
function tryPhrase(list: PhraseList, n: number, message: Message, start: number, now: number, end: number): number {
  if (list.tried[n] === now) return end;
  list.tried[n] = now;
  ends.length = 0;
  endsOf(list.phrases[n] as Phrase, message, start, 0, ends);
  let furthest = end;
  for (const e of ends) if (e > start && e > furthest) furthest = e;
  return furthest;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

// ---------------------------------------------------------------------------------------------
// The guard.

export function createGuard(vocabularies: SafetyVocabulary[]): Guard {
  const all = <T>(pick: (v: SafetyVocabulary) => T[]) => vocabularies.flatMap(pick);
  const lexicon = new Lexicon(
    [...new Set(all((v) => v.endings))].sort((a, b) => b.length - a.length),
    new Set(
      all((v) => v.lookalikes)
        .flatMap(tokensOf)
        .map(squeeze),
    ),
  );
  // Lists of the same name add up across languages: "@det" reads "the", "my", "el", "mi".
  const lists = new Map<string, string[]>();
  for (const v of vocabularies)
    for (const [name, entries] of Object.entries(v.lists)) lists.set(name, [...(lists.get(name) ?? []), ...entries]);
  const index: StartIndex = { byFirstWord: new Map(), numberStart: [], anyStart: [] };
  let listCount = 0;
  const compile = (pick: (v: SafetyVocabulary) => string[]) =>
    indexPhrases(
      index,
      listCount++,
      all(pick).map((p) => compilePhrase(p, lists, lexicon)),
    );
  const words = (pick: (v: SafetyVocabulary) => string[]) => new Set(all(pick).flatMap(tokensOf).map(squeeze));

  const phrases = {
    beings: compile((v) => [...v.beings, ...v.ages]),
    objects: compile((v) => v.objects),
    shutIn: compile((v) => v.shutIn),
    inside: compile((v) => v.inside),
    lockedOut: compile((v) => v.lockedOut),
    injury: compile((v) => v.injury),
    cancellations: compile((v) => v.cancellations),
    carParts: compile((v) => v.carParts),
    fire: compile((v) => v.fire),
    lanes: compile((v) => v.lanes),
    closeTraffic: compile((v) => v.closeTraffic),
    offRoad: compile((v) => v.offRoad),
    placesAlone: compile((v) => v.placesAlone),
    stopped: compile((v) => v.stopped),
    threat: compile((v) => v.threat),
    except: compile((v) => v.except),
  };
  const road = {
    crash: compile((v) => v.road.crash),
    crashAsSubject: compile((v) => v.road.crashAsSubject),
    crashParked: compile((v) => v.road.crashParked),
    crashOffRoad: compile((v) => v.road.crashOffRoad),
    lane: compile((v) => v.road.lane),
    shoulder: compile((v) => v.road.shoulder),
    freeway: compile((v) => v.road.freeway),
    stopped: compile((v) => v.road.stopped),
    fastTraffic: compile((v) => v.road.fastTraffic),
    past: compile((v) => v.road.past),
    now: compile((v) => v.road.now),
    heat: compile((v) => v.road.heat),
    noInjury: compile((v) => v.road.noInjury),
  };
  const negators = words((v) => v.negators);
  const fillers = words((v) => v.fillers);
  const owners = words((v) => v.owners);

  /**
   * A message's scan, remembered for the next call: `read` and `road` are asked about the same
   * message one after the other, and most often their texts have the same tokens.
   */
  let last: { key: string; scan: ReturnType<typeof scanTokens> } | undefined;
  const scan = (text: string) => {
    const tokens = tokensOf(text);
    // No token holds a space: the joined tokens name the token list.
    const key = tokens.join(" ");
    if (last?.key !== key) last = { key, scan: scanTokens(tokens) };
    return last.scan;
  };

  /** A message's tokens, with the phrase lists searched in it (each list once) and their neighbours. */
  const scanTokens = (tokens: string[]) => {
    const message = messageOf(tokens, lexicon, index);
    const keys = tokens.map(squeeze);
    // Each list is searched once per message, however many rules ask for it.
    const found = new Map<PhraseList, Span[]>();
    const find = (list: PhraseList) => {
      const known = found.get(list);
      if (known) return known;
      const spans = findIn(list, message);
      found.set(list, spans);
      return spans;
    };
    const excepted = find(phrases.except);
    /** Matches of a phrase list, without those inside an exception ("fire lane") or denied ("no smoke"). */
    const live = (list: PhraseList) =>
      find(list).filter((s) => !excepted.some((e) => overlaps(s, e)) && !negated(s.start));

    /** The index of the word before `at`, skipping a few fillers. */
    const before = (at: number) => {
      let i = at - 1;
      for (let skipped = 0; i >= 0 && skipped < MAX_FILLERS && fillers.has(keys[i] as string); skipped++) i--;
      return i;
    };
    const after = (at: number) => {
      let i = at;
      for (let skipped = 0; i < tokens.length && skipped < MAX_FILLERS && fillers.has(keys[i] as string); skipped++)
        i++;
      return i;
    };
    function negated(at: number) {
      const i = before(at);
      return i >= 0 && negators.has(keys[i] as string);
    }
    const objects = find(phrases.objects);
    // "Las llaves de mi esposa": the wife owns the keys; she is not the one inside.
    const beings = find(phrases.beings).filter((b) => {
      const owner = before(b.start);
      return !(owner >= 0 && owners.has(keys[owner] as string) && objects.some((o) => o.end === before(owner) + 1));
    });
    return { find, live, before, after, objects, beings };
  };

  const read = (text: string): DangerReading => {
    const { find, live, before, after, objects, beings } = scan(text);
    const kinds = new Set<DangerKind>();

    // Someone shut in: a being attached to a shut-in phrase, or inside a car that is locked.
    const mentions = [...beings.map((b) => ({ ...b, being: true })), ...objects.map((o) => ({ ...o, being: false }))];
    /**
     * Whether a shut-in phrase is about a being: one named in it ("locked my baby in"), else the
     * nearest being or thing named just before it ("my son is stuck inside", not "the keys are
     * inside"), else just after it ("trapped in there with my dog"), else any being when no thing is named.
     */
    const attachedToBeing = (s: Span) => {
      if (beings.some((b) => overlaps(b, s))) return true;
      const nearestBefore = mentions
        .filter((m) => m.end <= s.start && s.start - m.end < ATTACH_WINDOW)
        .sort((x, y) => y.end - x.end)[0];
      if (nearestBefore) return nearestBefore.being;
      const nearestAfter = mentions
        .filter((m) => m.start >= s.end && m.start - s.end < ATTACH_WINDOW)
        .sort((x, y) => x.start - y.start)[0];
      if (nearestAfter) return nearestAfter.being;
      return objects.length === 0;
    };
    if (beings.length) {
      const shutIn = live(phrases.shutIn).some(attachedToBeing);
      const locked = shutIn || live(phrases.lockedOut).length > 0;
      if (shutIn || (locked && live(phrases.inside).some(attachedToBeing))) kinds.add(SHUT_IN);
    }

    // Anyone hurt, unless "nobody is hurt" comes after every injury word.
    const cancellations = find(phrases.cancellations);
    const carParts = find(phrases.carParts);
    // Only a lone injury word can be about a car part ("swollen battery", "bleeding the brakes"):
    // a longer phrase ("hit his head") says whose body it is.
    const aboutACarPart = (s: Span) => {
      if (s.end - s.start > 1) return false;
      const prev = before(s.start);
      const next = after(s.end);
      return carParts.some((p) => p.end === prev + 1 || p.start === next);
    };
    const injuries = live(phrases.injury).filter(
      (s) => !cancellations.some((c) => overlaps(s, c)) && !aboutACarPart(s),
    );
    const lastCancellation = Math.max(-1, ...cancellations.map((c) => c.end));
    if (injuries.some((s) => s.start >= lastCancellation)) kinds.add(INJURY);

    if (live(phrases.fire).length) kinds.add(FIRE);

    // A car stopped where traffic moves: in a lane, on tracks, or with traffic passing close while
    // nothing says it is off the road.
    const stopped = find(phrases.stopped).length > 0;
    const inLane = live(phrases.lanes).length > 0;
    const passedClose = live(phrases.closeTraffic).length > 0 && live(phrases.offRoad).length === 0;
    if (live(phrases.placesAlone).length || (stopped && (inLane || passedClose))) kinds.add(TRAFFIC);

    if (live(phrases.threat).length) kinds.add(THREAT);

    return { kinds: DANGER_KINDS.filter((k) => kinds.has(k)) };
  };

  /** The road in a message: a crash, a stop in or beside traffic, a caution (see SafetyReading). */
  const readRoad = (text: string): SafetyReading => {
    const { find, live, beings } = scan(text);
    const has = (list: PhraseList) => live(list).length > 0;
    // "Do you do body work after an accident?" asks about a service, it does not report a crash.
    const firstCrash = live(road.crash)[0];
    const crash = !!firstCrash && !find(road.crashAsSubject).some((s) => s.end === firstCrash.start);
    const lane = has(road.lane);
    const shoulder = has(road.shoulder);
    const inTraffic = lane || shoulder || (crash && has(road.freeway));
    // A car hit while parked, or one that "has been in an accident", is a tow, not a scene to leave.
    if (firstCrash && has(road.crashParked) && !inTraffic) return { crashed: true };
    // A crash told the next day ("the other car hit me yesterday: help with the claim?") is over.
    if (crash && has(road.past) && !inTraffic && !has(road.now)) return { crashed: true };
    if (crash && !find(road.noInjury).length) return { danger: inTraffic ? IN_TRAFFIC : CRASH };
    if (crash && inTraffic) {
      // Moved to the shoulder with nobody hurt: beside traffic, not in it.
      return shoulder && !lane ? { danger: IN_TRAFFIC, besideTraffic: true, crashed: true } : { danger: IN_TRAFFIC };
    }
    if (crash) return { caution: has(road.crashOffRoad) ? undefined : CRASH_NO_INJURY, crashed: true };
    const stopped = has(road.stopped);
    if (lane && stopped) return { danger: IN_TRAFFIC };
    if (shoulder) return { danger: IN_TRAFFIC, besideTraffic: true };
    const freeway = has(road.freeway);
    if (freeway && stopped && has(road.fastTraffic)) return { danger: IN_TRAFFIC, besideTraffic: true };
    if (has(road.heat) && beings.length) return { caution: HEAT };
    if (freeway) return { caution: FREEWAY };
    return {};
  };
  return { read, road: readRoad };
}
