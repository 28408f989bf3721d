import { A_NUMBER, ANY_WORD, LIST_ENTRY, parsePhrase } from "./phrase-syntax";
import {
  CAUTIONS,
  DANGER_KINDS,
  type DangerKind,
  ROAD_DANGERS,
  type SafetyReading,
  type SafetyVocabulary,
} from "./safety-vocabulary";
import { deletions, isNumber, STEM_LANGUAGES, type StemLanguage, squeeze, stemOf, tokensOf, withinEdits } from "./text";

/**
 * The safety guard: reads a message for danger before anything else does, with every language's
 * vocabulary at once (a driver may mix English and Spanish in one message), and never depends on a
 * guess of the message's language. It favours recall: a message that might be an emergency is read
 * as one. It is deterministic, holds no word of any language (the words are in data/<lang>/safety.yaml,
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

/** How far (in words) a shut-in phrase looks for the being or the thing it is about. */
const ATTACH_WINDOW = 8;
/** Fillers skipped when looking at a word's neighbours. */
const MAX_FILLERS = 2;
/** Words this long or longer also read their one-letter typos. */
const TYPO_MIN_LENGTH = 5;
/** How many different tokens the guard remembers the reading of before it starts again. */
const READS_REMEMBERED = 20_000;

// ---------------------------------------------------------------------------------------------
// The lexicon: every word the phrases use, and which of a message's tokens read as each. Folding,
// tokens, edit distance and the stemmers are text.ts's, the same the reader uses.

/** A vocabulary word's language: its stemmer reads it, and a token's stem in that language meets it. */
type Lang = StemLanguage;

class Lexicon {
  private readonly ids = new Map<string, number>();
  private readonly byWord = new Map<string, number[]>();
  private readonly byKey = new Map<string, number[]>();
  private readonly byDeletion = new Map<string, number[]>();
  /** By language, then by stem: the words of that language with that stem. */
  private readonly byStem = new Map<Lang, Map<string, number[]>>();
  private readonly stemmed = new Set<string>();
  private readonly words: string[] = [];
  private readonly reads = new Map<string, Set<number>>();

  constructor(
    private readonly lookalikes: Set<string>,
    /** Pronouns joined to a verb's end, by language ("me", "nos"): read again without one. */
    private readonly enclitics: Map<Lang, string[]>,
    /** By language, the fewest letters of a stem that meets a token's (safety.yaml `minStem`). */
    private readonly minStem: Map<Lang, number>,
  ) {
    for (const lang of STEM_LANGUAGES) this.byStem.set(lang, new Map());
  }

