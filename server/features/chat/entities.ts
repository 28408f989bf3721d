import {
  beginningWith,
  EXACT,
  FUZZY,
  indexPhrases,
  type Matching,
  matchesAt,
  namesAny,
  type Phrase,
  type PhraseIndex,
  phraseOf,
  startsIn,
} from "./entity-words";
import type { Entities } from "./pack";
import { expandPhrase } from "./phrase-syntax";
import { fold, wordsKeepingCase, wordsOf } from "./text";

/**
 * Finds what a message names from a language's entity data: the ten towns (names, aliases,
 * landmarks), places outside them, the services (by their synonyms) and the direction of a trip.
 * Typos are forgiven by edit distance, with two guards that keep everyday words from reading as
 * names: a typo keeps the first letter of each word, and short words must match exactly
 * ("molesto" is not Modesto, "fresco" is not Fresno). The words are compared through entity-words.ts:
 * each message word once, and a phrase tried only where a message word can begin it.
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

/** A phrase's words; one with none would be found everywhere, so it is a mistake in the data. */
function phraseOfText(text: string): Phrase {
  const words = wordsOf(fold(text));
  if (!words.length) throw new Error(`${JSON.stringify(text)}: []`);
  return phraseOf(words);
}

/** The phrases a data entry stands for, written in the phrase syntax (phrase-syntax.ts) as the guard's are. */
const phrases = (text: string): Phrase[] => expandPhrase(text).map(phraseOfText);

/** A name of a place: its own words, never read as syntax (places are facts, the business's business.json). */
const phrase = phraseOfText;

/** A subject's words: with typos and endings ("towing" for "tow"). */
const SUBJECT: Matching = { fuzzy: true, strict: false, prefix: true };

