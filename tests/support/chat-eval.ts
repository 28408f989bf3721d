import { readFileSync } from "node:fs";
import { site } from "../../src/shared/site";

/**
 * The chat evaluation's cases and how a reply is judged: each case names a category and what the
 * reply must and must not contain (case-insensitive); every reply also names the phone, gives no
 * price, time, guarantee, promise or markup, fits a phone's screen, and a Spanish case's reply is
 * Spanish (unless the case says `answer: "en"`).
 */
export interface EvalCase {
  category: string;
  q: string;
  must?: string[];
  mustNot?: string[];
  /** The page's language hint sent with the message. */
  lang?: "en" | "es";
  /** The language the reply must be in, when it is not the Spanish set's Spanish. */
  answer?: "en" | "es";
}

export const loadCases = (file: string): EvalCase[] =>
  JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"));

/** What no reply may ever hold, whatever was asked or in which language: a price, a time, a promise. */
export const NEVER: [RegExp, string][] = [
  // A price is what a job costs; the law's damage threshold ("more than $1,000 of damage", CVC 16000(a)) is not.
  [/\$\s?\d[\d,.]*(?![\d,.])(?! (of|in) damage| de daños)|\b\d+\s?(d[oó]lares|dollars|bucks)\b/i, "a price"],
  [/\b\d+\s?(min|mins|minutes|minutos?|hrs?)\b/i, "a time"],
  [/\bguarantee|\bgarantiza/i, "a guarantee"],
  [/\b(va|van|vamos|est[aá]n?) en camino\b|\bllega(mos|n|r[aá]n?)? en \d/i, "a promise"],
  [/<[a-z!/]/i, "markup"],
];

/** English a Spanish reply must not hold, once links, e-mail and the English articles' titles are taken out. */
const ENGLISH_WORDS =
  /\b(the|and|you|your|we|our|call|please|with|for|is|are|can'?t|don'?t|partner|dispatcher|tow truck)\b/i;
const withoutLinks = (reply: string) =>
  reply
    .replace(/https?:\/\/\S+|(?<![\w/])\/[a-z0-9/-]+/gi, " ")
    .replace(/\S+@\S+/g, " ")
    .replace(/_[^_\n]+_/g, " ");
/** About three short sentences and the next step: what a phone shows without scrolling. */
export const MAX_REPLY_CHARS = 700;

export function problemsWith(c: EvalCase, reply: string, language?: "es"): string[] {
  const lower = reply.toLowerCase();
  const out: string[] = [];
  if (language === "es" && c.answer !== "en") {
    const english = withoutLinks(reply).match(ENGLISH_WORDS);
    if (english) out.push(`English in a Spanish reply ("${english[0]}")`);
  }
  for (const m of c.must ?? []) if (!lower.includes(m.toLowerCase())) out.push(`missing "${m}"`);
  for (const m of c.mustNot ?? []) if (lower.includes(m.toLowerCase())) out.push(`forbidden "${m}"`);
  if (!reply.includes(site.phone.display)) out.push("no phone number");
  for (const [re, what] of NEVER) if (re.test(reply)) out.push(`gives ${what}`);
  if (reply.length > MAX_REPLY_CHARS) out.push(`too long (${reply.length} characters)`);
  return out;
}

/**
 * The regression sets (1,675 questions) and the language their replies are judged in. The
 * development parts hold no training example (tests/unit/chat-data-heldout.test.ts): the questions
 * that had been copied into intents as examples are the `trained` parts, regression cases only.
 */
export const REGRESSION_FILES: { file: string; language?: "es" }[] = [
  { file: "chat-eval-dev.json" },
  { file: "chat-eval-trained.json" },
  { file: "chat-eval-es-trained.json", language: "es" },
  { file: "chat-eval-test.json" },
  { file: "chat-eval-es-dev.json", language: "es" },
  { file: "chat-eval-es-test.json", language: "es" },
  { file: "chat-eval-es-test-blind4.json", language: "es" },
];

/** The development parts: questions never trained on, on which the confidence is calibrated. */
export const DEVELOPMENT_FILES: { file: string; language?: "es" }[] = [
  { file: "chat-eval-dev.json" },
  { file: "chat-eval-es-dev.json", language: "es" },
];

/** A case's name in the known-failures list: its file, the page's hint and the question. */
export const caseKey = (file: string, c: EvalCase) => `${file} | ${c.lang ?? "-"} | ${c.q}`;
