import { z } from "zod";

/**
 * The shapes of the assistant's data files (server/features/chat/data/), checked when they are read
 * (data-file.ts), so a mistake in an edit names the file, the entry and what was expected there.
 */
const text = z.string().min(1, "a text may not be empty");
const phrases = z.array(text);
const source = z.object({ file: text, phrase: text }).strict();

/** intents.yaml: intent -> example messages. */
export const intentsSchema = z.record(text, z.array(text).min(1, "an intent needs at least one example"));

/** entities.yaml: the words of one language the engine looks for (the places are in the business's business.json). */
export const entitiesSchema = z
  .object({
    clauseBreaks: phrases,
    tripFrom: phrases,
    tripTo: phrases,
    hereAt: phrases,
    negators: phrases,
    streetWords: phrases,
    destinations: phrases.optional(),
    placeQuestion: phrases,
    services: z.record(text, phrases),
    serviceInstead: z.array(z.object({ phrases, service: text, instead: text }).strict()),
    currencyWords: phrases,
    articles: z.record(text, phrases),
    searchStopwords: phrases.optional(),
    shorthand: z.record(text, text),
    vocabulary: phrases,
    placeKinds: phrases.optional(),
    /** Words that begin telling where the driver is ("si estoy en", "i'm on"): a clause read as nothing is read again up to them. */
    whereOpeners: phrases.optional(),
    everydayWords: phrases,
    glossary: z.record(text, text).optional(),
    /** Words that tell a message is about people (a child, my mother, "we"): with no answer, 911 opens. */
    people: phrases.optional(),
    /** Words that tell where the car is now (a shoulder, a bridge, an exit): with no answer, 911 opens. */
    whereNow: phrases.optional(),
    /** How a highway of the business's business.json is written, `#` for its number ("the #", "la #"): where the car is now. */
    highwayForms: phrases.optional(),
  })
  .strict();

const said = z.object({ text, source: source.optional(), law: text.optional() }).strict();
const oneOrMany = z.object({ one: text, many: text }).strict();
const lawFact = z
  .object({
    id: text,
    law: text,
    about: z.array(phrases.min(1)).min(1),
    unless: phrases.optional(),
    text,
    source: source.optional(),
  })
  .strict();

/** replies.yaml: what the assistant says in one language. */
export const repliesSchema = z
  .object({
    and: z.string(),
    pathPrefix: z.string(),
    serviceNames: z.record(text, text),
    nextStep: z.object({ service: text, serviceWithDropOff: text, info: text }).strict(),
    safety: z.record(text, said),
    caution: z.record(text, text),
    services: z.record(text, said),
    topics: z.record(text, said),
    towns: z.object({ yes: oneOrMany, inArea: oneOrMany, outside: oneOrMany, dropOffOutside: oneOrMany }).strict(),
    severalServices: text,
    serviceItem: text,
    serviceLink: text,
    outsideService: text,
    /** A service the business does not offer ({names}): said instead of its answer. */
    notOffered: text,
    townPages: text,
    articlePassage: text,
    guidePassage: text,
    articlesPath: text,
    accidentParts: z.array(z.object({ id: text, asks: phrases, text, source: source.optional() }).strict()).optional(),
    lawFacts: z.array(lawFact),
    /** What is said when the assistant cannot tell what the driver needs (below the calibrated confidence). */
    abstain: z.object({ text, danger: text }).strict(),
  })
  .strict();

const kinds = ["question", "cannot-say", "small-talk", "how-to", "accident", "service", "none"] as const;
/** domain.yaml: the routing rules, the same for every language (see the file's own comments). */
export const domainSchema = z
  .object({
    roles: z.object({ howTo: text, money: text, askPlace: text, withCaution: text, nothing: text }).strict(),
    intents: z.record(
      text,
      z
        .object({
          kind: z.enum(kinds, { message: `kind is one of ${kinds.join(", ")}` }),
          topic: text.optional(),
          subject: z.boolean().optional(),
          offersInstead: z.boolean().optional(),
          law: z.boolean().optional(),
          elsewhere: z.boolean().optional(),
          threshold: z.number().min(0).max(1).optional(),
          coveredBy: text.optional(),
          coveredByService: z.boolean().optional(),
          coveredByPlace: z.boolean().optional(),
          ownsHowTo: z.boolean().optional(),
          yieldsToPlace: z.boolean().optional(),
        })
        .strict(),
    ),
    services: z.object({ tows: phrases, tow: text, emergency: text, accidentGuide: text }).strict(),
  })
  .strict();

export type Domain = z.infer<typeof domainSchema>;
export type IntentRule = Domain["intents"][string];

/**
 * calibration.yaml, written by scripts/calibrate-chat.ts (never by hand): the classifier score from
 * which an intent counts, fitted on the development part, and what it measured there.
 */
export const calibrationSchema = z
  .object({
    threshold: z.number().min(0).max(1),
    costOfWrong: z.number().positive(),
    fittedOn: z.array(text),
    measured: z.array(
      z.object({ threshold: z.number(), coverage: z.number(), risk: z.number(), utility: z.number() }).strict(),
    ),
  })
  .strict();
export type Calibration = z.infer<typeof calibrationSchema>;
