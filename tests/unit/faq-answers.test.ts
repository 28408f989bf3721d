import { readFileSync } from "node:fs";
import path from "node:path";
import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import { builtDist, readCollection } from "../support/content";

/**
 * A FAQ answer opens with the answer (issue 48: "Should I walk to a gas station with a can?" began
 * with what to do in a traffic lane, and "Should I ride it home?" was never answered). Read from the
 * served pages, every service page in both languages:
 * - a yes-or-no question is answered in its first words: yes, no, not, only, usually…;
 * - a question that offers a choice ("Flatbed or wheel-lift?") is answered in those words, or names
 *   one of its options in the answer's first clause;
 * - no answer opens with a condition ("If the car is stopped…"): the condition comes after the answer.
 */

interface Faq {
  page: string;
  question: string;
  answer: string;
}

/** The visible FAQ of a built page: each question (h3) with the paragraph that answers it. */
function faqOf(file: string): Faq[] {
  const $ = cheerio.load(readFileSync(path.join(builtDist, file), "utf8"));
  return $('section[aria-labelledby="service-faq"] h3')
    .toArray()
    .map((h) => ({ page: file, question: $(h).text().trim(), answer: $(h).next("p").text().trim() }));
}

const slugs = readCollection("servicePages").map((p) => p.slug);
const faqs = {
  en: slugs.flatMap((slug) => faqOf(`services/${slug}.html`)),
  es: slugs.flatMap((slug) => faqOf(`es/services/${slug}.html`)),
};

const LANGUAGE = {
  en: {
    /** The question itself: its last sentence ("I dropped my bike and feel fine. Should I ride it home?"). */
    asked: (q: string) => q.split(/(?<=[.:])\s+/).at(-1) ?? q,
    yesOrNo: /^(can|could|should|do|does|did|is|are|will|would|must|may|has|have)\b/i,
    direct: /^(Yes|No|Not|Only|Usually|Partly|Rarely|Often|Sometimes)\b/,
    or: / or /,
    // "When…" answers a "When…?" question: only "if" and "unless" hold the answer back.
    condition: /^(If|Unless)\b/,
    fillers: /^(a|an|the|to|of)$/i,
  },
  es: {
    /** The question itself: from its "¿" ("Se me cayó la moto y me siento bien. ¿Me voy manejando a casa?"). */
    asked: (q: string) => q.slice(Math.max(0, q.lastIndexOf("¿") + 1)),
    /** Spanish has no auxiliary: a question is yes-or-no unless it opens with a question word. */
    // (A word ends at a space or a mark: JavaScript's \b does not know accented letters.)
    yesOrNo:
      /^(?!(qu[eé]|qui[eé]n(es)?|c[oó]mo|cu[aá]ndo|d[oó]nde|cu[aá]nt[oa]s?|cu[aá]l(es)?|por qu[eé]|y si|y ahora|a d[oó]nde)(?=[\s?]|$))/i,
    direct: /^(Sí|No|Solo|Normalmente|Casi|En parte|A veces|Por lo general)(?=[\s,.:;]|$)/,
    or: / o /,
    condition: /^(Si|Salvo)\b/,
    fillers: /^(a|al|el|la|los|las|un|una|de|del)$/i,
  },
} as const;

type Language = keyof typeof LANGUAGE;

/** The words a choice question offers: the word before " or " and the first real word after it. */
function options(question: string, language: Language): string[] {
  const { or, fillers } = LANGUAGE[language];
  const [before = "", after] = question.replace(/[?¿]/g, "").split(or);
  if (after === undefined) return [];
  const first = after.split(/\s+/).find((w) => !fillers.test(w)) ?? "";
  return [before.split(/\s+/).at(-1) ?? "", first].map((w) => w.toLowerCase()).filter(Boolean);
}

