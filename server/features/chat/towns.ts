import { site } from "../../../src/shared/site";
import { fold, foldKeepingCase, withinEdits } from "./text";

/**
 * Which places a message names: the ten towns we list (in any spelling a hurried thumb makes) and
 * places outside them. A place we do not list must never read as a yes, so anything that looks
 * like a place name after "serve", "in", "to"… and is not one of ours counts as outside.
 */

export interface PlaceMention {
  name: string;
  served: boolean;
  /** Where in the folded text it starts, so "from Lodi to Tracy" keeps its direction. */
  index: number;
  /** The word before it ("to", "from", "in", …). */
  preposition: string;
}

/** Spellings drivers type for our towns, beyond one or two letters off (matched on folded words). */
const TOWN_ALIASES: Record<string, string[]> = {
  Stockton: ["stockon", "stokton", "stocton", "stockten", "stkn", "stktn", "estockton", "estocton", "estokton"],
  Lodi: ["loddi", "lodie", "lody"],
  Manteca: ["manteka", "mantica", "mantika", "mantecca"],
  Tracy: ["trcy", "tracey", "traci", "tracie"],
  Lathrop: ["lathorp", "lathrup", "lathop", "lathropp"],
  "French Camp": ["frenchcamp", "french cmp", "frnch camp", "french camps"],
  "Mountain House": ["mtn house", "mt house", "mountainhouse", "mountian house", "mountain hse", "mtnhouse"],
  Acampo: ["accampo", "acompo", "acampo's"],
  Victor: [],
  Lockeford: ["lockford", "lockferd", "lokeford", "lockeferd", "lockfort"],
};

/** Common words one letter away from a town name; never read as the town. */
const NOT_TOWNS = new Set([
  "track",
  "tracks",
  "stock",
  "victory",
  "lathe",
  "lord",
  "lode",
  "lady",
  "loud",
  "vias",
  // Spanish words a letter from a town: "fresco" (cool) is not Fresno.
  "fresco",
  "fresca",
  "frescos",
]);

/** Places near us (and far away) that drivers ask about and that we do not list. */
const OUTSIDE = [
  "Sacramento",
  "Modesto",
  "Galt",
  "Elk Grove",
  "Ripon",
  "Escalon",
  "Turlock",
  "Ceres",
  "Merced",
  "Fresno",
  "Livermore",
  "Pleasanton",
  "Dublin",
  "Oakland",
  "San Francisco",
  "San Jose",
  "Bay Area",
  "Antioch",
  "Brentwood",
  "Discovery Bay",
  "Byron",
  "Linden",
  "Thornton",
  "Rio Vista",
  "Farmington",
  "Oakdale",
  "Riverbank",
  "Salida",
  "Patterson",
  "Los Banos",
  "Vallejo",
  "Fairfield",
  "Davis",
  "Roseville",
  "Folsom",
  "Jackson",
  "Ione",
  "Sonora",
  "Tahoe",
  "Reno",
  "Los Angeles",
  "San Diego",
  "Bakersfield",
  "Houston",
  "New York",
  "Las Vegas",
  "Hayward",
  "Fremont",
  "Walnut Creek",
  "Concord",
  "Pittsburg",
  "Valley Springs",
  "Walnut Grove",
  "Isleton",
  "Hughson",
  "Waterford",
  "Denair",
  "Vernalis",
  "San Andreas",
  "Angels Camp",
  "Copperopolis",
  "Santa Rosa",
  "Napa",
  "Vacaville",
  "Yuba City",
  "Redding",
  "Monterey",
  "Santa Cruz",
  "Gilroy",
  "Visalia",
  "Tulare",
  "Chowchilla",
  "Atwater",
];
const OUTSIDE_ALIASES: Record<string, string> = {
  sac: "Sacramento",
  sacramento: "Sacramento",
  sf: "San Francisco",
  "san fran": "San Francisco",
  vegas: "Las Vegas",
  "the bay": "Bay Area",
  "bay area": "Bay Area",
  modesto: "Modesto",
};

