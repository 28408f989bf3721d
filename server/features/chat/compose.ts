import { isOffered } from "../../../src/shared/offered-services";
import { site } from "../../../src/shared/site";
import { dangerReply } from "./danger-reply";
import type { PlaceMention } from "./entities";
import { fill, type LawFact, type OneOrMany, type Replies } from "./pack";
import type { Reading } from "./read";
import type { Retriever } from "./retrieval";
import { accidentTopic, intentsOfKind, ROLES, ruleOf, SERVICES, serviceOf, topicOf, tows } from "./routing";
import { safetyVocabularies } from "./safety-vocabulary";

/**
 * Puts a reply together from a reading, in one order for every message and every language: danger
 * first (the safety guard), then the service asked for, the place (ours, or honestly outside), then each
 * further question in the order asked, and last what to do next (the phone). Every sentence comes
 * from the language's replies.yaml; nothing here is a word of either language.
 */

/** What we cannot say in chat, answered honestly after the service (domain.yaml order); small talk, said only when nothing else is. */
const CANNOT_SAY = intentsOfKind("cannot-say");
const SMALL_TALK = intentsOfKind("small-talk");
/** Intents answered by their own text. */
const isQuestion = (i: string) => ruleOf(i).kind === "question";
/** About three short sentences and the next step: what a phone shows without scrolling. */
export const REPLY_BUDGET = 700;

export interface ComposeContext {
  retriever: Retriever;
  /** The towns that have a page, by name. */
  townPages: Map<string, string>;
}

const joined = (names: string[], r: Replies) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")}${r.and}${names.at(-1)}`;
const counted = (t: OneOrMany, names: string[]) => (names.length > 1 ? t.many : t.one);
const unique = (places: PlaceMention[]) => [...new Set(places.map((p) => p.name))];

/** The pages of the towns named, in the pack's language: a yes to a town points to what its page says. */
function townLinks(r: Replies, served: string[], townPages: Map<string, string>): string {
  const pages = served.map((t) => townPages.get(t)).filter((p): p is string => !!p);
  return pages.length ? fill(r.townPages, r, { paths: pages.map((p) => `${r.pathPrefix}${p}`).join(", ") }) : "";
}

function serviceLink(r: Replies, slug: string): string {
  const name = r.serviceNames[slug];
  return name ? fill(r.serviceLink, r, { name, path: `${r.pathPrefix}/services/${slug}` }) : "";
}

/** The passage of the article a how-to question is about, two to four sentences, then its link. */
function passage(reading: Reading, retriever: Retriever, only?: string): string | undefined {
  const { pack } = reading;
  const glossary = pack.entities.glossary ?? {};
  const query = reading.words.map((w) => glossary[w] ?? w).join(" ");
  const section = retriever.section(query, only ?? reading.articles[0]);
  if (!section) return undefined;
  // Only the blog is in English alone; a guide has a page in every language.
  const twin = !section.url.startsWith(pack.replies.articlesPath);
  return fill(twin ? pack.replies.guidePassage : pack.replies.articlePassage, pack.replies, {
    excerpt: section.excerpt,
    title: section.articleTitle,
    url: twin ? `${pack.replies.pathPrefix}${section.url}` : section.url,
  });
}

/** After a crash: the part of the accident guide the question is about. */
function accident(reading: Reading, retriever: Retriever): string | undefined {
  const r = reading.pack.replies;
  const part = r.accidentParts?.find((p) => p.asks.some((a) => reading.corrected.includes(a)));
  if (part) return part.text;
  if (r.accidentParts) return r.topics[accidentTopic]?.text;
  return passage(reading, retriever, SERVICES.accidentGuide) ?? r.topics[accidentTopic]?.text;
}

/** A reply, and whether it is the honest "I can't tell what you need" (no stock reply picked). */
export interface Composed {
  text: string;
  abstained: boolean;
}

/**
 * No stock reply: the assistant says plainly that it could not tell what the driver needs, with the
 * phone and the form, opening with 911 when the message tells about people or where the car is now.
 */
function abstain(reading: Reading): Composed {
  const { abstain } = reading.pack.replies;
  return { text: reading.peopleOrWhere() ? `${abstain.danger} ${abstain.text}` : abstain.text, abstained: true };
}

