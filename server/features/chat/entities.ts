import type { Entities } from "./pack";
import { expandPhrase } from "./phrase-syntax";
import { fold, withinEdits, wordsKeepingCase, wordsOf } from "./text";

/**
 * Finds what a message names from a language's entity data: the ten towns (names, aliases,
 * landmarks), places outside them, the services (by their synonyms) and the direction of a trip.
 * Typos are forgiven by edit distance, with two guards that keep everyday words from reading as
 * names: a typo keeps the first letter of each word, and short words must match exactly
 * ("molesto" is not Modesto, "fresco" is not Fresno).
 */

// Compiled once (the server's bundler writes a Unicode-property literal as a `new RegExp` call).
const CAPITAL = /^\p{Lu}/u;

/** A place's part in a trip: where the car is picked up, where it goes, or where the driver is. */
export type Role = "from" | "to" | "at";

export interface PlaceMention {
  name: string;
  served: boolean;
  /** The town's page slug, for ours. */
  slug?: string;
  /** Which word of the message it starts at, so a trip keeps its direction. */
  at: number;
  /** "from", "to" or "at", from the words before it. */
  role: Role;
}

interface Phrase {
  words: string[];
  /** The initial letters of its words, which a typo keeps. */
  initials: string;
}

const phraseOfWords = (text: string): Phrase => {
  const words = wordsOf(fold(text));
  return { words, initials: words.map((w) => w[0]).join("") };
};

/** The phrases a data entry stands for, written in the phrase syntax (phrase-syntax.ts) as the guard's are. */
const phrases = (text: string): Phrase[] => expandPhrase(text).map(phraseOfWords);

/** A name of a place: its own words, never read as syntax (places are facts, the business's business.json). */
const phrase = phraseOfWords;

/** How many letters a typed word may be off from a listed word of this length. */
function tolerance(length: number, strict: boolean): number {
  if (strict) return length >= 10 ? 2 : length >= 8 ? 1 : 0;
  return length >= 8 ? 2 : length >= 5 ? 1 : 0;
}

/** True when the message's words from `at` spell the phrase, within the tolerance of each word. */
function matchesAt(words: string[], at: number, p: Phrase, strict: boolean, fuzzy = true, prefix = false): boolean {
  for (let i = 0; i < p.words.length; i++) {
    const typed = words[at + i];
    const want = p.words[i] as string;
    if (typed === undefined) return false;
    if (typed === want) continue;
    // A subject's word with an ending ("tow" in "towing", "hitch" in "hitches").
    if (prefix && want.length >= 3 && typed.startsWith(want)) continue;
    if (!fuzzy || typed[0] !== want[0]) return false;
    if (!withinEdits(typed, want, tolerance(want.length, strict))) return false;
  }
  return true;
}

interface PlaceEntry {
  name: string;
  served: boolean;
  slug?: string;
  phrase: Phrase;
  /** Listed misspellings and landmarks match exactly; a typo of a typo is too far. */
  exact: boolean;
}

export interface EntityFinder {
  places(text: string): PlaceMention[];
  /** The services named, in the order named, minus the ones negated ("no spare", "not locked out"). */
  services(words: string[]): string[];
  /** The services the message names only to deny them ("I'm not locked out"). */
  denied(words: string[]): string[];
  /** The services after the needs that replace another ("no spare": a tow instead of a tire change). */
  instead(words: string[], services: string[]): string[];
  /** The articles whose subject the message names, best first. */
  articles(words: string[]): string[];
  /** The words with those naming an article's subject blanked: "tow" in "a tow package" is its subject. */
  outsideArticles(words: string[]): string[];
  /** True when the message says where the car should be taken ("to my house", "al taller"): a tow. */
  takenTo(words: string[]): boolean;
  /** The words without those naming a kind of place ("the walmart parking lot"): what is left says the need. */
  withoutPlaceKinds(words: string[]): string[];
  /** The words before those that begin telling where the driver is ("…si estoy en la 580"): what is left says the need. */
  beforeWhere(words: string[]): string[];
  /** True when the words only tell where the driver is ("ando en la 4 saliendo de stockton"): they ask nothing. */
  onlyWhere(words: string[]): boolean;
  /** Where the clauses of a message begin (word indexes). */
  clauses(words: string[]): number[][];
  /** True when one of the words just before `at`, in the same clause, negates it. */
  negated(words: string[], at: number): boolean;
  asksPlace(words: string[]): boolean;
  /** True when the message names an amount of money ("$35", "35 dollars"): a price is in question. */
  namesMoney(text: string, words: string[]): boolean;
  /** True when the words name a phrase of every group (typos forgiven) and none of `unless`. */
  namesAll(words: string[], groups: readonly string[][], unless?: readonly string[]): boolean;
  /**
   * True when the message tells about people (the pack's `people`) or where the car is now (a town or
   * place, a highway, the pack's `whereNow`): a message we cannot answer then opens with 911.
   */
  peopleOrWhere(text: string, words: string[]): boolean;
}