interface Pattern {
  name: string;
  served: boolean;
  words: string[];
  /** A misspelling we list is matched exactly: a typo of a typo is too far ("lockferd" ~ "locked"). */
  alias?: boolean;
}

const patterns: Pattern[] = [
  ...site.areas.map((t) => ({ name: t, served: true, words: fold(t).split(" ") })),
  ...Object.entries(TOWN_ALIASES).flatMap(([name, aliases]) =>
    aliases.map((a) => ({ name, served: true, words: a.split(" "), alias: true })),
  ),
  ...OUTSIDE.map((p) => ({
    name: p,
    served: false,
    words: fold(p).split(" "),
  })),
  ...Object.entries(OUTSIDE_ALIASES).map(([alias, name]) => ({
    name,
    served: false,
    words: alias.split(" "),
    alias: true,
  })),
];

/** How many letters off a typed word may be from a place name of this length. */
const toleranceFor = (name: string) => (name.length >= 8 ? 2 : name.length >= 6 ? 1 : 0);
/**
 * Places outside our list are matched by typo only when long: a short one is a letter from an everyday
 * word ("molesto" ~ Modesto, "fresco" ~ Fresno), and a driver in our area told "outside" gets no help.
 */
const outsideToleranceFor = (name: string) => (name.length >= 10 ? 2 : name.length >= 8 ? 1 : 0);

/**
 * A typo keeps the first letter of each word: "Stokton" is Stockton, but "los faros" (the headlights)
 * is not Los Banos, two letters off.
 */
const initialsOf = (words: string) =>
  words
    .split(" ")
    .map((w) => w[0])
    .join("");

/** Exact spellings, one or two words, looked up directly. */
const EXACT = new Map(patterns.map((p) => [p.words.join(" "), p]));
/** Names a typo can still reach: ours at any length, others only when long enough to be unambiguous. */
const FUZZY = patterns
  .map((p) => {
    const target = p.words.join(" ");
    return {
      p,
      target,
      joined: p.words.join(""),
      initials: initialsOf(target),
      tolerance: p.served ? toleranceFor(target) : outsideToleranceFor(target),
    };
  })
  .filter((f) => f.tolerance > 0 && !f.p.alias);
/** Short everyday words never worth a fuzzy comparison. */
const TOO_COMMON =
  /^(a|an|the|to|in|on|at|of|is|it|my|me|we|you|do|go|and|or|for|from|with|near|can|car|tow|need|help)$/;

/**
 * How a language points at places: the words before a place name ("serve", "in", "en", "hasta"), the
 * end of a question about a place ("do you serve kettleman city"), and which words say the place is
 * where the car goes ("to", "a", "hasta") or where it is ("from", "de", "I'm", "estoy").
 */
export interface PlaceGrammar {
  /** Words before a capitalised name that make it a place ("Do you serve Kettleman City?"). */
  lead: string;
  /** A question ending in a place in lower case; the place is group 1. */
  asked: RegExp;
  /** First words of what follows "serve…" that are not a place ("the", "my", "la", "mi"). */
  notPlaceStart: ReadonlySet<string>;
  /** The direction words before a place: group 1 is one of `to` or `from`, or another. */
  direction: RegExp;
  to: ReadonlySet<string>;
  from: ReadonlySet<string>;
  /** The driver is at the place ("I'm in", "broke down in", "estoy en"), whatever "to" came before. */
  hereAt: RegExp;
  /** Capitalised words that are not places in this language (sentence starts, days, pronouns). */
  ignored: ReadonlySet<string>;
  /**
   * Place names that are everyday words in this language ("salida" is the town of Salida, and the
   * exit of a freeway in Spanish): a place only when written with a capital.
   */
  everyday: ReadonlySet<string>;
}