export function compose(reading: Reading, context: ComposeContext): Composed {
  // A service this business does not offer (business.json) is not answered as one: the reply says so
  // and composes from the rest of the message, with no link to a page that does not exist.
  const asked = [...reading.services, ...reading.intents.flatMap((i) => serviceOf(i) ?? [])];
  const missing = [...new Set(asked)].filter((s) => !isOffered(s));
  if (!missing.length) {
    const said = composeText(reading, context);
    return typeof said === "string" ? { text: said, abstained: false } : said;
  }
  const r = reading.pack.replies;
  const names = missing.map((s) => r.serviceNames[s] ?? s).join(r.and);
  const notOffered = fill(r.notOffered, r, { names });
  const offeredIntent = (i: string) => !serviceOf(i) || isOffered(serviceOf(i) as string);
  const rest = {
    ...reading,
    services: reading.services.filter(isOffered),
    intents: reading.intents.filter(offeredIntent),
  } as Reading;
  if (!rest.services.length && !rest.intents.length && !rest.places.length)
    return { text: notOffered, abstained: false };
  const said = composeText(rest, context);
  const text = typeof said === "string" ? said : said.abstained ? "" : said.text;
  return { text: text ? `${notOffered} ${text}` : notOffered, abstained: false };
}

/**
 * A stop beside a freeway in a message that also tells of a person's condition or body the guard could
 * not class (SafetyReading `person`): "stay buckled in the car" may be wrong for them, so the reply opens
 * with "If anyone is in danger, call 911 now" and the car's next step instead. Undefined otherwise.
 */
function beside911(reading: Reading): string | undefined {
  if (!reading.safety.person || !reading.safety.besideTraffic) return undefined;
  const r = reading.pack.replies;
  return `${r.abstain.danger} ${fill(safetyVocabularies[reading.lang].reply.car, r)}`;
}

/**
 * The reply when someone may be in danger or the car is in or beside traffic: "call 911 now" or the
 * traffic advice first, then the rule asked about, or beside traffic the service and questions asked.
 * Undefined when neither.
 */
function dangerText(reading: Reading, context: ComposeContext, facts: LawFact[]): string | undefined {
  const { safety, intents, places } = reading;
  const r = reading.pack.replies;
  const topic = (key: string) => r.topics[topicOf(key)]?.text;
  const has = (i: string) => intents.includes(i);
  const services = reading.services;
  const served = unique(places.filter((p) => p.served));
  const outside = unique(places.filter((p) => !p.served));
  const restates = (text: string) => facts.some((f) => text.includes(f.law));
  const guarded = reading.danger.kinds.length > 0;
  const left = safety.danger === "traffic" || safety.danger === "crash" ? safety.danger : undefined;
  if (guarded || left) {
    // A stop in a lane that only the road reading saw gets the lane's advice: the shoulder's "stay
    // buckled in" is for a stop beside traffic alone.
    const inLane = !guarded && left === "traffic" && !safety.besideTraffic;
    const first =
      guarded || inLane
        ? dangerReply(inLane ? { kinds: ["lane"] } : reading.danger, reading.lang)
        : (beside911(reading) ?? r.safety[left && safety.noCabin ? `${left}-no-cabin` : (left ?? "")]?.text ?? "");
    if (guarded || !safety.besideTraffic) {
      // "Someone got hurt: how long do I have to report it?": what to do now, then the rule asked about.
      const rules = [
        ...facts.map((f) => f.text),
        ...intents
          .filter((i) => ruleOf(i).kind === "accident" || (isQuestion(i) && ruleOf(i).law))
          .map((i) => (ruleOf(i).kind === "accident" ? accident(reading, context.retriever) : topic(i)))
          .filter((t) => t && !restates(t)),
      ].filter((t): t is string => !!t && !t.includes(`${r.pathPrefix}/services/`) && !t.includes(r.articlesPath));
      return fit([first, ...rules]);
    }
    // Beside traffic, not in it: the safety answer, then the service asked for and each question.
    const beside = (links: string) => {
      const parts = [first];
      if (outside.length) parts.push(fill(counted(r.towns.outside, outside), r, { names: joined(outside, r) }));
      else {
        const service = services.includes(SERVICES.emergency) ? SERVICES.emergency : services[0];
        if (service) parts.push(serviceLink(r, service));
        for (const t of CANNOT_SAY.filter(has)) parts.push(topic(t) ?? "");
        if (served.length) parts.push(fill(counted(r.towns.inArea, served), r, { names: joined(served, r) }) + links);
      }
      return parts.filter(Boolean);
    };
    // The town's page only when every part still fits.
    const linked = beside(townLinks(r, served, context.townPages));
    return fit(linked.join(" ").length <= REPLY_BUDGET ? linked : beside(""));
  }
  return undefined;
}

/**
 * Places: a clear yes for ours, with its page, a clear "outside" for any other, by name (the page links
 * go first when a reply must be shortened). Returns the services still to name beside it: a service card
 * beside "outside" would read as a yes.
 */
