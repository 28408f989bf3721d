import { site } from "../../../src/shared/site";
import type { Words } from "./answers";
import type { Intent } from "./intents";
import type { Reader } from "./reader";
import type { Retriever } from "./retrieval";
import { askedPlace, isDestination, type PlaceMention, placesIn, REGIONS } from "./towns";

/**
 * Puts a reply together from what the reading found, in one order for every message and every
 * language: danger first (and then nothing else), the places, the answers to each question asked, the
 * services needed, and last what to do next (the phone, and what to tell the dispatcher). The
 * language gives the reading (reader.ts, spanish.ts) and the words (answers.ts, answers-es.ts).
 */

/** One language: how its messages are read, and what it says. */
export interface Language {
  reader: Reader;
  words: Words;
}

/** Topics answered in the order the driver asked them; the ones handled elsewhere are left out. */
const ANSWERED_TOPICS = new Set<Intent>([
  "blocked-driveway",
  "abandoned",
  "private-property",
  "private-property-sign",
  "home-driveway",
  "insurance-claim",
  "diagnosis",
  "new-key",
  "who-pays",
  "find-towed",
  "impound",
  "police-tow",
  "junk-title",
  "legal-advice",
  "payment",
  "repairs",
  "recommend",
  "weather",
  "fleet",
  "insurance",
  "bot",
  "contact",
  "address",
  "hours",
  "request",
  "services-list",
  "technical",
  "accident-info",
  "price",
  "eta",
  "complaint",
  "unattended",
  "ride-along",
  "verify-operator",
]);
/** Questions about something other than the driver's own car: a town named in them is not a "do you serve". */
const ELSEWHERE = new Set<Intent>(["weather", "recommend", "off-topic", "fleet", "payment", "privacy"]);
/** Services whose next step includes where the vehicle should go. */
const TOWS = new Set(["towing", "emergency-towing", "motorcycle-towing", "junk-car-removal"]);
const phoneShown = (text: string) => text.includes(site.phone.display);
/** About three short sentences and the next step: what a phone shows without scrolling. */
const REPLY_BUDGET = 700;
const names = (places: PlaceMention[]) => places.map((p) => p.name);

/** What composing needs beyond the message: the article search and the towns that have a page. */
export interface ComposeContext {
  retriever: Retriever;
  townPages: Map<string, string>;
}

/** The pages of the towns that have one ("/areas/lodi"), for the words to link in their language. */
const townPagePaths = (towns: string[], pages: Map<string, string>) =>
  towns.map((t) => pages.get(t)).filter((p): p is string => !!p);

/** A text by intent, when the language has one (topics are keyed by the intents they answer). */
const topicText = (words: Words, key: string): string | undefined =>
  (words.topics as Record<string, string | undefined>)[key];

/** A reply in pieces, in the order they are shown. */
interface Draft {
  /** One safety sentence ahead of everything (a crash with nobody hurt, heat, a freeway stop). */
  caution?: string;
  /** The answer about the place when the place is the question ("do you serve Lodi?"). */
  placeAnswer?: string;
  /** The answers to what was asked (rules, hours, technical, honest "ask the dispatcher"…). */
  answers: string[];
  /** The services the driver needs, as the page names them. */
  services: string[];
  /** "Yes, Lodi is in our area", said after the service it is about. */
  placeNote?: string;
  /** Price and time: asked about the problem, so they follow its answer. */
  costAndTime: string[];
}

/**
 * A question about what the law asks and by when ("how many days do I have", "¿tengo que…?"), in either
 * language: only then does a crash's safety answer go on to the rule. "I want to call the police" while
 * someone bleeds gets the safety answer alone.
 */
const ASKS_A_DUTY =
  /\b(cuant[oa]s? (tiempo|dias|horas)|tengo que|tenemos que|hay que|debo|how (long|many (days|hours))|do (i|we) (have|need) to|must (i|we)|should (i|we))\b/;

