import { site } from "../../../src/shared/site";
import { dangerReply } from "./danger-reply";
import type { PlaceMention } from "./entities";
import { fill, type OneOrMany, type Replies } from "./pack";
import type { Reading } from "./read";
import type { Retriever } from "./retrieval";

/**
 * Puts a reply together from a reading, in one order for every message and every language: danger
 * first (the safety guard), then the service asked for, the place (ours, or honestly outside), then each
 * further question in the order asked, and last what to do next (the phone). Every sentence comes
 * from the language's replies.json; nothing here is a word of either language.
 */

/** Intents answered by their own text, in the order asked. */
const QUESTIONS = new Set([
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
  "repairs",
  "recommend",
  "weather",
  "fleet",
  "bot",
  "contact",
  "email",
  "address",
  "hours",
  "request",
  "services-list",
  "areas",
  "complaint",
  "unattended",
  "ride-along",
  "verify-operator",
  "belongings",
  "chains",
  "hitch-classes",
  "language",
  "privacy",
  "injection",
]);
/** What we cannot say in chat: answered honestly after the service, which is still offered. */
const CANNOT_SAY = ["price", "eta", "payment", "insurance", "auto-club"];
/** Said only when nothing else is: a greeting or thanks beside a need adds nothing. */
const SMALL_TALK = ["greeting", "thanks", "goodbye", "help", "off-topic"];
/** Intents whose topic text has another name. */
const TOPIC_OF: Record<string, string> = { "accident-info": "after-accident", email: "contact" };
/** Questions about what the law asks, answered after a danger's first steps. */
const LAW = new Set(["police-tow", "impound", "find-towed", "who-pays", "insurance-claim"]);
/** Questions about something other than the driver's own car: a town in them is not a "do you serve". */
const ELSEWHERE = new Set(["weather", "recommend", "off-topic", "fleet", "payment", "privacy"]);
/** Services whose next step includes where the vehicle should go. */
const TOWS = new Set(["towing", "emergency-towing", "motorcycle-towing", "junk-car-removal"]);
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
  if (r.accidentParts) return r.topics["after-accident"]?.text;
  return passage(reading, retriever, "after-an-accident") ?? r.topics["after-accident"]?.text;
}

export function compose(reading: Reading, context: ComposeContext): string {
  const { pack, safety, intents, places } = reading;
  const r = pack.replies;
  const topic = (key: string) => r.topics[TOPIC_OF[key] ?? key]?.text;
  const has = (i: string) => intents.includes(i);
  let services = [...reading.services];
  const served = unique(places.filter((p) => p.served));
  const outside = unique(places.filter((p) => !p.served));

  // The guard's reading comes first: "call 911 now" opens the reply, then the rule asked about, if any.
  // Anyone shut in or hurt, fire, a threat: the guard alone decides (it reads typos, hedges and a "nobody
  // is hurt" that a later injury word undoes). Its road reading adds a crash and a stop by traffic.
  // The site's checked rules the message asks about; a topic that states the same rule is not said twice.
  const facts = r.lawFacts.filter((f) => reading.facts.includes(f.id));
  const restates = (text: string) => facts.some((f) => text.includes(f.law));
  // A passage from the page a rule already links adds the same link again.
  const factLinks = facts.flatMap((f) => f.text.match(/\/[\w/-]+/g) ?? []);

  const guarded = reading.danger.kinds.length > 0;
  const left = safety.danger === "traffic" || safety.danger === "crash" ? safety.danger : undefined;
  if (guarded || left) {
    // A stop in a lane that only the road reading saw gets the lane's advice: the shoulder's "stay
    // buckled in" is for a stop beside traffic alone.
    const inLane = !guarded && left === "traffic" && !safety.besideTraffic;
    const first =
      guarded || inLane
        ? dangerReply(inLane ? { kinds: ["lane"] } : reading.danger, reading.lang)
        : (r.safety[left ?? ""]?.text ?? "");
    if (guarded || !safety.besideTraffic) {
      // "Someone got hurt: how long do I have to report it?": what to do now, then the rule asked about.
      const rules = [
        ...facts.map((f) => f.text),
        ...intents
          .filter((i) => i === "accident-info" || (QUESTIONS.has(i) && LAW.has(i)))
          .map((i) => (i === "accident-info" ? accident(reading, context.retriever) : topic(i)))
          .filter((t) => t && !restates(t)),
      ].filter((t): t is string => !!t && !t.includes(`${r.pathPrefix}/services/`) && !t.includes(r.articlesPath));
      return fit([first, ...rules]);
    }
    // Beside traffic, not in it: the safety answer, then the service asked for and each question.
    const beside = (links: string) => {
      const parts = [first];
      if (outside.length) parts.push(fill(counted(r.towns.outside, outside), r, { names: joined(outside, r) }));
      else {
        const service = services.includes("emergency-towing") ? "emergency-towing" : services[0];
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

  // A trip between two of our towns is a tow; after a crash the car needs one too.
  const trip = places.some((p) => p.role === "from") || places.some((p) => p.role === "to");
  if (!services.length && served.length >= 2 && trip && !intents.some((i) => QUESTIONS.has(i) && i !== "areas"))
    services = ["towing"];
  // Taken somewhere ("from Lodi to my house", "al taller"): a tow, before what else the car needs.
  if (reading.takenTo && !services.some((s) => TOWS.has(s)) && !intents.some((i) => QUESTIONS.has(i) && i !== "areas"))
    services = ["towing", ...services];
  if (safety.crashed && !has("accident-info") && !services.includes("emergency-towing") && !services.includes("towing"))
    services = ["towing", ...services];

  const caution =
    safety.caution && (safety.caution !== "freeway" || services.length) ? r.caution[safety.caution] : undefined;

  // Places: a clear yes for ours, with its page, a clear "outside" for any other, by name. The page
  // links go first when a reply must be shortened.
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
    !intents.some((i) => ELSEWHERE.has(i)) &&
    // A town named in another question ("impound in Lodi") is where it happened, not a "do you serve".
    (services.length || has("areas") || !intents.some((i) => QUESTIONS.has(i)))
  ) {
    const asksArea = has("areas") || !services.length;
    const yes = asksArea && !services.length ? r.towns.yes : r.towns.inArea;
    placeWith = (links) => fill(counted(yes, served), r, { names: joined(served, r) }) + links;
  }
  const links = townLinks(r, served, context.townPages);
  const place = placeWith?.(links);
  const placeShort = placeWith?.("");

  // Each further question, in the order asked, after the rules it names.
  const answers: string[] = facts.map((f) => f.text);
  for (const intent of intents) {
    if (intent === "areas" && place) continue;
    if (intent === "email" && has("contact")) continue;
    if (intent === "complaint" && services.length) continue;
    if (intent === "technical") {
      const text = has("chains") || has("hitch-classes") ? undefined : passage(reading, context.retriever);
      if (text && !factLinks.some((link) => text.includes(link))) answers.push(text);
      continue;
    }
    if (intent === "accident-info") {
      const text = accident(reading, context.retriever);
      if (text && !restates(text)) answers.push(text);
      continue;
    }
    if (QUESTIONS.has(intent)) {
      const text = topic(intent);
      if (text && !answers.includes(text) && !restates(text)) answers.push(text);
    }
  }
  const cannotSay = CANNOT_SAY.filter(has)
    .map(topic)
    .filter((t): t is string => !!t);

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
      parts.push(topic(small ?? (caution ? "help" : "unknown")) ?? "");
    }
    const body = parts.join(" ");
    if (body.includes(site.phone.display)) return body;
    const tow = services.some((s) => TOWS.has(s));
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