function placeReply(reading: Reading, named: string[]): { placeWith?: (links: string) => string; services: string[] } {
  const { pack, intents, places } = reading;
  const r = pack.replies;
  const has = (i: string) => intents.includes(i);
  let services = named;
  const served = unique(places.filter((p) => p.served));
  const outside = unique(places.filter((p) => !p.served));
  let placeWith: ((links: string) => string) | undefined;
  if (outside.length) {
    const dropOffOnly = served.length && places.filter((p) => !p.served).every((p) => p.role === "to");
    if (dropOffOnly) {
      placeWith = (links) =>
        fill(counted(r.towns.dropOffOutside, outside), r, { pickup: joined(served, r), dropOff: joined(outside, r) }) +
        links;
    } else {
      // A service card beside "outside" would read as a yes: the service asked for is named after it.
      const asked = services.map((s) =>
        fill(r.serviceItem, r, { name: r.serviceNames[s] ?? s, path: `${r.pathPrefix}/services/${s}` }),
      );
      const outsideText = [
        fill(counted(r.towns.outside, outside), r, { names: joined(outside, r) }),
        asked.length ? fill(r.outsideService, r, { list: joined(asked, r) }) : "",
      ].join(" ");
      placeWith = (links) =>
        (served.length
          ? `${fill(counted(r.towns.inArea, served), r, { names: joined(served, r) })}${links} ${outsideText}`
          : outsideText
        ).trim();
      services = [];
    }
  } else if (
    served.length &&
    !intents.some((i) => ruleOf(i).elsewhere) &&
    // A town named in another question ("impound in Riverton") is where it happened, not a "do you serve".
    (services.length || has(ROLES.askPlace) || !intents.some(isQuestion))
  ) {
    const asksArea = has(ROLES.askPlace) || !services.length;
    const yes = asksArea && !services.length ? r.towns.yes : r.towns.inArea;
    placeWith = (links) => fill(counted(yes, served), r, { names: joined(served, r) }) + links;
  }
  return { placeWith, services };
}

/** Each further question, in the order asked, after the rules it names. */
function answersInOrder(
  reading: Reading,
  context: ComposeContext,
  facts: LawFact[],
  { place, services }: { place?: string; services: string[] },
): string[] {
  const { intents } = reading;
  const r = reading.pack.replies;
  const topic = (key: string) => r.topics[topicOf(key)]?.text;
  const has = (i: string) => intents.includes(i);
  const restates = (text: string) => facts.some((f) => text.includes(f.law));
  // A passage from the page a rule already links adds the same link again.
  const factLinks = facts.flatMap((f) => f.text.match(/\/[\w/-]+/g) ?? []);
  const answers: string[] = facts.map((f) => f.text);
  for (const intent of intents) {
    const rule = ruleOf(intent);
    if (rule.coveredByPlace && place) continue;
    if (rule.coveredBy && has(rule.coveredBy)) continue;
    if (rule.coveredByService && services.length) continue;
    if (rule.kind === "how-to") {
      const text = intents.some((i) => ruleOf(i).ownsHowTo) ? undefined : passage(reading, context.retriever);
      if (text && !factLinks.some((link) => text.includes(link))) answers.push(text);
      continue;
    }
    if (rule.kind === "accident") {
      const text = accident(reading, context.retriever);
      if (text && !restates(text)) answers.push(text);
      continue;
    }
    if (rule.kind === "question") {
      const text = topic(intent);
      if (text && !answers.includes(text) && !restates(text)) answers.push(text);
    }
  }
  return answers;
}