export function compose(original: string, folded: string, context: ComposeContext, language: Language): string {
  const { reader, words } = language;
  const reading = reader.safety(folded);
  if (reading.danger) {
    // "I crashed and the other driver got hurt: how long do I have to report it?": what to do now
    // comes first, then the rule asked about, so the question is not left unanswered.
    const crash = reading.danger === "crash" || reading.danger === "injury";
    const asksDuty = crash && ASKS_A_DUTY.test(folded);
    if (!asksDuty && !reading.besideTraffic) return words.safety[reading.danger];
    const { intents } = reader.intents(folded);
    if (asksDuty && intents.includes("accident-info")) {
      return `${words.safety[reading.danger]} ${words.accident(folded, context.retriever)}`;
    }
    if (reading.besideTraffic) return besideTraffic(original, intents, reading.crashed === true, language);
    return words.safety[reading.danger];
  }

  const { intents } = reader.intents(folded);
  const has = (i: Intent) => intents.includes(i);
  const draft: Draft = { answers: [], services: [], costAndTime: [] };

  const places = placesIn(original, reader.places);
  let serviceCards = servicesNeeded(intents, folded, reading.crashed === true, places, reader);
  serviceCards = placeSentences(draft, folded, original, intents, serviceCards, context.townPages, language, places);
  answerTopics(draft, folded, intents, serviceCards.length > 0, context.retriever, words);

  // A question about price or time is answered as such; the service card would only repeat the page.
  // Unless the driver also says what is wrong now ("won't start… how much?"): then both.
  if ((has("price") || has("eta")) && !reader.strongNeed.test(folded)) serviceCards = [];
  if (has("flat-no-spare")) serviceCards = serviceCards.filter((s) => s !== "towing");
  /** The services as cards, or (when the reply would not fit a phone's screen) as their names and pages. */
  const serviceLines = (short: boolean) => {
    const lines = has("flat-no-spare") ? [words.services["flat-no-spare"]] : [];
    if (serviceCards.length >= 3) return [...lines, words.severalServices(serviceCards)];
    for (const slug of serviceCards)
      lines.push(short ? words.serviceLink(slug) : (words.services[slug as keyof Words["services"]] ?? ""));
    return lines;
  };

  // The freeway sentence belongs to a driver stopped there, not to a question about the freeway.
  const stopped = serviceCards.length > 0 || has("flat-no-spare");
  if (reading.caution && (reading.caution !== "freeway" || stopped)) draft.caution = words.caution[reading.caution];

  const assemble = (short: boolean) => {
    const parts = [
      draft.caution,
      draft.placeAnswer,
      ...draft.answers,
      ...serviceLines(short),
      draft.placeNote,
      ...draft.costAndTime,
    ].filter((p): p is string => !!p);
    if (!parts.length || (parts.length === 1 && draft.caution)) {
      const fallback = ["injection", "privacy", "off-topic", "language", "greeting", "thanks", "help"].find((i) =>
        has(i as Intent),
      );
      // After a safety sentence, what to tell us next ("tell me what happened"), not "I'm not sure".
      parts.push(topicText(words, fallback ?? (draft.caution ? "help" : "unknown")) ?? "");
    }
    const body = parts.join(" ");
    if (phoneShown(body)) return body;
    // A need: what to tell the dispatcher; when that would not fit, the number alone.
    const tow = has("flat-no-spare") || serviceCards.some((s) => TOWS.has(s));
    const next = stopped && !short ? words.nextStep.service(tow) : words.nextStep.info;
    return `${body}\n\n${next}`;
  };
  // Three questions at once can outgrow a phone's screen: the services then shrink to their names and pages.
  const full = assemble(false);
  return full.length <= REPLY_BUDGET ? full : assemble(true);
}

/**
 * Stopped on the shoulder or a dark freeway, out of the lanes: what to do there first, then the page
 * of the service the driver names, the answer to a price or time question, and the town. Nothing
 * after the safety answer when nothing else was said ("parked on the shoulder, trucks flying by").
 */
function besideTraffic(original: string, intents: Intent[], crashed: boolean, { reader, words }: Language): string {
  const parts = [words.safety.traffic];
  const places = placesIn(original, reader.places);
  const outside = names(places.filter((p) => !p.served));
  if (outside.length) return `${parts[0]} ${words.towns.outside(outside)}`;
  const service = serviceAskedBesideTraffic(intents, crashed);
  if (service) parts.push(words.serviceLink(service));
  const served = names(places.filter((p) => p.served));
  const more = [
    ...(["eta", "price"] as const).filter((t) => intents.includes(t)).map((t) => words.topics[t]),
    served.length ? words.towns.inArea(served) : "",
  ];
  // Safety and the service always; the answers asked, then the town, while they fit a phone's screen.
  for (const text of more) if (text && [...parts, text].join(" ").length <= REPLY_BUDGET) parts.push(text);
  return parts.join(" ");
}

/**
 * The one service a driver stopped beside traffic asks for: the emergency page when it is named (the
 * middle of the night), a tow when the flat has no spare, else the first one named.
 */
function serviceAskedBesideTraffic(intents: Intent[], crashed: boolean): string | undefined {
  if (intents.includes("flat-no-spare")) return "towing";
  const named = intents.filter((i) => i.startsWith("service:")).map((i) => i.slice("service:".length));
  return named.includes("emergency-towing") ? "emergency-towing" : (named[0] ?? (crashed ? "towing" : undefined));
}

