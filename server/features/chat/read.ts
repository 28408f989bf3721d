import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { spanishOffered } from "../../../src/shared/languages";
import type { Guess, IntentModel } from "./classifier";
import { safetyGuard } from "./danger-reply";
import type { EntityFinder, PlaceMention } from "./entities";
import type { DangerReading, SafetyReading } from "./guard";
import { CALIBRATION, LANGUAGES, PACKS, type Pack } from "./pack";
import { ROLES, ruleOf, serviceOf } from "./routing";
import { correctTypos, fold, wordsOf } from "./text";

/**
 * Reads a message: which language it is in (the words each language's data uses, the page's hint
 * breaking a tie), what danger it tells (the safety guard), which intents each of its clauses has (the
 * trained classifier), and which services, places and articles it names (the entity finder).
 */

/**
 * A clause's intent counts from this classifier score up; below, the clause says nothing we know, and a
 * message with nothing we know gets no stock reply. Fitted on the development part by
 * scripts/calibrate-chat.ts (data/calibration.yaml), never set by hand.
 */
export const INTENT_THRESHOLD = CALIBRATION.threshold;

export interface Reading {
  lang: ChatLanguage;
  pack: Pack;
  /** The message folded and with its listed typos put right. */
  corrected: string;
  words: string[];
  /** What the safety guard read in the message as sent (guard.ts): anyone shut in, hurt, fire, a stop in traffic, a threat. */
  danger: DangerReading;
  /** What the reply needs beyond the guard's kinds: a crash, a stop beside traffic, a caution (the guard's `road`). */
  safety: SafetyReading;
  /** Every intent asked, in the order asked. */
  intents: string[];
  services: string[];
  places: PlaceMention[];
  articles: string[];
  /** True when the message says where the car should go that is not a town ("to my house"). */
  takenTo: boolean;
  /** The checked legal facts the message asks about (replies `lawFacts`, by id). */
  facts: string[];
  /** The classifier's best score for any intent of any clause: how sure it is of what was asked. */
  confidence: number;
  /** True when the message tells about people or where the car is now (asked only when nothing else is read). */
  peopleOrWhere(): boolean;
}

/**
 * How much likelier (in nats, about 150 times) a message's words must be in one language before they
 * outweigh the page's language: one word ("hi", "ok", "gracias") is too little to go on.
 */
export const LANGUAGE_MARGIN = 5;

export function replyLanguage(
  model: IntentModel,
  folded: string,
  hint?: ChatLanguage,
  scores = model.languageScores(folded),
): ChatLanguage {
  const [best, second] = [...LANGUAGES].sort((a, b) => scores[b] - scores[a]) as [ChatLanguage, ChatLanguage];
  const oneWord = wordsOf(folded).length < 2;
  if (hint && (oneWord || scores[best] - scores[second] < LANGUAGE_MARGIN)) return hint;
  return scores[best] === scores[second] ? (LANGUAGES[0] as ChatLanguage) : best;
}

/**
 * The intents of a message's clauses and of the whole message, in the order asked, and the
 * classifier's best score for any of them (how sure it is of what was asked).
 */
function intentsOf(
  corrected: string,
  words: string[],
  written: ChatLanguage,
  model: IntentModel,
  finder: EntityFinder,
  threshold: number,
): { intents: string[]; confidence: number } {
  const intents: string[] = [];
  // A message of one clause is that clause: each text is classified once.
  const classified = new Map<string, Guess[]>();
  let confidence = 0;
  const guess = (clause: string) => {
    let all = classified.get(clause);
    if (!all) {
      all = model.classify(written, clause);
      classified.set(clause, all);
      confidence = Math.max(confidence, all[0]?.score ?? 0);
    }
    // Each intent's output stands on its own (one perceptron per intent): a clause may ask two things.
    return all.filter((g) => g.score >= Math.min(threshold, ruleOf(g.intent).threshold ?? threshold));
  };
  const add = (clause: string) => {
    let guesses = guess(clause);
    // Read as nothing: read again without where the car is ("…in the walmart parking lot").
    if (!guesses.length) {
      const bare = finder.withoutPlaceKinds(wordsOf(clause)).join(" ");
      if (bare !== clause) guesses = guess(bare);
    }
    // Still nothing: read again up to where it starts telling where the driver is ("en cuanto tiempo llega
    // la grúa si estoy en la 580 saliendo de tracy"): the need is asked before it.
    if (!guesses.length) {
      const before = finder.beforeWhere(wordsOf(clause)).join(" ");
      if (before !== clause) guesses = guess(before);
    }
    // A clause whose main question is a subject ("what's wrong with it?") names no need beside it.
    const aboutSubject = !!guesses[0] && !!ruleOf(guesses[0].intent).subject;
    for (const guess of guesses)
      if (!intents.includes(guess.intent) && !(aboutSubject && serviceOf(guess.intent))) intents.push(guess.intent);
  };
  // Each clause may ask its own thing ("how much is it, and how long will it take?").
  for (const sentence of corrected.split(SENTENCE_MARKS)) {
    const sentenceWords = wordsOf(sentence);
    for (const clause of finder.clauses(sentenceWords)) {
      const clauseWords = clause.map((i) => sentenceWords[i] as string);
      // A clause that only tells where the driver is ("…, ando en la 4 saliendo de stockton") asks
      // nothing: its words ("saliendo" stems like "sale", what a price costs) must not add a question.
      if (!finder.onlyWhere(clauseWords)) add(clauseWords.join(" "));
    }
  }
  // The whole message, by its words: what the classifier reads of it when correcting left it folded
  // (the usual case), and then the same text as its one clause when it has one.
  add(fold(corrected) === corrected ? words.join(" ") : corrected);
  return { intents, confidence };
}