/**
 * Phrase lists compiled once per list, wherever they come from (a fact's groups in replies.yaml), by
 * first letter: a typo keeps a word's first letter, so only the phrases with a word's initial can start there.
 */
const compiled = new WeakMap<readonly string[], Map<string, Phrase[]>>();
function phrasesOf(list: readonly string[]): Map<string, Phrase[]> {
  let out = compiled.get(list);
  if (!out) {
    out = new Map();
    for (const p of list.flatMap(phrases)) {
      const initial = p.initials[0] ?? "";
      out.set(initial, [...(out.get(initial) ?? []), p]);
    }
    compiled.set(list, out);
  }
  return out;
}

/** The places a pack names, longest first, by first letter: "Hill Valley" before a one-word name inside it. */
function placeEntriesByInitial(e: Entities): Map<string, PlaceEntry[]> {
  const entries: PlaceEntry[] = [];
  for (const [name, town] of Object.entries(e.towns)) {
    entries.push({ name, served: true, slug: town.slug, phrase: phrase(name), exact: false });
    for (const a of town.aliases) entries.push({ name, served: true, slug: town.slug, phrase: phrase(a), exact: true });
    for (const l of town.landmarks)
      entries.push({ name, served: true, slug: town.slug, phrase: phrase(l), exact: true });
  }
  for (const [name, aliases] of Object.entries(e.outsidePlaces)) {
    entries.push({ name, served: false, phrase: phrase(name), exact: false });
    for (const a of aliases) entries.push({ name, served: false, phrase: phrase(a), exact: true });
  }
  // Longest first: "Hill Valley" before a one-word name inside it, a landmark before its town.
  entries.sort((a, b) => b.phrase.words.length - a.phrase.words.length);
  const byInitial = new Map<string, PlaceEntry[]>();
  for (const entry of entries) {
    const initial = entry.phrase.initials[0] ?? "";
    byInitial.set(initial, [...(byInitial.get(initial) ?? []), entry]);
  }
  return byInitial;
}

const foldedSet = (list: readonly string[]) => new Set(list.map((w) => fold(w)));
const bySlug = (lists: Record<string, readonly string[]>) =>
  Object.entries(lists).flatMap(([slug, names]) => names.flatMap(phrases).map((p) => ({ slug, p })));

/** A pack's entity lists compiled once: phrases parsed, words folded. */
function compileEntities(e: Entities) {
  const services = bySlug(e.services);
  services.sort((a, b) => b.p.words.length - a.p.words.length);
  // Each highway as drivers write it ("the 99", "la 99"): the pack's forms with the highways' numbers.
  const numbers = e.highways.map((h) => h.replace(/\D+/g, ""));
  const highways = [
    ...e.highways,
    ...(e.highwayForms ?? []).flatMap((form) => numbers.map((n) => form.replace("#", n))),
  ];
  return {
    places: placeEntriesByInitial(e),
    currency: foldedSet(e.currencyWords),
    everyday: foldedSet(e.everydayWords),
    street: foldedSet(e.streetWords),
    negators: foldedSet(e.negators),
    breaks: foldedSet(e.clauseBreaks),
    from: e.tripFrom.flatMap(phrases),
    to: e.tripTo.flatMap(phrases),
    here: e.hereAt.flatMap(phrases),
    question: e.placeQuestion.flatMap(phrases),
    services,
    instead: e.serviceInstead.map((r) => ({ ...r, phrases: r.phrases.flatMap(phrases) })),
    placeKinds: (e.placeKinds ?? []).flatMap(phrases),
    whereOpeners: (e.whereOpeners ?? []).flatMap(phrases),
    destinations: (e.destinations ?? []).flatMap(phrases),
    present: [...(e.people ?? []), ...(e.whereNow ?? []), ...highways],
    /** What tells where the driver is: the words that begin it, the highways, the kinds of places. */
    whereTold: [...(e.whereOpeners ?? []), ...highways, ...(e.placeKinds ?? [])].flatMap(phrases),
    articles: bySlug(e.articles),
  };
}
type Compiled = ReturnType<typeof compileEntities>;

/**
 * Where each initial letter starts a word of the message, in word order. A phrase can only match where
 * its first word's initial starts a word (a typo keeps the first letter, an ending keeps the whole
 * start), so a list's phrases are tried there only, not at every word: the same matches, in the same
 * order, for far fewer tries (a list holds hundreds of phrases once spelt out).
 */
