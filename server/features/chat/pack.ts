import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { places } from "../../../src/shared/places";
import { fullAddress, highwayList, serviceRadiusMiles, site } from "../../../src/shared/site";
import { readDataFile } from "./data-file";
import {
  type Calibration,
  calibrationSchema,
  type Domain,
  domainSchema,
  entitiesSchema,
  intentsSchema,
  repliesSchema,
} from "./pack-schema";

/**
 * A language's data pack (server/features/chat/data/{en,es}/, YAML): what drivers say (intents.yaml:
 * intent -> example messages), what the engine looks for in a message (entities.yaml: services, the
 * small words that join clauses, mark a trip or negate; the towns, places outside them and highways
 * come from the business's business.json, which the site reads too) and what the assistant says
 * (replies.yaml). The routing rules, the same for every language, are domain.yaml. The engine reads
 * every language the same way; only these files differ, so a new phrasing, alias or answer is a line
 * of data, never code.
 */

export interface Town {
  slug: string;
  aliases: string[];
  landmarks: string[];
}

export interface Entities {
  towns: Record<string, Town>;
  /** Places outside the towns we list, each with its other spellings. */
  outsidePlaces: Record<string, string[]>;
  highways: string[];
  clauseBreaks: string[];
  tripFrom: string[];
  tripTo: string[];
  hereAt: string[];
  negators: string[];
  /** Words after a name that make it a street ("Kettleman Lane"), not a town. */
  streetWords: string[];
  /** Where a tow takes a car that is not a town ("my house", "the shop"): after a trip's "to", a tow is asked. */
  destinations?: string[];
  /** Words before a name that ask whether we come there ("do you serve …"). */
  placeQuestion: string[];
  /** Service slug -> the ways drivers name it. */
  services: Record<string, string[]>;
  /** A need that replaces another when named: a flat with no spare is a tow, not a tire change. */
  serviceInstead: { phrases: string[]; service: string; instead: string }[];
  /** Words after a number that make it an amount of money ("35 dollars"). */
  currencyWords: string[];
  /** Article slug -> words of its subject, to find the article a how-to question is about. */
  articles: Record<string, string[]>;
  /** Words every article shares ("tow", "car"), left out of an article search. */
  searchStopwords?: string[];
  shorthand: Record<string, string>;
  vocabulary: string[];
  /**
   * Kinds of places a car stops at that are not towns (a store, a parking lot, a hospital): where the
   * car is says little about what the driver needs, so a clause read as nothing is read again without them.
   */
  placeKinds?: string[];
  /**
   * Words that begin telling where the driver is ("si estoy en", "i'm on"): the need is asked before
   * them, so a clause read as nothing is read again up to them.
   */
  whereOpeners?: string[];
  /** Place names that are everyday words here: a place only when written with a capital. */
  everydayWords: string[];
  /** Terms of this language in the English articles' words, for searching them. */
  glossary?: Record<string, string>;
  /** Words that tell a message is about people: an answer the assistant cannot give opens with 911. */
  people?: string[];
  /** Words that tell where the car is now (a shoulder, a bridge): the same. */
  whereNow?: string[];
  /** How a highway is written, `#` for its number ("the #"): where the car is now too. */
  highwayForms?: string[];
}

/** A text the assistant says; one that restates a page names the page and the phrase it restates. */
export interface Said {
  text: string;
  source?: { file: string; phrase: string };
  /** Where a legal statement was checked. */
  law?: string;
}

export interface OneOrMany {
  one: string;
  many: string;
}

export interface Replies {
  and: string;
  pathPrefix: string;
  serviceNames: Record<string, string>;
  nextStep: { service: string; serviceWithDropOff: string; info: string };
  safety: Record<string, Said>;
  caution: Record<string, string>;
  services: Record<string, Said>;
  topics: Record<string, Said>;
  towns: { yes: OneOrMany; inArea: OneOrMany; outside: OneOrMany; dropOffOutside: OneOrMany };
  severalServices: string;
  serviceItem: string;
  serviceLink: string;
  /** The service asked for beside a place outside the towns: its page, never a yes. */
  outsideService: string;
  notOffered: string;
  townPages: string;
  articlePassage: string;
  /** A passage of a page that has a twin in this language (a guide, not a blog article): its link is the twin's. */
  guidePassage: string;
  /** Where the articles live: a link there, or to a service page, never follows a danger's first steps. */
  articlesPath: string;
  accidentParts?: { id: string; asks: string[]; text: string; source?: Said["source"] }[];
  /** The site's checked legal facts, each said when a message names every one of its `about` groups. */
  lawFacts: LawFact[];
  /** What is said when the assistant cannot tell what the driver needs; `danger` opens it when people or a place are named. */
  abstain: { text: string; danger: string };
}

/**
 * A rule the site states and has checked (its code section in `law`): said when a message names one
 * phrase of every group in `about` (a subject, what is asked of it), and no phrase of `unless`.
 */
export interface LawFact {
  id: string;
  law: string;
  about: string[][];
  unless?: string[];
  text: string;
  source?: Said["source"];
}

export interface Pack {
  lang: ChatLanguage;
  intents: Record<string, string[]>;
  entities: Entities;
  replies: Replies;
}

/** The site's own constants, put into the texts where they name them ({phone}, {townList}…). */
function joined(names: readonly string[], and: string): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")}${and}${names.at(-1)}`;
}

export function fill(text: string, replies: Pick<Replies, "and">, values: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    phone: site.phone.display,
    email: site.email,
    address: fullAddress,
    radiusMiles: String(serviceRadiusMiles),
    city: site.address.city,
    townList: joined(site.areas, replies.and),
    highwayList: replies.and === " and " ? highwayList : joined(site.highways, replies.and),
    ...values,
  };
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => all[key] ?? whole);
}

/** Every text of a pack with the site's constants put in. */
function filled(replies: Replies): Replies {
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return fill(value, replies);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "source" ? v : walk(v)]));
    return value;
  };
  // Names in the town and place templates are put in at answer time: only the site's constants now.
  return walk(replies) as Replies;
}

/** The towns, places outside them and highways, language-neutral, from the one source the site reads. */
const placeEntities = {
  towns: Object.fromEntries(
    places.towns.map((t) => [t.name, { slug: t.slug, aliases: t.aliases, landmarks: t.landmarks }]),
  ),
  outsidePlaces: places.outside,
  highways: places.highways,
};

function loadPack(lang: ChatLanguage): Pack {
  const entities = readDataFile(`${lang}/entities.yaml`, entitiesSchema);
  return {
    lang,
    intents: readDataFile(`${lang}/intents.yaml`, intentsSchema),
    entities: { ...placeEntities, ...entities },
    replies: filled(readDataFile(`${lang}/replies.yaml`, repliesSchema) as Replies),
  };
}

export const PACKS: Record<ChatLanguage, Pack> = { en: loadPack("en"), es: loadPack("es") };

export const LANGUAGES = Object.keys(PACKS) as ChatLanguage[];

/** The routing rules (domain.yaml): each intent's kind, its topic and how it combines. */
export const DOMAIN: Domain = readDataFile("domain.yaml", domainSchema);

/** The fitted confidence threshold (calibration.yaml, written by scripts/calibrate-chat.ts). */
export const CALIBRATION: Calibration = readDataFile("calibration.yaml", calibrationSchema);
