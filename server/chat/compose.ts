import { site } from "../../src/lib/site";
import { callLink, caution, nextStep, safety, services, severalServices, topics, towns } from "./answers";
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

export function composeEnglish(folded: string, original: string, { retriever, townPages }: ComposeContext): string {
  const reading = readSafety(folded);
  if (reading.danger) return safety[reading.danger].text;

  const { intents } = readIntents(folded);
  const has = (i: Intent) => intents.includes(i);
  const parts: string[] = [];

  // Places: a clear yes for our towns, a clear "outside" for any other place.
  const places = placesIn(original);
  const asked = places.length ? undefined : askedPlace(folded);
  if (asked && readIntents(asked.toLowerCase()).intents.length === 0) {
    places.push({ name: asked, served: false, index: folded.length, preposition: "" });
  }
  const served = places.filter((p) => p.served);
  const outside = places.filter((p) => !p.served);
  const elsewhere = intents.some((i) => ELSEWHERE.has(i));
  let serviceCards = intents.filter((i) => i.startsWith("service:")).map((i) => i.slice("service:".length));
  // "From the shop in Lodi to my house in Stockton": a trip between two places is a tow.
  if (served.length >= 2 && !serviceCards.length && /\bfrom\b.+\bto\b/.test(folded) && !has("price") && !has("eta")) {
    serviceCards = ["towing"];
  }
  // After a crash the car needs a tow, whatever part of it the driver noticed first.
  if (reading.crashed) {
    serviceCards = ["towing", ...serviceCards.filter((s) => s !== "towing" && s !== "roadside-assistance")];
  }
  if (outside.length) {
    // "From Lodi to a shop in Sacramento": only the drop-off is outside.
    const dropOffOnly = served.length > 0 && outside.every((p) => isDestination(original, p));
    if (dropOffOnly) parts.push(towns.dropOffOutside(names(served), names(outside)));
    else {
      if (served.length) parts.push(towns.inArea(names(served)));
      parts.push(towns.outside(names(outside)));
      // The car is somewhere we do not list: a service card after "outside" would read as a yes.
      serviceCards = [];
    }
  } else if (served.length && !elsewhere) {
    const otherQuestion = intents.some((i) => !i.startsWith("service:") && i !== "areas" && i !== "greeting");
    const asksArea = has("areas") || (!otherQuestion && AREA_WORDS.test(folded)) || intents.length === 0;
    if (asksArea && !serviceCards.length && !otherQuestion) {
      parts.push(towns.yes(names(served)) + townPageLinks(names(served), townPages));
    } else if (serviceCards.length || has("price") || has("eta") || has("areas"))
      parts.push(towns.inArea(names(served)));
  } else if (has("areas") || REGIONS.test(folded)) {
    parts.push(topics.areas?.text ?? "");
  }

  const afterCards: string[] = [];
  for (const intent of intents) {
    if (!ANSWERED_TOPICS.has(intent)) continue;
    if (intent === "legal-advice" && has("private-property")) continue;
    // "Is it legal to…" with another answer: a short caveat; alone ("can I sue"): how to dispute a tow.
    if (intent === "legal-advice" && intents.some((i) => ANSWERED_TOPICS.has(i) && i !== "legal-advice")) {
      parts.push(topics["not-legal-advice"]?.text ?? "");
      continue;
    }
    if (intent === "contact" && has("complaint")) continue;
    // A bad day with a need: the need, not the apology.
    if (intent === "complaint" && serviceCards.length) continue;
    if (intent === "accident-info") {
      parts.push(retriever.answer(folded, "after-an-accident") ?? topics["after-accident"]?.text ?? "");
      continue;
    }
    if (intent === "technical") {
      const text = asksHitchClasses(folded) ? topics["hitch-classes"]?.text : retriever.answer(folded);
      if (text) parts.push(text);
      continue;
    }
    const text = topics[intent]?.text;
    // What it costs and when it comes are asked about the problem: they follow its answer.
    if (text && (intent === "price" || intent === "eta")) afterCards.push(text);
    else if (text) parts.push(text);
  }
  if (has("email") && !has("contact")) parts.push(topics.contact?.text ?? "");

  // A question about price or time is answered as such; the service card would only repeat the page.
  // Unless the driver also says what is wrong now ("won't start… how much?"): then both.
  if ((has("price") || has("eta")) && !STRONG_NEED.test(folded)) serviceCards = [];
  if (has("flat-no-spare")) {
    parts.push(services["flat-no-spare"]?.text ?? "");
    serviceCards = serviceCards.filter((s) => s !== "towing");
  }
  // The freeway sentence belongs to a driver stopped there, not to a question about the freeway.
  if (
    reading.caution === "crash-no-injury" ||
    reading.caution === "heat" ||
    (reading.caution === "freeway" && (serviceCards.length || has("flat-no-spare")))
  ) {
    parts.unshift(caution[reading.caution]);
  }
  if (serviceCards.length >= 3) parts.push(severalServices(serviceCards));
  else {
    for (const slug of serviceCards) {
      const text = services[slug]?.text;
      if (text) parts.push(text);
    }
  }
  parts.push(...afterCards);

  if (!parts.length) {
    const fallback = ["injection", "privacy", "off-topic", "language", "greeting", "thanks", "help"].find((i) =>
      has(i as Intent),
    );
    parts.push(topics[fallback ?? "unknown"]?.text ?? "");
  }
  const serviceNeed = serviceCards.length > 0 || has("flat-no-spare");
  const body = parts.filter(Boolean).join(" ");
  if (serviceNeed) {
    const tow = has("flat-no-spare") || serviceCards.some((s) => TOWS.has(s));
    return `${body}\n\n${nextStep.service(tow)}`;
  }
  return phoneShown(body) ? body : `${body}\n\n${nextStep.info}`;
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

export { callLink };
