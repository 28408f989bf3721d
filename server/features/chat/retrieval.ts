import MiniSearch from "minisearch";
import type { ArticleSection } from "../../../src/shared/chat-knowledge-schema";

/**
 * Technical questions (tow methods, hitches, packages, capacity) are answered from the articles:
 * the section that best matches the whole question, quoted in whole sentences from its first
 * paragraph, with the article's address. Found with MiniSearch over every section, with a nudge
 * towards the article whose subject the question names.
 */

/** Subjects a question can name, and the article that is about that subject. */
const SUBJECTS: [RegExp, string][] = [
  [
    /\b(exchange|information|info|report|dmv|paperwork|what (do|should) i do)\b.*\b(accident|crash|collision|fender ?bender)\b|\bafter (an|a|the) (accident|crash|collision|wreck)\b/,
    "after-an-accident",
  ],
  [/\bdoll(y|ies)\b/, "dolly-tow-explained"],
  [
    /\bautomatic\b|\bawd\b|\ball[- ]wheel\b|\b4x4\b|\bfour[- ]wheel drive\b|\bdrive wheels\b|\btransmission\b|\bneutral\b|\btow mode\b/,
    "towing-automatic-car",
  ],
  [/\bflat ?tow\w*|\bfour[- ]down\b|\bbehind (my|an|the|a) (rv|motorhome|camper)\b|\bdinghy\b/, "flat-towing-guide"],
  [
    /\bwheel[- ]?lift\b|\bhook[- ]and[- ]chain\b|\b(types?|kinds?) of tow\w*|\bflatbed (vs|or|versus|better)\b|\bbetter than\b/,
    "types-of-towing",
  ],
  [/\bcapacity\b|\bhow much can (my|a|the) \w+ (tow|pull)\b/, "car-towing-capacity"],
  [/\bworth\b/, "is-towing-package-worth-it"],
  [/\b(has|have) (a |the )?(factory )?tow(ing)? package\b|\bknow if my\b|\btell if\b/, "identify-tow-package"],
  [
    /\b(what comes with|includes?|explained|what is) (a |the )?(factory )?tow(ing)? package\b|\bfactory tow package\b/,
    "towing-packages-explained",
  ],
  [/\btrim\b|\boptions package\b/, "identify-car-package"],
  [/\bstrap\b|\brope\b|\btow bar\b|\btow (another|a) car with\b|\bcar[- ]to[- ]car\b/, "car-to-car-towing"],
  [
    /\b(hard|difficult|myself|diy|on my own)\b.*\bhitch\b|\bhitch\b.*\b(hard|difficult|myself|diy)\b/,
    "tow-hitch-installation-difficulty",
  ],
  [/\binstall\w*\b.*\bhitch\b|\bhitch install\w*\b/, "car-hitch-installation"],
  [/\bfreeway service patrol\b|\bfsp\b|\bfree tow\w*\b/, "free-tow-houston"],
  [/\bsingle tow\b/, "single-tow-explained"],
  [/\b(towing|tow) (mean|means|meaning)\b|\bmeaning of tow\w*\b/, "car-towing-meaning"],
  [/\baffordable\b|\bcheap\b|\bshort tow\b|\bsave money\b/, "cheap-short-distance-towing"],
  [/\b(sedan|my car|small car|compact)\b.*\b(tow|pull)\b.*\btrailer\b|\bcan my (car|sedan) tow\b/, "towing-in-car"],
];

/** True for "what hitch class for 7,000 lb", "class 3 hitch", "what are the hitch classes". */
export function asksHitchClasses(folded: string): boolean {
  return (
    /\bhitch class\w*|\bclass (i{1,3}|iv|v|[1-5]|one|two|three|four|five) hitch\b|\bclass (i{1,3}|iv|[1-5])\b.*\b(pull|tow|capacity)\b/.test(
      folded,
    ) ||
    (/\bhitch\b/.test(folded) && /\b\d[\d,]* ?(lb|lbs|pounds)\b|\bhow much (can|will) it (pull|tow)\b/.test(folded))
  );
}

/** Words every article shares ("tow", "car") say nothing about which section answers. */
const STOP = new Set(
  "tow tows towing towed car cars vehicle vehicles a an and are as at be by can could do does for from get got have how i if in is it its me my of on or our please so that the there this to was we what when where which who why will with would you your im i'm want need tell know about some any just like one thing things".split(
    " ",
  ),
);

/** Everyday phrasings mapped to the words the articles use. */
function expand(question: string): string {
  return question
    .replace(/\bwhat comes with\b|\bwhat'?s in\b/g, "components includes")
    .replace(/\b(steps|how do i|how to) (install|put on)\b/g, "installation step by step $2")
    .replace(/\b(illegal|legal|allowed|against the law)\b/g, "rules law");
}

export interface Retriever {
  /**
   * The reply text for a technical question, or undefined when no article answers it. With `only`,
   * the answer comes from that article or guide, or not at all.
   */
  answer(folded: string, only?: string): string | undefined;
  /** The section that answers a question (in English words), or undefined when none does. */
  section(folded: string, only?: string): ArticleSection | undefined;
  size: number;
}

export function createRetriever(sections: ArticleSection[]): Retriever {
  const index = new MiniSearch<ArticleSection>({
    fields: ["articleTitle", "heading", "text"],
    storeFields: ["slug"],
    processTerm: (term) => {
      const t = term.toLowerCase().replace(/'s$/, "");
      return STOP.has(t) || t.length < 2 ? null : t;
    },
    searchOptions: {
      boost: { articleTitle: 2, heading: 2.5, text: 1 },
      // An article's opening answers "what is…" and "what types…" better than any one of its sections.
      boostDocument: (id) => (String(id).endsWith(":0") ? 1.4 : 1),
      fuzzy: (term) => (term.length > 5 ? 0.2 : false),
      prefix: (term) => term.length > 4,
    },
  });
  index.addAll(sections);
  const byId = new Map(sections.map((s) => [s.id, s]));

  const find = (folded: string, only?: string): ArticleSection | undefined => {
    if (only && !sections.some((s) => s.slug === only)) return undefined;
    const subject = only ?? SUBJECTS.find(([re]) => re.test(folded))?.[1];
    // The first few hundred characters hold the question; searching more only costs time.
    const query = [...new Set(expand(folded.slice(0, 300)).split(" "))].join(" ");
    // A subject whose page is not there (yet) is no subject: search everything, strictly.
    const known = subject && sections.some((s) => s.slug === subject) ? subject : undefined;
    const hits = index.search(query, known ? { filter: (r) => r.slug === known } : {});
    const section =
      (hits[0] ? byId.get(String(hits[0].id)) : undefined) ??
      (known ? sections.find((s) => s.slug === known) : undefined);
    if (!section || (!known && (hits[0]?.score ?? 0) < 8)) return undefined;
    return section;
  };
  return {
    size: sections.length,
    section: find,
    answer(folded, only) {
      const section = find(folded, only);
      return section && `${section.excerpt} More in _${section.articleTitle}_: ${section.url}`;
    },
  };
}
