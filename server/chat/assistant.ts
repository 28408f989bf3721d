import MiniSearch from "minisearch";
import { areaHref } from "../../src/lib/area-schema";
import { site } from "../../src/lib/site";
import { buildKnowledge, type KnowledgeDoc } from "./knowledge";

const phone = site.phone.display;

/** Words that carry no topic; dropping them keeps "how do I…" from matching every article. */
const STOP_WORDS = new Set(
  "a an and are as at be by can could do does for from get got have hi how i if in is it its me my of on or our please so that the there this to was we what when where which who why will with would you your yes no im i'm hello hey help need want tell know about some any just like one thing things".split(
    " ",
  ),
);

const KIND_BOOST: Record<KnowledgeDoc["kind"], number> = { fact: 1.6, service: 1.3, article: 1 };
/** Below this relevance nothing is a real match, and the honest "I don't know" is better. */
const MIN_SCORE = 6;

const EMERGENCY =
  /\b(injur(ed|y|ies)|hurt|bleed(ing)?|unconscious|ambulance|fire|smoke|smoking|flames?|danger(ous)?|unsafe|trapped|can'?t breathe|chest pain|not breathing|911)\b/i;
const GREETING = /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|yo)\b[\s!.,]*$/i;
const THANKS = /\b(thanks|thank you|thx|appreciate it|cheers)\b/i;
const PRICE =
  /\b(price|prices|pricing|cost|costs|how much|charge|charges|rate|rates|quote|fee|fees|expensive|cheap|dollars?|\$)\b/i;
const ETA =
  /\b(how soon|how fast|eta|arrival|arrive|get (here|to me)|be here|wait time|on (your|the) way|how long (will|until|till|before|does it take (you|for you|to get)))\b/i;
const WHO_PAYS = /\bwho (pays|has to pay|is paying)\b/i;

export const replies = {
  greeting: `Hi! I can answer questions about our towing and roadside services, the towns we cover, our hours and how to request help. What do you need? If it's urgent, call *${phone}*.`,
  thanks: `You're welcome! If you need us, we're available 24/7 at ${phone}.`,
  emergency: `If anyone is hurt or in immediate danger, *call 911 first*. Stay away from traffic. When everyone is safe, call us at *${phone}* and we'll take care of the vehicle.`,
  price: `I can't quote prices in chat: the cost depends on the vehicle, the distance and the situation. Call *${phone}* and a dispatcher will tell you what to expect before any work starts.`,
  eta: `I can't promise an arrival time here: it depends on where you are and on traffic. Call *${phone}* and the dispatcher will give you the best estimate for your location.`,
  unknown: `I'm not sure about that one, and I'd rather not guess. Please call *${phone}* (24/7) or send a request at /contact, and a dispatcher will help.`,
};

export interface Assistant {
  reply(text: string): string;
}

/** Finds the towns of our area a message names ("Do you go to Lodi?"). */
function townsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return site.areas.filter((t) => new RegExp(`\\b${t.toLowerCase()}\\b`).test(lower));
}

/**
 * The built-in assistant: fixed replies for greetings, thanks, danger, prices and arrival times,
 * then retrieval (MiniSearch) over the site's own facts, service pages and articles. It only ever
 * answers with text those sources contain, so it cannot make up a price, a time or a rule.
 */
export function createAssistant(docs: KnowledgeDoc[] = buildKnowledge()): Assistant {
  const processTerm = (term: string) => {
    const t = term.toLowerCase().replace(/'s$/, "");
    return STOP_WORDS.has(t) || t.length < 2 ? null : t;
  };
  const index = new MiniSearch<KnowledgeDoc>({
    fields: ["title", "keywords", "text"],
    storeFields: ["id", "kind", "answer", "url"],
    processTerm,
    searchOptions: {
      boost: { keywords: 3, title: 2, text: 0.6 },
      fuzzy: (term) => (term.length > 5 ? 0.2 : false),
      prefix: (term) => term.length > 4,
      boostDocument: (_id, _term, stored) => KIND_BOOST[(stored?.kind as KnowledgeDoc["kind"]) ?? "article"],
    },
  });
  index.addAll(docs);
  const byId = new Map(docs.map((d) => [d.id, d]));

  const best = (query: string): KnowledgeDoc | undefined => {
    const words = new Set(
      query
        .split(/[^\p{L}\p{N}'-]+/u)
        .map(processTerm)
        .filter(Boolean),
    );
    for (const hit of index.search(query)) {
      // Most of what the driver asked must be about this topic, not one stray word of it.
      if (hit.queryTerms.length < words.size * 0.4) return undefined;
      if (hit.score < MIN_SCORE) return undefined;
      const doc = byId.get(String(hit.id));
      if (!doc) continue;
      // One shared word with a long article is chance; a fact or service must match on its own words.
      const onTopic = Object.values(hit.match).some(
        (fields) => fields.includes("title") || fields.includes("keywords"),
      );
      if (doc.kind === "article" ? hit.terms.length >= 2 : onTopic) return doc;
    }
    return undefined;
  };

  return {
    reply(raw: string): string {
      const text = raw.trim();
      if (!text) return replies.unknown;
      if (EMERGENCY.test(text)) {
        const topic = best(text);
        return topic && topic.kind !== "article" ? `${replies.emergency}\n\n${topic.answer}` : replies.emergency;
      }
      if (GREETING.test(text)) return replies.greeting;
      if (THANKS.test(text) && text.split(/\s+/).length <= 6) return replies.thanks;
      if (WHO_PAYS.test(text)) return byId.get("who-pays")?.answer ?? replies.unknown;
      if (PRICE.test(text)) return replies.price;
      if (ETA.test(text)) return replies.eta;

      const towns = townsIn(text);
      if (towns.length && /\b(serve|service|cover|come|go|tow|area|out to|in|near|available)\b/i.test(text)) {
        const pages = towns.map((t) => `${t}: ${areaHref(t)}`).join(", ");
        return `Yes, we serve ${towns.join(" and ")} (${pages}). ${byId.get("areas")?.answer ?? ""}`.trim();
      }
      return best(text)?.answer ?? replies.unknown;
    },
  };
}