/** The services a message needs, beyond the ones it names: a trip between two towns, a crash. */
function servicesNeeded(
  intents: Intent[],
  folded: string,
  crashed: boolean,
  places: PlaceMention[],
  reader: Reader,
): string[] {
  let cards = intents.filter((i) => i.startsWith("service:")).map((i) => i.slice("service:".length));
  const priceOrTime = intents.includes("price") || intents.includes("eta");
  // "From the shop in Lodi to my house in Stockton": a trip between two of our towns is a tow.
  const served = places.filter((p) => p.served);
  // Not when the message asks something else ("I hit a fence on a road from Acampo to Lodi: whom do I tell?").
  const otherQuestion = intents.some((i) => !i.startsWith("service:") && !["areas", "greeting", "help"].includes(i));
  if (served.length >= 2 && !cards.length && reader.trip.test(folded) && !priceOrTime && !otherQuestion)
    cards = ["towing"];
  // After a crash the car needs a tow, whatever part of it the driver noticed first; unless the question
  // is what the law asks after one ("do I report it to the DMV?") and no tow is asked for.
  const askingTheLaw = intents.includes("accident-info") && !reader.strongNeed.test(folded);
  // The emergency page already covers a crash ("after a crash or late at night").
  if (crashed && !askingTheLaw && !cards.includes("emergency-towing"))
    cards = ["towing", ...cards.filter((s) => s !== "towing" && s !== "roadside-assistance")];
  return cards;
}

/**
 * What the reply says about places: a clear yes for our towns, a clear "outside" with the list for
 * any other place (and then no service card, which would read as a yes). Returns the service cards
 * that still apply.
 */
function placeSentences(
  draft: Draft,
  folded: string,
  original: string,
  intents: Intent[],
  cards: string[],
  townPages: Map<string, string>,
  { reader, words }: Language,
  places: PlaceMention[],
): string[] {
  const has = (i: Intent) => intents.includes(i);
  const { towns } = words;
  const asked = places.length ? undefined : askedPlace(folded, reader.places);
  if (asked && reader.intents(asked.toLowerCase()).intents.length === 0) {
    places.push({ name: asked, served: false, index: folded.length, preposition: "" });
  }
  const served = names(places.filter((p) => p.served));
  const outside = places.filter((p) => !p.served);

  if (outside.length) {
    // "From Lodi to a shop in Sacramento": only the drop-off is outside; the tow can still be asked.
    if (served.length && outside.every((p) => isDestination(original, p, reader.places))) {
      draft.placeAnswer = towns.dropOffOutside(served, names(outside));
      return cards;
    }
    draft.placeAnswer = [served.length ? towns.inArea(served) : "", towns.outside(names(outside))].join(" ").trim();
    return [];
  }
  if (served.length) {
    // A town named in a question about something else ("weather in Lodi") is not a "do you serve".
    if (intents.some((i) => ELSEWHERE.has(i))) return cards;
    const otherQuestion = intents.some((i) => !i.startsWith("service:") && i !== "areas" && i !== "greeting");
    const asksArea = has("areas") || (!otherQuestion && reader.areaWords.test(folded)) || intents.length === 0;
    // A driveway or a lot is a service page of its own: the town gets the same note as a service.
    if (["blocked-driveway", "private-property", "home-driveway"].some((i) => has(i as Intent)) && !cards.length) {
      draft.placeNote = towns.inArea(served);
      return cards;
    }
    if (asksArea && !cards.length && !otherQuestion) {
      draft.placeAnswer = towns.yes(served) + words.townPages(townPagePaths(served, townPages));
    } else if (cards.length) draft.placeNote = towns.inArea(served);
    else if (has("price") || has("eta") || has("areas")) draft.placeAnswer = towns.inArea(served);
    return cards;
  }
  if (has("areas") || REGIONS.test(folded)) draft.placeAnswer = words.topics.areas;
  return cards;
}

/** The answer to each question asked, in the order asked. */
function answerTopics(
  draft: Draft,
  folded: string,
  intents: Intent[],
  needsService: boolean,
  retriever: Retriever,
  words: Words,
) {
  const has = (i: Intent) => intents.includes(i);
  for (const intent of intents) {
    if (!ANSWERED_TOPICS.has(intent)) continue;
    if (intent === "legal-advice" && has("private-property")) continue;
    // "Is it legal to…" with another answer: a short caveat; alone ("can I sue"): how to dispute a tow.
    if (intent === "legal-advice" && intents.some((i) => ANSWERED_TOPICS.has(i) && i !== "legal-advice")) {
      draft.answers.push(words.topics["not-legal-advice"]);
      continue;
    }
    if (intent === "contact" && has("complaint")) continue;
    // A bad day with a need: the need, not the apology.
    if (intent === "complaint" && needsService) continue;
    if (intent === "accident-info") {
      draft.answers.push(words.accident(folded, retriever));
      continue;
    }
    if (intent === "technical") {
      const text = words.technical(folded, retriever);
      if (text) draft.answers.push(text);
      continue;
    }
    const text = topicText(words, intent);
    if (!text) continue;
    if (intent === "price" || intent === "eta") draft.costAndTime.push(text);
    else draft.answers.push(text);
  }
  if (has("email") && !has("contact")) draft.answers.push(words.topics.contact);
}