/** The marks that end a sentence or a clause as written: a clause is read, and a negation reaches, up to one. */
const SENTENCE_MARKS = /[.,;:!?¿¡]+/;

/**
 * The services a message names and those it denies, sentence by sentence: a negation does not reach
 * past a comma ("si no llego, se me ponchó una llanta" denies nothing). A service named anywhere is
 * not denied.
 */
function servicesOf(corrected: string, finder: EntityFinder): { named: string[]; denied: string[] } {
  const sentences = corrected
    .split(SENTENCE_MARKS)
    .map(wordsOf)
    .filter((w) => w.length);
  const named = [...new Set(sentences.flatMap((w) => finder.services(w)))];
  const denied = [...new Set(sentences.flatMap((w) => finder.denied(w)))].filter((s) => !named.includes(s));
  return { named, denied };
}

/** The language the message is written in, by its words alone (the page's hint only on a tie). */
function messageLanguage(scores: Record<ChatLanguage, number>, hint?: ChatLanguage): ChatLanguage {
  const [best, second] = [...LANGUAGES].sort((a, b) => scores[b] - scores[a]) as [ChatLanguage, ChatLanguage];
  return scores[best] > scores[second] ? best : (hint ?? (LANGUAGES[0] as ChatLanguage));
}

export function readMessage(
  text: string,
  hint: ChatLanguage | undefined,
  model: IntentModel,
  finders: Record<ChatLanguage, EntityFinder>,
  threshold = INTENT_THRESHOLD,
): Reading {
  const folded = fold(text);
  // The reply may follow the page ("hi" on a Spanish page); the reading follows the message's words.
  const scores = model.languageScores(folded);
  // A business in English only (business.json's languages) answers in English whatever the words.
  const lang = spanishOffered ? replyLanguage(model, folded, hint, scores) : "en";
  const written = messageLanguage(scores, hint);
  const pack = PACKS[lang];
  const finder = finders[written];
  const corrected = correctTypos(folded, PACKS[written].entities);
  const words = wordsOf(corrected);
  const { intents, confidence } = intentsOf(corrected, words, written, model, finder, threshold);
  // A message that names an article's subject, and no need or question we know, is a how-to question.
  const articles = finder.articles(words);
  if (articles.length && !intents.length && !finder.services(finder.outsideArticles(words)).length)
    intents.push(ROLES.howTo);
  // An amount of money in the message ("confirm it costs $35") puts the price in question.
  if (finder.namesMoney(text, words) && !intents.includes(ROLES.money)) intents.push(ROLES.money);
  // A service named inside a question about something else ("can a dolly tow a car with a flat?", "can
  // the landlord tow my car?") is its subject, not a need; a need the classifier reads still counts.
  // What we do not do, answered with what we can ("a mechanic's job; a tow to the shop"): that answer is the offer.
  const offered = intents.some((i) => ruleOf(i).offersInstead);
  // A checked rule asked about ("a rope on the freeway?") is a subject too.
  // Every language's phrasing of a rule counts: a rule is asked in Spanglish too.
  const facts = LANGUAGES.flatMap((l) =>
    PACKS[l].replies.lawFacts.filter((f) => finders[l].namesAll(words, f.about, f.unless)).map((f) => f.id),
  ).filter((id, i, all) => all.indexOf(id) === i);
  const subject =
    offered || ((facts.length > 0 || intents.some((i) => ruleOf(i).subject)) && !intents.some((i) => serviceOf(i)));
  const { named, denied } = servicesOf(corrected, finder);
  const services = subject ? [] : named;
  for (const i of intents) {
    const slug = serviceOf(i);
    if (offered || !slug) continue;
    if (!services.includes(slug) && !denied.includes(slug)) services.push(slug);
  }
  const places = finder.places(text);
  // "Do you serve Riverton?": a place named after the words that ask whether we come there.
  if (places.length && finder.asksPlace(words)) {
    if (!intents.includes(ROLES.askPlace)) intents.push(ROLES.askPlace);
    intents.splice(0, intents.length, ...intents.filter((i) => !ruleOf(i).yieldsToPlace));
  }
  return {
    lang,
    pack,
    corrected,
    words,
    danger: safetyGuard.read(text),
    safety: safetyGuard.road(corrected),
    intents: intents.filter((i) => !serviceOf(i)),
    services: finder.instead(words, services),
    places,
    articles,
    facts,
    takenTo: finder.takenTo(words),
    confidence,
    peopleOrWhere: () => finder.peopleOrWhere(text, words),
  };
}