function startsByInitial(words: string[]): Map<string, number[]> {
  const starts = new Map<string, number[]>();
  for (let at = 0; at < words.length; at++) {
    const initial = (words[at] as string)[0] ?? "";
    const list = starts.get(initial);
    if (list) list.push(at);
    else starts.set(initial, [at]);
  }
  return starts;
}

const NO_STARTS: number[] = [];

/** The word indexes where phrase `p` may begin in a message with these starts (see startsByInitial). */
const startsOf = (starts: Map<string, number[]>, p: Phrase) => starts.get(p.initials[0] ?? "") ?? NO_STARTS;

/** The phrase among `list` that ends just before word `at`. */
const endsBefore = (words: string[], at: number, list: Phrase[]) =>
  list.some((p) => at - p.words.length >= 0 && matchesAt(words, at - p.words.length, p, false, false));

/**
 * A place's part in a trip, from the few words before it: "from the shop in Riverton" is where the car
 * is picked up, "to my house in Centerville" where it goes; "I'm in Riverton" is where the driver is.
 */
function roleAt(c: Compiled, words: string[], at: number): Role {
  for (let end = at; end >= Math.max(0, at - 4); end--) {
    if (end < at && c.breaks.has(words[end] as string)) break;
    if (endsBefore(words, end, c.from)) return "from";
    if (endsBefore(words, end, c.to) && !endsBefore(words, end, c.here)) return "to";
  }
  return "at";
}

function negatedAt(c: Compiled, words: string[], at: number): boolean {
  for (let i = at - 1; i >= Math.max(0, at - 3); i--) {
    const w = words[i] as string;
    if (c.breaks.has(w)) return false;
    if (c.negators.has(w)) return true;
  }
  return false;
}

/** The places a message names, each once, in the order named, with its part in the trip. */
function placesIn(c: Compiled, text: string): PlaceMention[] {
  const words = wordsOf(fold(text));
  // The same words with their capitals: "Salida" the town, "la salida" an exit.
  const shaped = wordsKeepingCase(text);
  const capital = (at: number) => CAPITAL.test(shaped[at] ?? "");
  const found: PlaceMention[] = [];
  const taken = new Set<number>();
  // Every spelling keeps a name's first letter: only the names with a word's initial are tried there.
  for (let at = 0; at < words.length; at++) {
    if (taken.has(at)) continue;
    for (const entry of c.places.get((words[at] as string)[0] as string) ?? []) {
      const n = entry.phrase.words.length;
      if (at + n > words.length) continue;
      let free = true;
      for (let i = 1; i < n; i++) if (taken.has(at + i)) free = false;
      if (!free || !matchesAt(words, at, entry.phrase, !entry.served, !entry.exact)) continue;
      // "Oak Lane" is a street in Riverton; "Center Blvd" a street, not a trip to Centerville.
      if (!entry.exact && c.street.has(words[at + n] ?? "")) continue;
      if (n === 1 && c.everyday.has(words[at] as string) && !capital(at)) continue;
      for (let i = 0; i < n; i++) taken.add(at + i);
      found.push({ name: entry.name, served: entry.served, slug: entry.slug, at, role: roleAt(c, words, at) });
      break;
    }
  }
  // "Do you serve Kettleman City?": a name we do not list, asked about, is a place outside them.
  const asked = words.findIndex((_, at) => endsBefore(words, at, c.question));
  if (asked >= 0 && !found.some((p) => p.at >= asked) && capital(asked)) {
    let end = asked;
    while (end < words.length && capital(end) && !taken.has(end)) end++;
    if (end > asked)
      found.push({ name: (shaped.slice(asked, end) as string[]).join(" "), served: false, at: asked, role: "at" });
  }
  // One mention per place, in the order named.
  return found.filter((p, i) => found.findIndex((q) => q.name === p.name) === i);
}

/** The services a message names (a negated one is not named), in the order named. */
function servicesIn(c: Compiled, words: string[]): string[] {
  const hits: { slug: string; at: number }[] = [];
  const taken = new Set<number>();
  const starts = startsByInitial(words);
  for (const { slug, p } of c.services) {
    const n = p.words.length;
    for (const at of startsOf(starts, p)) {
      if (at + n > words.length) break;
      if (taken.has(at)) continue;
      if (!matchesAt(words, at, p, false)) continue;
      for (let i = 0; i < n; i++) taken.add(at + i);
      if (!negatedAt(c, words, at)) hits.push({ slug, at });
    }
  }
  hits.sort((a, b) => a.at - b.at);
  return [...new Set(hits.map((h) => h.slug))];
}