export const englishPlaces: PlaceGrammar = {
  lead: "serve|service|cover|go(?:ing)? to|come (?:out )?to|tow (?:me |it )?to|drive to|in|near|from|to",
  asked:
    /\b(?:serve|service|cover|go to|go out to|come to|come out to|work in|tow in)\s+([a-z]+(?: [a-z]+){0,2})\s*[?.!]*$/,
  notPlaceStart: new Set(
    "the my your our a an this that these those all any every here there near me us you it them town towns area areas city cities county everywhere anywhere nearby people".split(
      " ",
    ),
  ),
  direction: /\b(to|from|in|at|near)\b/g,
  to: new Set(["to"]),
  from: new Set(["from"]),
  hereAt: /\b(i'?m|we'?re|i am|stuck|broke down|located)\b[^,]*$/,
  ignored: new Set(),
  everyday: new Set(),
};

/** Every place the message names, in the order it names them. */
export function placesIn(text: string, grammar: PlaceGrammar = englishPlaces): PlaceMention[] {
  const shaped = foldKeepingCase(text);
  const folded = shaped.toLowerCase();
  const tokens: { word: string; index: number }[] = [];
  // "Tracy's outlet mall": the possessive is still the town.
  for (const m of folded.matchAll(/[a-z0-9]+(?:'[a-z]+)?/g)) {
    const word = m[0].replace(/'s$/, "");
    // Folding keeps each letter where it was, so the text before lower-casing shows a capital ("Salida").
    const at = m.index ?? 0;
    if (grammar.everyday.has(word) && !/\p{Lu}/u.test(shaped[at] ?? "")) continue;
    tokens.push({ word, index: at });
  }
  const found: PlaceMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = (tokens[i] as { word: string }).word;
    const pair = i + 1 < tokens.length ? `${word} ${(tokens[i + 1] as { word: string }).word}` : "";
    let match = (pair && EXACT.get(pair)) || EXACT.get(word);
    let length = match && pair && EXACT.get(pair) === match ? 2 : 1;
    // "las vias del tren" is not "Las Vegas": a pair ending in a common word is no place name.
    const pairOk = !!pair && !NOT_TOWNS.has((tokens[i + 1] as { word: string }).word);
    if (!match && !TOO_COMMON.test(word) && word.length > 2 && !NOT_TOWNS.has(word)) {
      const initials = { word: initialsOf(word), pair: initialsOf(pair) };
      for (const f of FUZZY) {
        const two = f.p.words.length === 2;
        const candidate = two ? (pairOk ? pair : "") : word;
        const typed = two ? initials.pair : initials.word;
        if (candidate && typed === f.initials && withinEdits(candidate, f.target, f.tolerance)) {
          match = f.p;
          length = f.p.words.length;
          break;
        }
        // "frenchcamp", "mountainhouse": two words typed as one.
        if (f.p.words.length === 2 && withinEdits(word, f.joined, 1)) {
          match = f.p;
          length = 1;
          break;
        }
      }
    }
    if (!match) continue;
    if (!found.some((f) => f.name === match.name)) {
      found.push({
        name: match.name,
        served: match.served,
        index: (tokens[i] as { index: number }).index,
        preposition: tokens[i - 1]?.word ?? "",
      });
    }
    i += length - 1;
  }
  return found.concat(unknownPlaces(text, found, grammar));
}

/**
 * A capitalised name after "serve", "cover", "go to", "come to", "in" or "near" that is not one of
 * ours ("Do you serve Kettleman City?") is treated as a place outside our list, never as a yes.
 */
/** Each grammar's pattern for a capitalised name after its place words, compiled once. */
const leadPatterns = new WeakMap<PlaceGrammar, RegExp>();
function leadPattern(grammar: PlaceGrammar): RegExp {
  let re = leadPatterns.get(grammar);
  if (!re) {
    re = new RegExp(`\\b(?:${grammar.lead})\\s+((?:[A-Z][a-z]+)(?:\\s+[A-Z][a-z]+){0,2})`, "g");
    leadPatterns.set(grammar, re);
  }
  return re;
}

function unknownPlaces(text: string, known: PlaceMention[], grammar: PlaceGrammar): PlaceMention[] {
  const out: PlaceMention[] = [];
  const re = leadPattern(grammar);
  for (const m of text.matchAll(re)) {
    const name = m[1] ?? "";
    const f = fold(name);
    const first = f.split(" ")[0] ?? "";
    if (IGNORED_CAPITALS.has(first) || grammar.ignored.has(first) || REGIONS.test(f)) continue;
    // "Kettleman Lane", "Calle Ocho": a street in one of our towns, not a town.
    if (STREET_WORDS.test(f)) continue;
    if (known.some((k) => f.includes(fold(k.name)) || fold(k.name).includes(f))) continue;
    if (EXACT.has(f) || FUZZY.some((p) => withinEdits(f, p.target, p.tolerance))) continue;
    out.push({ name, served: false, index: m.index ?? 0, preposition: "" });
  }
  return out;
}

/**
 * The place a message asks about in lower case ("do you serve kettleman city"), when it names one we
 * do not know: the words after "serve", "cover", "go to"… at the end of the message. The caller
 * checks the words are not a need of their own ("do you serve weekends").
 */
export function askedPlace(folded: string, grammar: PlaceGrammar = englishPlaces): string | undefined {
  const m = folded.match(grammar.asked);
  const words = m?.[1]?.split(" ") ?? [];
  if (!words.length || grammar.notPlaceStart.has(words[0] ?? "") || REGIONS.test(words.join(" "))) return undefined;
  return words.map((w) => (w[0] ?? "").toUpperCase() + w.slice(1)).join(" ");
}

/**
 * Whether a place is where the car goes ("to a shop in Sacramento") or where it is ("from Lodi",
 * "I'm in Lodi"): the last "to" or "from" before the place, within the same sentence.
 */
export function isDestination(text: string, place: PlaceMention, grammar: PlaceGrammar = englishPlaces): boolean {
  const before =
    fold(text)
      .slice(0, place.index)
      .split(/[.!?;]/)
      .at(-1) ?? "";
  const last = [...before.matchAll(grammar.direction)].map((m) => m[1] ?? "");
  const direction = last.filter((w) => grammar.to.has(w) || grammar.from.has(w)).at(-1);
  return direction !== undefined && grammar.to.has(direction) && !grammar.hereAt.test(before);
}

/** Regions we work in rather than towns: answered with the list, never with "outside". */
export const REGIONS = /\b(san joaquin|sj county|central valley|the valley|el valle|valle central|delta)\b/;

/** Words that make a capitalised name a street or a road ("Kettleman Lane", "Avenida Pacific"). */
const STREET_WORDS =
  /\b(lane|ln|road|rd|street|st|avenue|ave|blvd|boulevard|way|drive|dr|parkway|pkwy|court|ct|calle|avenida|camino)\b/;
/** Capitalised words that are not places (sentence starts, brands, days, roads, pronouns). */
const IGNORED_CAPITALS = new Set(
  "i im i'm my the a an it this that we you they he she walmart target costco safeway home depot lowes highway hwy interstate freeway monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december pacific hammer march eight wilson main el camino airport christmas thanksgiving please help spanish english".split(
    " ",
  ),
);

/** The ten towns, in the order the site lists them. */
export const townNames: readonly string[] = site.areas;

/** The ten towns as a sentence ("Stockton, Lodi, … and Lockeford"). */
export const townList = `${site.areas.slice(0, -1).join(", ")} and ${site.areas.at(-1)}`;

/** True when a folded word list is only about a place: "lodi?", "im in victor", "frenchcamp". */
export function onlyPlaceWords(words: string[]): boolean {
  return words.every((w) => PLACE_FILLER.has(w));
}
const PLACE_FILLER = new Set(
  "i im i'm am in at near by out the a area areas ok okay covered cover you u do does go to is are that what about how hi hey and both".split(
    " ",
  ),
);
