import { site } from "../../src/lib/site";
import { caution, nextStep, safety, services, severalServices, topics, towns } from "./answers";
import { type Intent, readIntents, STRONG_NEED } from "./intents";
import type { Retriever } from "./retrieval";
import { asksHitchClasses } from "./retrieval";
import { readSafety } from "./safety";
import { es, readSpanishIntents, readSpanishSafety, spanishCrashCaution, spanishFreewayCaution } from "./spanish";
import { askedPlace, isDestination, type PlaceMention, placesIn, REGIONS } from "./towns";

/**
 * Puts a reply together from what the reading found, in one order for every message:
 * danger first (and then nothing else), the places, the answers to each question asked, the
 * services needed, and last what to do next (the phone, and what to tell the dispatcher).
 */

/** Topics answered in the order the driver asked them; the ones handled elsewhere are left out. */
const ANSWERED_TOPICS = new Set<Intent>([
  "blocked-driveway",
  "abandoned",
  "private-property",
  "who-pays",
  "find-towed",
  "impound",
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
/** Words that ask whether we come to a place. */
const AREA_WORDS =
  /\b(serve|service|cover|covered|come|go|work|area|too far|ok|okay|available|out to|out by|in|near|around|by)\b/;

const phoneShown = (text: string) => text.includes(site.phone.display);
const names = (places: PlaceMention[]) => places.map((p) => p.name);

/** What composing needs beyond the message: the article search and the towns that have a page. */
export interface ComposeContext {
  retriever: Retriever;
  townPages: Map<string, string>;
}

/** "More: /areas/lodi" for the towns that have a page of their own. */
const townPageLinks = (towns: string[], pages: Map<string, string>) => {
  const links = towns.map((t) => pages.get(t)).filter(Boolean);
  return links.length ? ` More: ${links.join(", ")}` : "";
};

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

export function composeEnglish(folded: string, original: string, context: ComposeContext): string {
  const reading = readSafety(folded);
  if (reading.danger) return safety[reading.danger].text;

  const { intents } = readIntents(folded);
  const has = (i: Intent) => intents.includes(i);
  const draft: Draft = { answers: [], services: [], costAndTime: [] };

  let serviceCards = servicesNeeded(intents, folded, reading.crashed === true, placesIn(original));
  serviceCards = placeSentences(draft, folded, original, intents, serviceCards, context.townPages);
  answerTopics(draft, folded, intents, serviceCards.length > 0, context.retriever);

  // A question about price or time is answered as such; the service card would only repeat the page.
  // Unless the driver also says what is wrong now ("won't start… how much?"): then both.
  if ((has("price") || has("eta")) && !STRONG_NEED.test(folded)) serviceCards = [];
  if (has("flat-no-spare")) {
    draft.services.push(services["flat-no-spare"]?.text ?? "");
    serviceCards = serviceCards.filter((s) => s !== "towing");
  }
  if (serviceCards.length >= 3) draft.services.push(severalServices(serviceCards));
  else for (const slug of serviceCards) draft.services.push(services[slug]?.text ?? "");

  // The freeway sentence belongs to a driver stopped there, not to a question about the freeway.
  const stopped = serviceCards.length > 0 || has("flat-no-spare");
  if (reading.caution && (reading.caution !== "freeway" || stopped)) draft.caution = caution[reading.caution];

  const parts = [
    draft.caution,
    draft.placeAnswer,
    ...draft.answers,
    ...draft.services,
    draft.placeNote,
    ...draft.costAndTime,
  ].filter((p): p is string => !!p);
  if (!parts.length || (parts.length === 1 && draft.caution)) {
    const fallback = ["injection", "privacy", "off-topic", "language", "greeting", "thanks", "help"].find((i) =>
      has(i as Intent),
    );
    parts.push(topics[fallback ?? "unknown"]?.text ?? "");
  }
  const body = parts.join(" ");
  if (stopped) {
    const tow = has("flat-no-spare") || serviceCards.some((s) => TOWS.has(s));
    return `${body}\n\n${nextStep.service(tow)}`;
  }
  return phoneShown(body) ? body : `${body}\n\n${nextStep.info}`;
}

/** The services a message needs, beyond the ones it names: a trip between two towns, a crash. */
function servicesNeeded(intents: Intent[], folded: string, crashed: boolean, places: PlaceMention[]): string[] {
  let cards = intents.filter((i) => i.startsWith("service:")).map((i) => i.slice("service:".length));
  const priceOrTime = intents.includes("price") || intents.includes("eta");
  // "From the shop in Lodi to my house in Stockton": a trip between two of our towns is a tow.
  const served = places.filter((p) => p.served);
  if (served.length >= 2 && !cards.length && /\bfrom\b.+\bto\b/.test(folded) && !priceOrTime) cards = ["towing"];
  // After a crash the car needs a tow, whatever part of it the driver noticed first.
  if (crashed) cards = ["towing", ...cards.filter((s) => s !== "towing" && s !== "roadside-assistance")];
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
): string[] {
  const has = (i: Intent) => intents.includes(i);
  const places = placesIn(original);
  const asked = places.length ? undefined : askedPlace(folded);
  if (asked && readIntents(asked.toLowerCase()).intents.length === 0) {
    places.push({ name: asked, served: false, index: folded.length, preposition: "" });
  }
  const served = names(places.filter((p) => p.served));
  const outside = places.filter((p) => !p.served);

  if (outside.length) {
    // "From Lodi to a shop in Sacramento": only the drop-off is outside; the tow can still be asked.
    if (served.length && outside.every((p) => isDestination(original, p))) {
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
    const asksArea = has("areas") || (!otherQuestion && AREA_WORDS.test(folded)) || intents.length === 0;
    if (asksArea && !cards.length && !otherQuestion) {
      draft.placeAnswer = towns.yes(served) + townPageLinks(served, townPages);
    } else if (cards.length) draft.placeNote = towns.inArea(served);
    else if (has("price") || has("eta") || has("areas")) draft.placeAnswer = towns.inArea(served);
    return cards;
  }
  if (has("areas") || REGIONS.test(folded)) draft.placeAnswer = topics.areas?.text;
  return cards;
}

/** The answer to each question asked, in the order asked. */
function answerTopics(draft: Draft, folded: string, intents: Intent[], needsService: boolean, retriever: Retriever) {
  const has = (i: Intent) => intents.includes(i);
  for (const intent of intents) {
    if (!ANSWERED_TOPICS.has(intent)) continue;
    if (intent === "legal-advice" && has("private-property")) continue;
    // "Is it legal to…" with another answer: a short caveat; alone ("can I sue"): how to dispute a tow.
    if (intent === "legal-advice" && intents.some((i) => ANSWERED_TOPICS.has(i) && i !== "legal-advice")) {
      draft.answers.push(topics["not-legal-advice"]?.text ?? "");
      continue;
    }
    if (intent === "contact" && has("complaint")) continue;
    // A bad day with a need: the need, not the apology.
    if (intent === "complaint" && needsService) continue;
    if (intent === "accident-info") {
      draft.answers.push(retriever.answer(folded, "after-an-accident") ?? topics["after-accident"]?.text ?? "");
      continue;
    }
    if (intent === "technical") {
      const text = asksHitchClasses(folded) ? topics["hitch-classes"]?.text : retriever.answer(folded);
      if (text) draft.answers.push(text);
      continue;
    }
    const text = topics[intent]?.text;
    if (!text) continue;
    if (intent === "price" || intent === "eta") draft.costAndTime.push(text);
    else draft.answers.push(text);
  }
  if (has("email") && !has("contact")) draft.answers.push(topics.contact?.text ?? "");
}

export function composeSpanish(folded: string, original: string, { townPages }: ComposeContext): string {
  const danger = readSpanishSafety(folded);
  if (danger) return es.safety[danger];
  const intents = readSpanishIntents(folded);
  const parts: string[] = [];
  const crashed = spanishCrashCaution(folded);
  const freeway = crashed ?? spanishFreewayCaution(folded);
  if (freeway) parts.push(freeway);

  const places = placesIn(original);
  const served = places.filter((p) => p.served).map((p) => p.name);
  const outside = places.filter((p) => !p.served).map((p) => p.name);
  const join = (n: string[]) => (n.length <= 1 ? (n[0] ?? "") : `${n.slice(0, -1).join(", ")} y ${n.at(-1)}`);
  let serviceIntents: string[] = intents.filter((i) => es.services[i]);
  // Spanglish ("mi carro broke down en la 99"): the English words still name the need.
  if (!serviceIntents.length) {
    serviceIntents = readIntents(folded)
      .intents.filter((i) => i.startsWith("service:"))
      .map((i) => i.slice("service:".length))
      .filter((s) => es.services[s]);
  }
  if (crashed && !serviceIntents.length) serviceIntents = ["towing"];
  const otherQuestion = intents.some((i) => !es.services[i] && i !== "areas" && i !== "greeting");
  if (outside.length) {
    if (served.length) parts.push(es.towns.inArea(join(served)));
    parts.push(es.towns.outside(join(outside)));
    serviceIntents = [];
  } else if (served.length) {
    parts.push(
      serviceIntents.length || otherQuestion
        ? es.towns.inArea(join(served))
        : es.towns.yes(join(served)) + townPageLinks(served, townPages).replace("More:", "Más:"),
    );
  } else if (intents.includes("areas")) {
    parts.push(es.topics.areas ?? "");
  }
  for (const intent of intents) {
    if (intent === "areas" || es.services[intent]) continue;
    const text = es.topics[intent];
    if (text) parts.push(text);
  }
  if (intents.includes("price") || intents.includes("eta")) serviceIntents = [];
  for (const intent of serviceIntents.slice(0, 3)) parts.push(es.services[intent] ?? "");
  if (!parts.length || (parts.length === 1 && freeway)) parts.push(es.topics.unknown ?? "");
  const body = parts.filter(Boolean).join(" ");
  if (serviceIntents.length) {
    const tow = serviceIntents.some((s) => TOWS.has(s));
    return `${body}\n\n${es.nextStep.service(tow)}`;
  }
  return body.includes(site.phone.display) ? body : `${body}\n\n${es.nextStep.info}`;
}