  /** The id of a vocabulary word (a single folded token) of a language. */
  idOf(word: string, lang: Lang): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
      push(this.byWord, word, id);
      push(this.byKey, squeeze(word), id);
      if (word.length >= TYPO_MIN_LENGTH && !isNumber(word))
        for (const d of deletions(word)) push(this.byDeletion, d, id);
    }
    const key = `${lang} ${word}`;
    if (!this.stemmed.has(key) && !isNumber(word)) {
      this.stemmed.add(key);
      push(this.byStem.get(lang) as Map<string, number[]>, stemOf(word, lang), id);
    }
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

  /**
   * The words a token's stem meets, in each language. Only a token longer than its stem (one that
   * carries an ending: "hurts", "amenazandome") is read by it, so a bare stem that is a word of the
   * other language ("arm" and "arma") is not.
   */
  private byStemOf(token: string, out: Set<number>) {
    if (isNumber(token)) return;
    for (const lang of STEM_LANGUAGES) {
      const min = this.minStem.get(lang);
      if (min === undefined) continue;
      const stem = stemOf(token, lang);
      if (stem.length >= min && stem.length < token.length) addAll(out, this.byStem.get(lang)?.get(stem));
      for (const clitic of this.enclitics.get(lang) ?? []) {
        const bare = token.slice(0, -clitic.length);
        if (token.endsWith(clitic) && bare.length > min) {
          addAll(out, this.byWord.get(bare));
          const bareStem = stemOf(bare, lang);
          if (bareStem.length >= min) addAll(out, this.byStem.get(lang)?.get(bareStem));
        }
      }
    }
  }

  private lookUp(token: string): Set<number> {
    const out = new Set<number>();
    const key = squeeze(token);
    // As written: a word the vocabulary knows as it is ("hombre", "arms") is that word, not another
    // word's form ("hombro", "arma") nor its typo ("truck" is not "track"'s).
    addAll(out, this.byWord.get(token));
    if (out.size > 0) return out;
    // With repeated letters squeezed ("hurrrt", "stucck"); a lookalike is only itself.
    addAll(out, this.byKey.get(key));
    if (this.lookalikes.has(token) || this.lookalikes.has(key)) return out;
    // Another form of a word ("hurts", "babies", "amenazándome").
    this.byStemOf(token, out);
    if (key !== token) this.byStemOf(key, out);
    // One-letter typos, which keep their first letter: nearly every slip does, so "body" is never
    // "bloody"'s. A stem does not rule a typo out: a misspelt word's stem may be another word's
    // ("carrto" stems like "carta", and is "carro" mistyped).
    if (token.length < TYPO_MIN_LENGTH - 1 || isNumber(token)) return out;
    for (const d of deletions(token)) {
      for (const id of this.byDeletion.get(d) ?? []) {
        const word = this.words[id] as string;
        if (word[0] === token[0] && withinEdits(token, word, 1)) out.add(id);
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
// Phrases: compiled from the data's phrase syntax (phrase-syntax.ts, shared with the entity finder).

/**
 * A piece of a compiled phrase: its alternatives of words in a row filed by their first word, so that
 * a message's word is looked up among the few alternatives it can begin (a piece of `@beings` holds
 * hundreds), never compared with each of them.
 */
interface Piece {
  optional: boolean;
  /** By the id of an alternative's first word: the rest of the words of each alternative beginning with it. */
  byFirstWord: Map<number, number[][]>;
  /** An alternative that matches no word (a list entry with no token). */
  empty: boolean;
  /** `#`: a number. */
  number: boolean;
  /** `*`: any one word. */
  any: boolean;
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
      if (piece.any) any = true;
      if (piece.number) number = true;
      for (const word of piece.byFirstWord.keys()) ids.add(word);
      if (!piece.optional && !piece.empty) break;
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

/** A list entry, with the language of the vocabulary it came from (its stemmer reads it). */
interface Entry {
  text: string;
  lang: Lang;
}

function compilePhrase(text: string, lang: Lang, lists: Map<string, Entry[]>, lexicon: Lexicon): Phrase {
  const wordsOf = (entry: string, from: Lang) => tokensOf(entry).map((w) => lexicon.idOf(w, from));
  return parsePhrase(text).map(({ choices, optional }) => {
    const piece: Piece = { optional, byFirstWord: new Map(), empty: false, number: false, any: false };
    // The same words reached twice (an entry in two lists) are one alternative.
    const seen = new Set<string>();
    const add = (words: number[]) => {
      const [first, ...rest] = words;
      if (first === undefined) piece.empty = true;
      else if (!seen.has(words.join(" "))) {
        seen.add(words.join(" "));
        push(piece.byFirstWord, first, rest);
      }
    };
    for (const choice of choices) {
      if (choice.type === A_NUMBER) piece.number = true;
      else if (choice.type === ANY_WORD) piece.any = true;
      else if (choice.type === LIST_ENTRY) {
        const entries = lists.get(choice.name);
        if (!entries) throw new Error(`${text}: @${choice.name}?`);
        for (const entry of entries) add(wordsOf(entry.text, entry.lang));
      } else add(wordsOf(choice.text, lang));
    }
    return piece;
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

/**
 * The furthest end of the ways `phrase` matches from token `at` (pieces from `piece` on), or -1 when
 * it does not match there. Only the furthest end counts: a match is the longest at its start.
 */
function furthestEnd(phrase: Phrase, message: Message, at: number, piece: number): number {
  if (piece === phrase.length) return at;
  const { optional, empty, number, any, byFirstWord } = phrase[piece] as Piece;
  let furthest = optional || empty ? furthestEnd(phrase, message, at, piece + 1) : -1;
  if (at >= message.tokens.length) return furthest;
  if (any || (number && message.numbers[at]))
    furthest = Math.max(furthest, furthestEnd(phrase, message, at + 1, piece + 1));
  // The words this token reads as (a few) are looked up among the piece's alternatives.
  for (const id of message.reads[at] as ReadonlySet<number>) {
    const rests = byFirstWord.get(id);
    if (!rests) continue;
    for (const rest of rests)
      if (readsAt(message, at + 1, rest))
        furthest = Math.max(furthest, furthestEnd(phrase, message, at + 1 + rest.length, piece + 1));
  }
  return furthest;
}

/** True when the message's tokens from `at` read as the words `ids`, in a row. */
function readsAt(message: Message, at: number, ids: number[]): boolean {
  for (let k = 0; k < ids.length; k++) if (!message.reads[at + k]?.has(ids[k] as number)) return false;
  return true;
}

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

/** The furthest of `end` and the end of phrase `n` from `start`, unless it already ran at this start. */
function tryPhrase(list: PhraseList, n: number, message: Message, start: number, now: number, end: number): number {
  if (list.tried[n] === now) return end;
  list.tried[n] = now;
  const furthest = furthestEnd(list.phrases[n] as Phrase, message, start, 0);
  return furthest > start && furthest > end ? furthest : end;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

// ---------------------------------------------------------------------------------------------
// The guard.

const [TRACKS, FIRE, FUMES, WATER, LANE, THREAT, HEAT, COLD, SHUT_IN, MEDICAL, INJURY] = DANGER_KINDS;
const [IN_TRAFFIC, CRASH] = ROAD_DANGERS;
const [FREEWAY, CRASH_NO_INJURY, HEAT_CAUTION, FREEWAY_NO_CABIN] = CAUTIONS;

type Pick = (v: SafetyVocabulary) => string[];

type Compile = (pick: Pick) => PhraseList;

/** The lists the danger classes are read from (see safety-vocabulary.ts for each). */
function classPhrases(compile: Compile) {
  return {
    beings: compile((v) => [...v.beings, ...v.ages]),
    objects: compile((v) => v.objects),
    shutIn: compile((v) => v.shutIn),
    inside: compile((v) => v.inside),
    lockedOut: compile((v) => v.lockedOut),
    injury: compile((v) => v.injury),
    cancellations: compile((v) => v.cancellations),
    carParts: compile((v) => v.carParts),
    medical: compile((v) => v.medical),
    symptoms: compile((v) => v.symptoms),
    conditions: compile((v) => v.conditions),
    fire: compile((v) => v.fire),
    fumes: compile((v) => v.fumes),
    engineRunning: compile((v) => v.engineRunning),
    smell: compile((v) => v.smell),
    water: compile((v) => v.water),
    heat: compile((v) => v.heat),
    heatSigns: compile((v) => v.heatSigns),
    cold: compile((v) => v.cold),
    coldSigns: compile((v) => v.coldSigns),
    tracks: compile((v) => v.tracks),
    crossing: compile((v) => v.crossing),
    lanes: compile((v) => v.lanes),
    closeTraffic: compile((v) => v.closeTraffic),
    offRoad: compile((v) => v.offRoad),
    stopped: compile((v) => v.stopped),
    threat: compile((v) => v.threat),
    unrequested: compile((v) => v.unrequested),
    coercion: compile((v) => v.coercion),
    vulnerable: compile((v) => v.vulnerable),
    person: compile((v) => v.person),
    except: compile((v) => v.except),
  };
}

/** The lists the road reading is read from. */
function roadPhrases(compile: Compile) {
  return {
    crash: compile((v) => v.road.crash),
    crashAsSubject: compile((v) => v.road.crashAsSubject),
    crashAsService: compile((v) => v.road.crashAsService),
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
    noCabin: compile((v) => v.road.noCabin),
  };
}

/** Every phrase list of the vocabularies, compiled into one index, and the single-word sets. */
function compileVocabularies(vocabularies: SafetyVocabulary[]) {
  const lexicon = new Lexicon(
    new Set(
      vocabularies
        .flatMap((v) => v.lookalikes)
        .flatMap(tokensOf)
        .map(squeeze),
    ),
    new Map(vocabularies.map((v) => [v.language, v.enclitics.flatMap(tokensOf)])),
    new Map(vocabularies.map((v) => [v.language, v.minStem])),
  );
  // Lists of the same name add up across languages: "@det" reads "the", "my", "el", "mi".
  const lists = new Map<string, Entry[]>();
  for (const v of vocabularies)
    for (const [name, entries] of Object.entries(v.lists))
      lists.set(name, [...(lists.get(name) ?? []), ...entries.map((text) => ({ text, lang: v.language }))]);
  const index: StartIndex = { byFirstWord: new Map(), numberStart: [], anyStart: [] };
  let listCount = 0;
  const list = (entries: Entry[]) =>
    indexPhrases(
      index,
      listCount++,
      entries.map((e) => compilePhrase(e.text, e.lang, lists, lexicon)),
    );
  const compile = (pick: Pick) =>
    list(vocabularies.flatMap((v) => pick(v).map((text) => ({ text, lang: v.language }))));
  const words = (pick: Pick) => new Set(vocabularies.flatMap(pick).flatMap(tokensOf).map(squeeze));
  const of = (v: SafetyVocabulary, texts: string[]) => texts.map((text) => ({ text, lang: v.language }));

  const phrases = classPhrases(compile);
  const contexts = vocabularies.flatMap((v) =>
    v.contexts.map((c) => ({ when: list(of(v, c.when)), ignore: list(of(v, c.ignore)) })),
  );
  const road = roadPhrases(compile);
  const sets = { negators: words((v) => v.negators), fillers: words((v) => v.fillers), owners: words((v) => v.owners) };
  return { lexicon, index, phrases, contexts, road, sets };
}

type Compiled = ReturnType<typeof compileVocabularies>;
type Phrases = Compiled extends { phrases: infer P } ? P : never;
type RoadPhrases = Compiled extends { road: infer R } ? R : never;

/** A message's tokens, with the phrase lists searched in it (each list once) and their neighbours. */
function scanTokens(tokens: string[], { lexicon, index, phrases, contexts, sets }: Compiled) {
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
  // An idiom ("won't fire up"), and what a context makes harmless ("can't get out" of a blocked driveway).
  const excepted = [...find(phrases.except)];
  for (const c of contexts) if (find(c.when).length) excepted.push(...find(c.ignore));
  /**
   * Matches of a phrase list, without those inside an exception ("fire lane") or denied ("no smoke");
   * once per list too (kindsOf asks for some lists three times).
   */
  const lived = new Map<PhraseList, Span[]>();
  const live = (list: PhraseList) => {
    let spans = lived.get(list);
    if (!spans) {
      spans = find(list).filter((s) => !excepted.some((e) => overlaps(s, e)) && !negated(s.start));
      lived.set(list, spans);
    }
    return spans;
  };
  const has = (list: PhraseList) => live(list).length > 0;

  /** The index of the word before `at`, skipping a few fillers. */
  const before = (at: number) => {
    let i = at - 1;
    for (let skipped = 0; i >= 0 && skipped < MAX_FILLERS && sets.fillers.has(keys[i] as string); skipped++) i--;
    return i;
  };
  const after = (at: number) => {
    let i = at;
    for (let skipped = 0; i < tokens.length && skipped < MAX_FILLERS && sets.fillers.has(keys[i] as string); skipped++)
      i++;
    return i;
  };
  function negated(at: number) {
    const i = before(at);
    return i >= 0 && sets.negators.has(keys[i] as string);
  }
  const objects = find(phrases.objects);
  // "Las llaves de mi esposa": the wife owns the keys; she is not the one inside.
  const beings = find(phrases.beings).filter((b) => {
    const owner = before(b.start);
    return !(owner >= 0 && sets.owners.has(keys[owner] as string) && objects.some((o) => o.end === before(owner) + 1));
  });
  return { find, live, has, before, after, objects, beings };
}

type Scan = ReturnType<typeof scanTokens>;

/** Someone shut in: a being attached to a shut-in phrase, or inside a car that is locked. */
function shutIn({ live, objects, beings }: Scan, p: Phrases): boolean {
  if (!beings.length) return false;
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
  const shut = live(p.shutIn).some(attachedToBeing);
  const locked = shut || live(p.lockedOut).length > 0;
  return shut || (locked && live(p.inside).some(attachedToBeing));
}

/** Anyone hurt, unless "nobody is hurt" comes after every injury word. */
function injured({ find, live, before, after }: Scan, p: Phrases): boolean {
  const cancellations = find(p.cancellations);
  const carParts = find(p.carParts);
  // Only a lone injury word can be about a car part ("swollen battery", "bleeding the brakes"):
  // a longer phrase ("hit his head") says whose body it is.
  const aboutACarPart = (s: Span) => {
    if (s.end - s.start > 1) return false;
    const prev = before(s.start);
    const next = after(s.end);
    return carParts.some((c) => c.end === prev + 1 || c.start === next);
  };
  const injuries = live(p.injury).filter((s) => !cancellations.some((c) => overlaps(s, c)) && !aboutACarPart(s));
  const lastCancellation = Math.max(-1, ...cancellations.map((c) => c.end));
  return injuries.some((s) => s.start >= lastCancellation);
}

/** The danger classes a message's scan holds (see DANGER_KINDS). */
function kindsOf(scan: Scan, p: Phrases): Set<DangerKind> {
  const { find, live, has } = scan;
  const kinds = new Set<DangerKind>();
  if (shutIn(scan, p)) kinds.add(SHUT_IN);
  if (injured(scan, p)) kinds.add(INJURY);
  // A sign alone may be nothing ("sweaty"); beside a condition or another sign it is a call.
  const signs = live(p.symptoms).length;
  if (has(p.medical) || (signs > 0 && (has(p.conditions) || signs >= 2))) kinds.add(MEDICAL);
  if (has(p.fire)) kinds.add(FIRE);
  // The engine running with a smell, a headache or drowsiness is carbon monoxide until shown otherwise.
  const running = has(p.engineRunning) && (has(p.smell) || signs > 0 || has(p.medical));
  if (has(p.fumes) || running) kinds.add(FUMES);
  if (has(p.water)) kinds.add(WATER);
  const unwell = signs > 0 || has(p.medical);
  // A baby or an elder where it is hot and there is no cooling (two heat phrases) is at risk before any sign.
  const exposed = (list: PhraseList) => has(p.vulnerable) && live(list).length >= 2;
  if (has(p.heat) && (has(p.heatSigns) || unwell || exposed(p.heat))) kinds.add(HEAT);
  if (has(p.cold) && (has(p.coldSigns) || unwell || exposed(p.cold))) kinds.add(COLD);
  // A car stopped where traffic moves: on a crossing, in a lane, or with traffic passing close while
  // nothing says it is off the road.
  const stopped = find(p.stopped).length > 0;
  if (has(p.tracks) || (stopped && has(p.crossing))) kinds.add(TRACKS);
  const passedClose = has(p.closeTraffic) && !has(p.offRoad);
  if (stopped && (has(p.lanes) || passedClose)) kinds.add(LANE);
  // A tow nobody called that then holds the driver (cash now, blocked in, ride along) is coercion.
  if (has(p.threat) || (has(p.unrequested) && has(p.coercion))) kinds.add(THREAT);
  return kinds;
}

/** The road in a message: a crash, a stop in or beside traffic, a caution (see SafetyReading). */
function roadOf({ find, live, has, beings }: Scan, road: RoadPhrases, p: Phrases): SafetyReading {
  // "Do you do body work after an accident?" and "do you offer accident recovery?" ask about a
  // service, they do not report a crash.
  const firstCrash = live(road.crash)[0];
  const crash =
    !!firstCrash &&
    !find(road.crashAsSubject).some((s) => s.end === firstCrash.start) &&
    !find(road.crashAsService).some((s) => s.start === firstCrash.end);
  const lane = has(road.lane);
  const shoulder = has(road.shoulder);
  const inTraffic = lane || shoulder || (crash && has(road.freeway));
  // A car hit while parked, or one that "has been in an accident", is a tow, not a scene to leave.
  if (firstCrash && has(road.crashParked) && !inTraffic) return { crashed: true };
  // A crash told the next day ("the other car hit me yesterday: help with the claim?") is over; so is
  // one days ago with everyone fine, even when the tow is needed "now".
  const nobodyHurt = find(road.noInjury).length > 0;
  const over = !has(road.now) || nobodyHurt;
  if (crash && has(road.past) && !inTraffic && over) return { crashed: true };
  if (crash && !nobodyHurt) return { danger: inTraffic ? IN_TRAFFIC : CRASH };
  if (crash && inTraffic) {
    // Moved to the shoulder with nobody hurt: beside traffic, not in it.
    return shoulder && !lane ? { danger: IN_TRAFFIC, besideTraffic: true, crashed: true } : { danger: IN_TRAFFIC };
  }
  if (crash) return { caution: has(road.crashOffRoad) ? undefined : CRASH_NO_INJURY, crashed: true };
  const stopped = has(road.stopped);
  // Stuck in a parking lot or a driveway is not stuck in a lane.
  if (lane && stopped && !has(p.offRoad)) return { danger: IN_TRAFFIC };
  if (shoulder) return { danger: IN_TRAFFIC, besideTraffic: true };
  const freeway = has(road.freeway);
  if (freeway && stopped && has(road.fastTraffic)) return { danger: IN_TRAFFIC, besideTraffic: true };
  if (has(road.heat) && beings.length) return { caution: HEAT_CAUTION };
  if (freeway) return { caution: FREEWAY };
  return {};
}

/**
 * A rider has no cabin to stay buckled in: a freeway stop on a motorcycle gets the rider's caution
 * (off the road, behind a barrier), never the car's "stay buckled in": the freeway caution becomes the
 * rider's, and a stop beside traffic is marked `noCabin` (compose.ts answers it with the rider's text).
 */
function withoutCabin({ has }: Scan, road: RoadPhrases, reading: SafetyReading): SafetyReading {
  if (!has(road.noCabin)) return reading;
  if (reading.besideTraffic) return { ...reading, noCabin: true };
  return reading.caution === FREEWAY ? { ...reading, caution: FREEWAY_NO_CABIN } : reading;
}

export function createGuard(vocabularies: SafetyVocabulary[]): Guard {
  const compiled = compileVocabularies(vocabularies);
  /**
   * A message's scan, remembered for the next call: `read` and `road` are asked about the same
   * message one after the other, and most often their texts have the same tokens.
   */
  let last: { key: string; scan: Scan } | undefined;
  const scan = (text: string) => {
    const tokens = tokensOf(text);
    // No token holds a space: the joined tokens name the token list.
    const key = tokens.join(" ");
    if (last?.key !== key) last = { key, scan: scanTokens(tokens, compiled) };
    return last.scan;
  };
  return {
    read: (text) => {
      const kinds = kindsOf(scan(text), compiled.phrases);
      return { kinds: DANGER_KINDS.filter((k) => kinds.has(k)) };
    },
    road: (text) => {
      const s = scan(text);
      const reading = withoutCabin(s, compiled.road, roadOf(s, compiled.road, compiled.phrases));
      return s.has(compiled.phrases.person) ? { ...reading, person: true } : reading;
    },
  };
}