/** Why an answer does not open with the answer, or undefined when it does. */
function fault({ question, answer }: Faq, language: Language): string | undefined {
  const { asked, yesOrNo, direct, condition } = LANGUAGE[language];
  if (condition.test(answer)) return "opens with a condition";
  if (direct.test(answer)) return undefined;
  const q = asked(question).trim();
  const choices = options(q, language);
  if (choices.length) {
    const firstClause = (answer.split(/[.,:;]/)[0] ?? "").toLowerCase();
    return choices.some((c) => firstClause.includes(c)) ? undefined : "names none of the question's options first";
  }
  return yesOrNo.test(q) ? "a yes-or-no question not answered first" : undefined;
}

describe("FAQ answers open with the answer (issue 48)", () => {
  it("reads every service page's FAQ in both languages", () => {
    expect(slugs.length).toBeGreaterThanOrEqual(10);
    for (const language of ["en", "es"] as const) {
      expect(faqs[language].length, language).toBeGreaterThanOrEqual(4 * slugs.length);
      for (const faq of faqs[language]) expect(faq.answer.length, faq.question).toBeGreaterThan(0);
    }
  });

  it("tells an answer that opens with the answer from one that does not", () => {
    const planted: [Faq, Language, string | undefined][] = [
      [
        { page: "", question: "Should I walk to a gas station with a can?", answer: "If the car is stopped…" },
        "en",
        "opens with a condition",
      ],
      [
        { page: "", question: "I feel fine. Should I ride it home?", answer: "Riders often feel fine." },
        "en",
        "a yes-or-no question not answered first",
      ],
      [
        { page: "", question: "Flatbed or wheel-lift?", answer: "All-wheel-drive cars go on one." },
        "en",
        "names none of the question's options first",
      ],
      [
        { page: "", question: "¿Camino a una gasolinera con un galón?", answer: "Quédese en el carro." },
        "es",
        "a yes-or-no question not answered first",
      ],
      [
        { page: "", question: "Should I walk to a gas station with a can?", answer: "No. Stay in the car." },
        "en",
        undefined,
      ],
      [
        { page: "", question: "Should I call you or 911 after a crash?", answer: "Call 911 first if anyone is hurt." },
        "en",
        undefined,
      ],
      [
        { page: "", question: "¿Grúa de plataforma o de arrastre?", answer: "De plataforma para los carros bajos." },
        "es",
        undefined,
      ],
      [{ page: "", question: "¿Qué le digo al despachador?", answer: "Dónde está y qué pasó." }, "es", undefined],
    ];
    for (const [faq, language, expected] of planted) expect(fault(faq, language), faq.question).toBe(expected);
  });

  it.each(["en", "es"] as const)("%s: every answer opens with the answer", (language) => {
    const faults = faqs[language]
      .map((faq) => [faq, fault(faq, language)] as const)
      .filter(([, why]) => why)
      .map(([faq, why]) => `${faq.page}: "${faq.question}" -> "${faq.answer.slice(0, 60)}…" (${why})`);
    expect(faults).toEqual([]);
  });

  it("the two the editor flagged: the gas can is a 'No', riding the bike home is answered", () => {
    const answerTo = (language: Language, question: RegExp) =>
      faqs[language].find((f) => question.test(f.question))?.answer ?? "";
    expect(answerTo("en", /walk to a gas station with a can/)).toMatch(/^No\. /);
    expect(answerTo("es", /Camino a una gasolinera con un galón/)).toMatch(/^No\. /);
    expect(answerTo("en", /Should I ride it home/)).toMatch(/^No: have it towed\./);
    expect(answerTo("es", /Me voy manejando a casa/)).toMatch(/^No: mande remolcarla\./);
    // Still 911 first when someone is hurt, and a car stopped in a lane is still a 911 call.
    expect(answerTo("en", /Should I ride it home/)).toMatch(/If you or anyone else is hurt, call 911 first/);
    expect(answerTo("en", /walk to a gas station/)).toContain(
      "If the car is stopped in a traffic lane, call 911 first, then us.",
    );
  });
});