/** The services named right after a negation ("not a tow, just a jump"), and not named otherwise. */
function deniedIn(c: Compiled, words: string[]): string[] {
  const out = new Set<string>();
  // Only a service named right after a negation is denied, and most messages negate nothing.
  const negated = words.map((_, at) => negatedAt(c, words, at));
  if (!negated.includes(true)) return [];
  const starts = startsByInitial(words);
  for (const { slug, p } of c.services)
    for (const at of startsOf(starts, p)) {
      if (at + p.words.length > words.length) break;
      if (negated[at] && matchesAt(words, at, p, false)) out.add(slug);
    }
  const named = servicesIn(c, words);
  return [...out].filter((s) => !named.includes(s));
}

/** The article slugs a message's words name, best first (each by the words its phrases cover). */
function articlesIn(c: Compiled, words: string[]): string[] {
  const score = new Map<string, number>();
  const starts = startsByInitial(words);
  for (const { slug, p } of c.articles) {
    for (const at of startsOf(starts, p)) {
      if (at + p.words.length > words.length) break;
      if (matchesAt(words, at, p, false, true, true)) score.set(slug, (score.get(slug) ?? 0) + p.words.length);
    }
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([slug]) => slug);
}

/** The words with every phrase of `list` blanked out ("" where it was). */
function blanking(words: string[], list: Phrase[], fuzzy: boolean, prefix: boolean): string[] {
  const out = [...words];
  const starts = startsByInitial(words);
  for (const p of list)
    for (const at of startsOf(starts, p)) {
      if (at + p.words.length > words.length) break;
      if (matchesAt(words, at, p, false, fuzzy, prefix)) out.fill("", at, at + p.words.length);
    }
  return out;
}

/** True when the words name a phrase of every group (typos forgiven) and none of `unless`. */
function namesAllIn(words: string[], groups: readonly (readonly string[])[], unless?: readonly string[]): boolean {
  const names = (list: readonly string[]) => {
    const byInitial = phrasesOf(list);
    return words.some((w, at) => byInitial.get(w[0] ?? "")?.some((p) => matchesAt(words, at, p, false)));
  };
  return groups.every(names) && !(unless && names(unless));
}

export function createEntityFinder(e: Entities): EntityFinder {
  const c = compileEntities(e);
  return {
    negated: (words, at) => negatedAt(c, words, at),
    places: (text) => placesIn(c, text),
    denied: (words) => deniedIn(c, words),
    services: (words) => servicesIn(c, words),
    instead(words, named) {
      let slugs = [...named];
      for (const rule of c.instead) {
        const named = rule.phrases.some((p) => words.some((_, at) => matchesAt(words, at, p, false, false)));
        if (!named) continue;
        slugs = slugs.filter((s) => s !== rule.instead);
        if (!slugs.includes(rule.service)) slugs.push(rule.service);
      }
      return slugs;
    },
    articles: (words) => articlesIn(c, words),
    takenTo: (words) =>
      words.some(
        (_, at) =>
          endsBefore(words, at, c.to) &&
          !endsBefore(words, at, c.here) &&
          c.destinations.some((d) => matchesAt(words, at, d, false, false)),
      ),
    withoutPlaceKinds: (words) => blanking(words, c.placeKinds, false, false).filter(Boolean),
    beforeWhere(words) {
      const at = words.findIndex((_, i) => c.whereOpeners.some((p) => matchesAt(words, i, p, false, false)));
      return at > 0 ? words.slice(0, at) : words;
    },
    onlyWhere(words) {
      const left = blanking(words, c.whereTold, false, false);
      // A town named in one word ("stockton"); a longer name leaves a word, and the clause is read as before.
      for (const place of placesIn(c, words.join(" "))) left[place.at] = "";
      return words.length > 0 && left.every((w) => !w);
    },
    outsideArticles: (words) =>
      blanking(
        words,
        c.articles.map((a) => a.p),
        true,
        true,
      ),
    clauses(words) {
      const out: number[][] = [[]];
      words.forEach((w, i) => {
        if (c.breaks.has(w) && (out.at(-1) as number[]).length) out.push([]);
        else (out.at(-1) as number[]).push(i);
      });
      return out.filter((clause) => clause.length);
    },
    namesMoney: (text, words) =>
      /\$\s?\d/.test(text) || words.some((w, i) => /^\d+$/.test(w) && c.currency.has(words[i + 1] ?? "")),
    namesAll: namesAllIn,
    peopleOrWhere: (text, words) => namesAllIn(words, [c.present]) || placesIn(c, text).length > 0,
    asksPlace: (words) => words.some((_, at) => c.question.some((p) => matchesAt(words, at, p, false, false))),
  };
}