interface PlaceEntry {
  name: string;
  served: boolean;
  slug?: string;
  phrase: Phrase;
  /** Listed misspellings and landmarks match exactly; a typo of a typo is too far. */
  exact: boolean;
  /** Exactly, or with a typo (strictly for a place outside ours). */
  matching: Matching;
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

/** Phrase lists compiled once per list, wherever they come from (a fact's groups in replies.yaml). */
const compiled = new WeakMap<readonly string[], PhraseIndex>();
function phrasesOf(list: readonly string[]): PhraseIndex {
  let out = compiled.get(list);
  if (!out) {
    out = indexPhrases(list.flatMap(phrases));
    compiled.set(list, out);
  }
  return out;
}

/** The places a pack names, longest first: "Hill Valley" before a one-word name inside it. */
function placeEntries(e: Entities): { entries: PlaceEntry[]; index: PhraseIndex } {
  const entries: PlaceEntry[] = [];
  const entry = (name: string, served: boolean, slug: string | undefined, text: string, exact: boolean) =>
    entries.push({
      name,
      served,
      slug,
      phrase: phrase(text),
      exact,
      matching: exact ? EXACT : { ...FUZZY, strict: !served },
    });
  for (const [name, town] of Object.entries(e.towns)) {
    entry(name, true, town.slug, name, false);
    for (const a of town.aliases) entry(name, true, town.slug, a, true);
    for (const l of town.landmarks) entry(name, true, town.slug, l, true);
  }
  for (const [name, aliases] of Object.entries(e.outsidePlaces)) {
    entry(name, false, undefined, name, false);
    for (const a of aliases) entry(name, false, undefined, a, true);
  }
  // Longest first: "Hill Valley" before a one-word name inside it, a landmark before its town.
  entries.sort((a, b) => b.phrase.words.length - a.phrase.words.length);
  return { entries, index: indexPhrases(entries.map((p) => p.phrase)) };
}

/**
 * Phrases that end a message's words before a place ("from", "to", "do you serve"), by their last word:
 * only those ending with the word before are compared.
 */
function byLastWord(list: Phrase[]): Map<string, Phrase[]> {
  const out = new Map<string, Phrase[]>();
  for (const p of list) {
    const last = p.words.at(-1) ?? "";
    out.set(last, [...(out.get(last) ?? []), p]);
  }
  return out;
}

const foldedSet = (list: readonly string[]) => new Set(list.map((w) => fold(w)));
const bySlug = (lists: Record<string, readonly string[]>) =>
  Object.entries(lists).flatMap(([slug, names]) => names.flatMap(phrases).map((p) => ({ slug, p })));

/** Services or articles, each phrase with the slug it names, indexed. */
const slugged = (items: { slug: string; p: Phrase }[]) => ({
  slugs: items.map((i) => i.slug),
  index: indexPhrases(items.map((i) => i.p)),
});

/** A pack's entity lists compiled once: phrases parsed, words folded. */
function compileEntities(e: Entities) {
  // Longest first: "flat tire change" before "flat tire".
  const services = bySlug(e.services).sort((a, b) => b.p.words.length - a.p.words.length);
  // Each highway as drivers write it ("the 99", "la 99"): the pack's forms with the highways' numbers.
  const numbers = e.highways.map((h) => h.replace(/\D+/g, ""));
  const question = e.placeQuestion.flatMap(phrases);
  const highways = [
    ...e.highways,
    ...(e.highwayForms ?? []).flatMap((form) => numbers.map((n) => form.replace("#", n))),
  ];
  return {
    places: placeEntries(e),
    currency: foldedSet(e.currencyWords),
    everyday: foldedSet(e.everydayWords),
    street: foldedSet(e.streetWords),
    negators: foldedSet(e.negators),
    breaks: foldedSet(e.clauseBreaks),
    from: byLastWord(e.tripFrom.flatMap(phrases)),
    to: byLastWord(e.tripTo.flatMap(phrases)),
    here: byLastWord(e.hereAt.flatMap(phrases)),
    question: byLastWord(question),
    asking: indexPhrases(question),
    services: slugged(services),
    instead: e.serviceInstead.map((r) => ({ ...r, index: indexPhrases(r.phrases.flatMap(phrases)) })),
    placeKinds: indexPhrases((e.placeKinds ?? []).flatMap(phrases)),
    destinations: indexPhrases((e.destinations ?? []).flatMap(phrases)),
    whereOpeners: indexPhrases((e.whereOpeners ?? []).flatMap(phrases)),
    present: [...(e.people ?? []), ...(e.whereNow ?? []), ...highways],
    /** What tells where the driver is: the words that begin it, the highways, the kinds of places. */
    whereTold: indexPhrases([...(e.whereOpeners ?? []), ...highways, ...(e.placeKinds ?? [])].flatMap(phrases)),
    articles: slugged(bySlug(e.articles)),
  };
}
type Compiled = ReturnType<typeof compileEntities>;

/** The phrase among `list` (by last word) that ends just before word `at`. */
const endsBefore = (words: string[], at: number, list: Map<string, Phrase[]>) =>
  at > 0 &&
  !!list
    .get(words[at - 1] as string)
    ?.some((p) => at - p.words.length >= 0 && matchesAt(words, at - p.words.length, p, EXACT));

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
    for (const e of beginningWith(c.places.index, words[at] as string, FUZZY)) {
      const entry = c.places.entries[e] as PlaceEntry;
      const n = entry.phrase.words.length;
      if (at + n > words.length) continue;
      let free = true;
      for (let i = 1; i < n; i++) if (taken.has(at + i)) free = false;
      if (!free || !matchesAt(words, at, entry.phrase, entry.matching)) continue;
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
  const { slugs, index } = c.services;
  const starts = startsIn(index, words, FUZZY);
  for (let k = 0; k < starts.length; k += 2) {
    const [n, at] = [starts[k] as number, starts[k + 1] as number];
    const p = index.phrases[n] as Phrase;
    if (at + p.words.length > words.length || taken.has(at)) continue;
    if (!matchesAt(words, at, p, FUZZY)) continue;
    for (let i = 0; i < p.words.length; i++) taken.add(at + i);
    if (!negatedAt(c, words, at)) hits.push({ slug: slugs[n] as string, at });
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
  const { slugs, index } = c.services;
  const starts = startsIn(index, words, FUZZY);
  for (let k = 0; k < starts.length; k += 2) {
    const [n, at] = [starts[k] as number, starts[k + 1] as number];
    if (negated[at] && matchesAt(words, at, index.phrases[n] as Phrase, FUZZY)) out.add(slugs[n] as string);
  }
  const named = servicesIn(c, words);
  return [...out].filter((s) => !named.includes(s));
}

/** The article slugs a message's words name, best first (each by the words its phrases cover). */
function articlesIn(c: Compiled, words: string[]): string[] {
  const score = new Map<string, number>();
  const { slugs, index } = c.articles;
  const starts = startsIn(index, words, SUBJECT);
  for (let k = 0; k < starts.length; k += 2) {
    const [n, at] = [starts[k] as number, starts[k + 1] as number];
    const p = index.phrases[n] as Phrase;
    const slug = slugs[n] as string;
    if (matchesAt(words, at, p, SUBJECT)) score.set(slug, (score.get(slug) ?? 0) + p.words.length);
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([slug]) => slug);
}

/** The words with every phrase of `list` blanked out ("" where it was). */
function blanking(words: string[], index: PhraseIndex, how: Matching): string[] {
  const out = [...words];
  const starts = startsIn(index, words, how);
  for (let k = 0; k < starts.length; k += 2) {
    const [n, at] = [starts[k] as number, starts[k + 1] as number];
    const p = index.phrases[n] as Phrase;
    if (matchesAt(words, at, p, how)) out.fill("", at, at + p.words.length);
  }
  return out;
}

/** True when the words name a phrase of every group (typos forgiven) and none of `unless`. */
function namesAllIn(words: string[], groups: readonly (readonly string[])[], unless?: readonly string[]): boolean {
  const names = (list: readonly string[]) => namesAny(phrasesOf(list), words, FUZZY);
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
        if (!namesAny(rule.index, words, EXACT)) continue;
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
          beginningWith(c.destinations, words[at] as string, EXACT).some((d) =>
            matchesAt(words, at, c.destinations.phrases[d] as Phrase, EXACT),
          ),
      ),
    withoutPlaceKinds: (words) => blanking(words, c.placeKinds, EXACT).filter(Boolean),
    beforeWhere(words) {
      const at = words.findIndex((w, i) =>
        beginningWith(c.whereOpeners, w, EXACT).some((n) =>
          matchesAt(words, i, c.whereOpeners.phrases[n] as Phrase, EXACT),
        ),
      );
      return at > 0 ? words.slice(0, at) : words;
    },
    onlyWhere(words) {
      const left = blanking(words, c.whereTold, EXACT);
      // A town named in one word ("stockton"); a longer name leaves a word, and the clause is read as before.
      for (const place of placesIn(c, words.join(" "))) left[place.at] = "";
      return words.length > 0 && left.every((w) => !w);
    },
    outsideArticles: (words) => blanking(words, c.articles.index, SUBJECT),
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
    asksPlace: (words) => namesAny(c.asking, words, EXACT),
  };
}