function composeText(reading: Reading, context: ComposeContext): string | Composed {
  const { pack, safety, intents, places } = reading;
  const r = pack.replies;
  const topic = (key: string) => r.topics[topicOf(key)]?.text;
  const has = (i: string) => intents.includes(i);
  let services = [...reading.services];
  const served = unique(places.filter((p) => p.served));

  // The guard's reading comes first: "call 911 now" opens the reply, then the rule asked about, if any.
  // Anyone shut in or hurt, fire, a threat: the guard alone decides (it reads typos, hedges and a "nobody
  // is hurt" that a later injury word undoes). Its road reading adds a crash and a stop by traffic.
  // The site's checked rules the message asks about; a topic that states the same rule is not said twice.
  const facts = r.lawFacts.filter((f) => reading.facts.includes(f.id));

  const danger = dangerText(reading, context, facts);
  if (danger !== undefined) return danger;

  // A trip between two of our towns is a tow; after a crash the car needs one too.
  const trip = places.some((p) => p.role === "from") || places.some((p) => p.role === "to");
  if (!services.length && served.length >= 2 && trip && !intents.some((i) => isQuestion(i) && i !== ROLES.askPlace))
    services = [SERVICES.tow];
  // Taken somewhere ("from Riverton to my house", "al taller"): a tow, before what else the car needs.
  if (reading.takenTo && !services.some(tows) && !intents.some((i) => isQuestion(i) && i !== ROLES.askPlace))
    services = [SERVICES.tow, ...services];
  if (safety.crashed && !intents.some((i) => ruleOf(i).kind === "accident") && !services.some(tows))
    services = [SERVICES.tow, ...services];

  const freeway = safety.caution === "freeway" || safety.caution === "freeway-no-cabin";
  const caution =
    freeway && safety.person
      ? r.abstain.danger
      : safety.caution && (!freeway || services.length)
        ? r.caution[safety.caution]
        : undefined;

  const placed = placeReply(reading, services);
  services = placed.services;
  const placeWith = placed.placeWith;
  const links = townLinks(r, served, context.townPages);
  const place = placeWith?.(links);
  const placeShort = placeWith?.("");

  const answers = answersInOrder(reading, context, facts, { place, services });
  const cannotSay = CANNOT_SAY.filter(has)
    .map(topic)
    .filter((t): t is string => !!t);

  // Nothing read that we can answer: no stock reply is picked.
  if (!caution && !services.length && !place && !answers.length && !cannotSay.length && !SMALL_TALK.some(has))
    return abstain(reading);

  return shortest(reading, { caution, services, place, placeShort, answers, cannotSay });
}

/** What a reply says, once read: each part, or nothing. */
interface ReplyParts {
  caution?: string;
  services: string[];
  place?: string;
  placeShort?: string;
  answers: string[];
  cannotSay: string[];
}

/** The reply from its parts, at its fullest that fits a phone's screen, shortened step by step when not. */
function shortest(reading: Reading, { caution, services, place, placeShort, answers, cannotSay }: ReplyParts): string {
  const r = reading.pack.replies;
  const has = (i: string) => reading.intents.includes(i);
  const topic = (key: string) => r.topics[topicOf(key)]?.text;
  const assemble = (short: boolean, withServices = true, withLinks = !short) => {
    const cards =
      services.length >= 3
        ? [
            fill(r.severalServices, r, {
              list: joined(
                services.map((s) =>
                  fill(r.serviceItem, r, { name: r.serviceNames[s] ?? s, path: `${r.pathPrefix}/services/${s}` }),
                ),
                r,
              ),
            }),
          ]
        : services.map((s) => (short ? serviceLink(r, s) : (r.services[s]?.text ?? serviceLink(r, s))));
    const parts = [
      caution,
      ...(withServices ? cards : []),
      withLinks ? place : placeShort,
      ...answers,
      ...cannotSay,
    ].filter((p): p is string => !!p);
    if (!parts.length || (parts.length === 1 && caution)) {
      const small = SMALL_TALK.find(has);
      parts.push(topic(small ?? (caution ? ROLES.withCaution : ROLES.nothing)) ?? "");
    }
    const body = parts.join(" ");
    if (body.includes(site.phone.display)) return body;
    const tow = services.some(tows);
    const next =
      services.length && !short ? (tow ? r.nextStep.serviceWithDropOff : r.nextStep.service) : r.nextStep.info;
    return `${body}\n\n${next}`;
  };
  const full = assemble(false);
  if (full.length <= REPLY_BUDGET) return full;
  const shortLinked = assemble(true, true, true);
  if (shortLinked.length <= REPLY_BUDGET) return shortLinked;
  const short = assemble(true);
  if (short.length <= REPLY_BUDGET) return short;
  // The answer to the question asked before a link to a service page that was not asked for by name.
  const answered = answers.length ? assemble(true, false) : short;
  if (answered.length <= REPLY_BUDGET) return answered;
  // Still too long: the sentences in the order asked while they fit, then the number.
  const body = answered.split("\n\n")[0] ?? "";
  const info = r.nextStep.info;
  const kept = fit(body.split(/(?<=[.!?)]) (?=\p{Lu}|\*|¿)/u), REPLY_BUDGET - info.length - 2);
  return kept.includes(site.phone.display) ? kept : `${kept}\n\n${info}`;
}

/** The parts that fit a phone's screen, in order; the first always. */
function fit(parts: string[], budget = REPLY_BUDGET): string {
  const out: string[] = [];
  for (const p of parts) if (!out.length || [...out, p].join(" ").length <= budget) out.push(p);
  return out.join(" ");
}
