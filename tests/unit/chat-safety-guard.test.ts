import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import { createGuard } from "../../server/features/chat/guard";
import {
  type DangerKind,
  type SafetyVocabulary,
  safetyVocabularies,
} from "../../server/features/chat/safety-vocabulary";
import { tokensOf } from "../../server/features/chat/text";
import { site } from "../../src/shared/site";
import { builtKnowledge, pageWords } from "../support/content";

/**
 * The safety guard, tested on messages GENERATED from its own vocabulary data crossed with sentence
 * templates written here (never in the engine): every being with every shut-in phrasing in both
 * languages, every injury phrasing with every hedge, every fire, place and threat phrasing, each
 * also perturbed the way drivers type (accents, typos, capitals, no punctuation, a service request
 * added, the other language mixed in). Every one must reach the guard AND put 911 in the first
 * sentence of the assistant's reply; generated ordinary requests must not.
 */

const { en, es } = safetyVocabularies;
const guard = createGuard([en, es]);
const assistant = createAssistant(builtKnowledge());

// ---------------------------------------------------------------------------------------------
// Expanding the data's phrases into concrete wordings.

/** A few concrete wordings of a phrase, together using every alternative of every piece once. */
function wordings(phrase: string, v: SafetyVocabulary): string[] {
  const pieces = phrase.split(/\s+/).map((raw) => {
    const optional = raw.length > 1 && raw.endsWith("?");
    const body = optional ? raw.slice(0, -1) : raw;
    const choices = body.split("|").flatMap((c) => {
      if (c === "#") return ["2"];
      if (c === "*") return ["there"];
      if (c.startsWith("@")) return v.lists[c.slice(1)] ?? [];
      return [c];
    });
    return { choices, optional };
  });
  const count = Math.max(1, ...pieces.map((p) => p.choices.length));
  const out = new Set<string>();
  for (let i = 0; i < count; i++) {
    const words = pieces.flatMap((p, k) => {
      // Optional pieces are in every other wording, so both forms are read.
      if (p.optional && (i + k) % 2 === 1) return [];
      return [p.choices[i % p.choices.length] as string];
    });
    out.add(words.join(" "));
  }
  return [...out];
}
const allWordings = (phrases: string[], v: SafetyVocabulary) => phrases.flatMap((p) => wordings(p, v));

/** Ages as drivers write them: digits and units from the data ("2 yr old", "18 meses"). */
function ages(v: SafetyVocabulary): string[] {
  const numbers = ["2", "18", "3", "6"];
  return v.ages.flatMap((pattern, i) =>
    wordings(pattern, v).map((w, j) => w.replace(/\b2\b/, numbers[(i + j) % numbers.length] as string)),
  );
}
const beingsOf = (v: SafetyVocabulary) => [...allWordings(v.beings, v), ...ages(v)];

// ---------------------------------------------------------------------------------------------
// Perturbations: how drivers type.

const VOWEL_ACCENTS: Record<string, string> = { a: "á", e: "é", i: "í", o: "ó", u: "ú", n: "ñ" };
/** Accents put on (the data has none): the guard must read "atrapádo" as "atrapado". */
const accented = (text: string) =>
  text.replace(/\b([a-z]{4,})\b/g, (w, _x, at: number) =>
    at % 3 === 0 ? w.replace(/[aeiou]/, (c) => VOWEL_ACCENTS[c] ?? c) : w,
  );
/** Every word the data holds: a typo that makes one of them (squeezed or not) is another word, not a typo to read. */
const dataWords = new Set(tokensOf(JSON.stringify([en, es]).replace(/[@#*?|]/g, " ")));
/**
 * One-letter typos on every word of five letters or more: a letter dropped, doubled, swapped with
 * its neighbour or replaced, never the first one (nearly every typing slip keeps it). A typo that
 * makes another word the data holds ("there" → "three") or lists as a lookalike ("stuck" → "stick")
 * is another word, not a typo to read.
 */
function typos(text: string, seed: number): string {
  let n = seed;
  return text.replace(/[a-z]{5,}/g, (w) => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const kind = (n + attempt) % 4;
      const at = 1 + ((n * 7 + attempt) % (w.length - 2));
      const typo =
        kind === 0
          ? w.slice(0, at) + w.slice(at + 1)
          : kind === 1
            ? w.slice(0, at) + w[at] + w.slice(at)
            : kind === 2
              ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)
              : `${w.slice(0, at)}${w[at] === "x" ? "z" : "x"}${w.slice(at + 1)}`;
      // With its repeated letters squeezed ("boody" → "body"), as the guard compares it, too.
      if (!dataWords.has(typo) && !dataWords.has(typo.replace(/([a-z])\1+/g, "$1"))) {
        n++;
        return typo;
      }
    }
    return w;
  });
}
const PERTURBATIONS: Record<string, (text: string, lang: "en" | "es", seed: number) => string> = {
  accents: (t) => accented(t),
  typos: (t, _l, seed) => typos(t, seed),
  caps: (t) => t.toUpperCase(),
  "no punctuation": (t) => t.replace(/[.,!?¿¡;:']/g, ""),
  "service appended": (t, lang) => `${t} ${lang === "en" ? "and i need a tow to lodi" : "y necesito una grua a lodi"}`,
  spanglish: (t, lang) => (lang === "en" ? `${t} ayuda por favor, ocupo grua` : `${t} please help, need a tow`),
  "repeated letters": (t) => t.replace(/[a-z]{4,}/g, (w) => w.replace(/([aeiou])([^aeiou]*)$/, "$1$1$1$2")),
};
const PERTURBATION_NAMES = Object.keys(PERTURBATIONS);

interface Case {
  text: string;
  lang: "en" | "es";
  kind: DangerKind;
  family: string;
}

/** Each message as written, and with a perturbation (taking turns, so each is used as often). */
function withPerturbations(cases: Case[]): Case[] {
  return cases.flatMap((c, i) => {
    const out = [c];
    for (const k of [i % PERTURBATION_NAMES.length]) {
      const name = PERTURBATION_NAMES[k] as string;
      out.push({
        ...c,
        text: (PERTURBATIONS[name] as (typeof PERTURBATIONS)[string])(c.text, c.lang, i),
        family: `${c.family} + ${name}`,
      });
    }
    return out;
  });
}

/** Cycles through templates so that every template is used across a family. */
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

// ---------------------------------------------------------------------------------------------
// The positive families.

const SHUT_IN_TEMPLATES = {
  en: [
    (b: string, s: string) => `my ${b} is ${s}`,
    (b: string, s: string) => `help!! my ${b} ${s}, please hurry`,
    (b: string, s: string) => `${s} with my ${b}`,
  ],
  es: [
    (b: string, s: string) => `mi ${b} esta ${s}`,
    (b: string, s: string) => `ayuda!! mi ${b} ${s}, rapido`,
    (b: string, s: string) => `${s} mi ${b}`,
  ],
};

function shutInCases(): Case[] {
  const out: Case[] = [];
  for (const [lang, v] of [
    ["en", en],
    ["es", es],
  ] as const) {
    const beings = beingsOf(v);
    let i = 0;
    // Every being × every shut-in phrasing (each phrasing's wordings taking turns across the beings).
    const phrasings = v.shutIn.map((p) => wordings(p, v));
    beings.forEach((b, n) => {
      for (const ws of phrasings)
        out.push({
          text: pick(SHUT_IN_TEMPLATES[lang], i++)(b, pick(ws, n)),
          lang,
          kind: "shut-in",
          family: "being × shut-in",
        });
    });
    // Inside a car that is locked: every inside phrasing × every lock phrasing, beings taking turns.
    const insides = allWordings(v.inside, v);
    const locks = allWordings(v.lockedOut, v);
    for (let n = 0; n < Math.max(insides.length, locks.length) * 2; n++) {
      const inside = pick(insides, n);
      const lock = pick(locks, n + Math.floor(n / locks.length));
      const b = pick(beings, i++);
      out.push({
        text: lang === "en" ? `${lock}, and my ${b} is ${inside}` : `${lock} y mi ${b} esta ${inside}`,
        lang,
        kind: "shut-in",
        family: "being inside × locked",
      });
    }
  }
  // Spanglish: each language's beings in the other language's shut-in phrasings.
  const mixes = [
    [en, es, (b: string, s: string) => `mi ${b} esta ${s}`, "es"],
    [es, en, (b: string, s: string) => `my ${b} is ${s}`, "en"],
  ] as const;
  for (const [beingsFrom, shutFrom, template, lang] of mixes) {
    const shutIns = allWordings(shutFrom.shutIn, shutFrom);
    beingsOf(beingsFrom).forEach((b, i) => {
      for (let k = 0; k < 3; k++)
        out.push({
          text: template(b, pick(shutIns, i * 3 + k)),
          lang,
          kind: "shut-in",
          family: "spanglish being × shut-in",
        });
    });
  }
  return out;
}

function injuryCases(): Case[] {
  const out: Case[] = [];
  const templates = {
    en: [(x: string, h: string) => `rear ended, ${x} ${h}`, (x: string, h: string) => `${h} ${x} but we need a tow`],
    es: [(x: string, h: string) => `me chocaron, ${x} ${h}`, (x: string, h: string) => `${h} ${x} pero necesito grua`],
  };
  for (const [lang, v] of [
    ["en", en],
    ["es", es],
  ] as const) {
    const injuries = allWordings(v.injury, v);
    let i = 0;
    // Every injury phrasing × every hedge (each phrasing's wordings taking turns).
    const phrasings = v.injury.map((p) => wordings(p, v));
    for (const [n, h] of v.hedges.entries())
      for (const ws of phrasings)
        out.push({ text: pick(templates[lang], i++)(pick(ws, n), h), lang, kind: "injury", family: "injury × hedge" });
    // And every wording of them once, hedges taking turns.
    for (const x of injuries)
      out.push({
        text: pick(templates[lang], i)(x, pick(v.hedges, i++)),
        lang,
        kind: "injury",
        family: "injury wording",
      });
    // "Nobody is hurt", then contradicted: every cancellation, injuries taking turns.
    for (const c of allWordings(v.cancellations, v)) {
      const x = pick(injuries, i++);
      out.push({
        text: lang === "en" ? `${c}, well actually ${x}` : `${c}, bueno en realidad ${x}`,
        lang,
        kind: "injury",
        family: "cancellation then injury",
      });
    }
  }
  return out;
}

function fireCases(): Case[] {
  const templates = {
    en: [(f: string) => `${f}, what do i do`, (f: string) => `my car stopped and ${f}`],
    es: [(f: string) => `${f}, que hago`, (f: string) => `se paro mi carro y ${f}`],
  };
  return (["en", "es"] as const).flatMap((lang) => {
    const v = safetyVocabularies[lang];
    return allWordings(v.fire, v).flatMap((f, i) =>
      templates[lang]
        .map((t) => ({ text: t(f), lang, kind: "fire" as const, family: "fire" }))
        .slice(i % 2, (i % 2) + 2),
    );
  });
}

function trafficCases(): Case[] {
  const out: Case[] = [];
  for (const [lang, v] of [
    ["en", en],
    ["es", es],
  ] as const) {
    const stops = allWordings(v.stopped, v);
    const car = lang === "en" ? "my car" : "mi carro";
    let i = 0;
    // Every lane, intersection or crossing wording × stop wordings (taking turns: each is used).
    const places = allWordings(v.lanes, v);
    const perPlace = Math.max(4, Math.ceil(stops.length / places.length));
    for (const [n, place] of places.entries())
      for (let k = 0; k < perPlace; k++) {
        const stop = pick(stops, n * perPlace + k);
        out.push({
          text: i++ % 2 ? `${car} ${stop} ${place}` : `${place}, ${car} ${stop}`,
          lang,
          kind: "lane",
          family: "place × stopped",
        });
      }
    for (const [n, close] of allWordings(v.closeTraffic, v).entries())
      for (const stop of [pick(stops, n), pick(stops, n + 7)])
        out.push({ text: `${car} ${stop} and ${close}`, lang, kind: "lane", family: "traffic close × stopped" });
    for (const place of allWordings(v.tracks, v))
      out.push({
        text: lang === "en" ? `my truck is ${place}` : `mi troca esta ${place}`,
        lang,
        kind: "tracks",
        family: "tracks",
      });
  }
  return out;
}

function threatCases(): Case[] {
  return (["en", "es"] as const).flatMap((lang) => {
    const v = safetyVocabularies[lang];
    return allWordings(v.threat, v).map((t) => ({
      text: lang === "en" ? `${t} and i have a flat tire` : `${t} y se me poncho la llanta`,
      lang,
      kind: "threat" as const,
      family: "threat",
    }));
  });
}

// ---------------------------------------------------------------------------------------------
// The negative families: ordinary requests that must not get 911 first.

function negativeCases(): { text: string; lang: "en" | "es"; family: string }[] {
  const out: { text: string; lang: "en" | "es"; family: string }[] = [];
  const beingRequests = {
    en: [
      (b: string) => `can you jump start my ${b}'s car, the ${b} is at home`,
      (b: string) => `my ${b} needs a tow from lodi`,
      (b: string) => `my ${b} locked the keys in the car`,
      (b: string) => `i locked my keys in the car, my ${b} is at home`,
      (b: string) => `the ${b} is fine, just a flat`,
    ],
    es: [
      (b: string) => `mi ${b} necesita una grua de lodi`,
      (b: string) => `se me quedaron las llaves adentro del carro, mi ${b} esta en la casa`,
      (b: string) => `el carro de mi ${b} no prende, ocupo que le pasen corriente`,
      (b: string) => `mi ${b} esta bien, nomas se poncho la llanta`,
    ],
  };
  for (const [lang, v] of [
    ["en", en],
    ["es", es],
  ] as const) {
    beingsOf(v).forEach((b, i) => {
      for (let k = 0; k < 2; k++)
        out.push({ text: pick(beingRequests[lang], i * 2 + k)(b), lang, family: "being in a request" });
    });
    for (const c of allWordings(v.cancellations, v))
      out.push({
        text: lang === "en" ? `${c}, i just need a tow to lodi` : `${c}, nomas necesito una grua a lodi`,
        lang,
        family: "cancellation, no injury after",
      });
    const stops = allWordings(v.stopped, v).filter(
      (s) => !/crash|accident|collision|wreck|ended|boned|hit|choque|choc|accidente/.test(s),
    );
    stops.forEach((s, i) => {
      const where =
        lang === "en"
          ? pick(
              [
                "on the shoulder of i-5",
                "in the walmart parking lot",
                "in my driveway",
                "at the gas station on march lane",
              ],
              i,
            )
          : pick(
              [
                "en el acotamiento de la 99",
                "en el estacionamiento del walmart",
                "en la cochera de mi casa",
                "en la gasolinera",
              ],
              i,
            );
      out.push({
        text: lang === "en" ? `my car ${s} ${where}` : `mi carro ${s} ${where}`,
        lang,
        family: "off-lane breakdown",
      });
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

const firstSentence = (reply: string) => reply.split(/(?<=[.!?:])\s/)[0] ?? "";

const positives = withPerturbations([
  ...shutInCases(),
  ...injuryCases(),
  ...fireCases(),
  ...trafficCases(),
  ...threatCases(),
]);
const negatives = negativeCases();

describe("the safety guard on generated messages", () => {
  it(`reads every generated danger message (${positives.length}) and the reply opens with 911`, () => {
    const started = performance.now();
    const missed: string[] = [];
    const notFirst: string[] = [];
    const families = new Map<string, number>();
    for (const c of positives) {
      families.set(c.family.split(" + ")[0] as string, (families.get(c.family.split(" + ")[0] as string) ?? 0) + 1);
      const { kinds } = guard.read(c.text);
      if (!kinds.includes(c.kind)) missed.push(`[${c.family}] ${c.kind}: ${c.text} → ${JSON.stringify(kinds)}`);
      const reply = assistant.reply(c.text, c.lang);
      if (!firstSentence(reply).includes("911"))
        notFirst.push(`[${c.family}] ${c.text}\n    got: ${reply.slice(0, 120)}`);
    }
    console.log(
      `safety guard: ${positives.length} generated danger messages in ${((performance.now() - started) / 1000).toFixed(1)} s\n${[...families].map(([f, n]) => `  ${f}: ${n}`).join("\n")}`,
    );
    expect(missed.slice(0, 40), `${missed.length} missed`).toEqual([]);
    expect(notFirst.slice(0, 40), `${notFirst.length} without 911 first`).toEqual([]);
    expect(positives.length).toBeGreaterThan(5000);
    // Tens of thousands of whole replies: about 30 s of CPU, more on a busy machine; the time is not the test.
  }, 300_000);

  it(`leaves every generated ordinary request (${negatives.length}) without 911 first`, () => {
    const flagged: string[] = [];
    for (const c of negatives) {
      const { kinds } = guard.read(c.text);
      const reply = assistant.reply(c.text, c.lang);
      // The guard reads no danger, and the reply does not open with its "call 911 now". (A conditional
      // line, "after a crash, call 911 if anyone is hurt", is the classifier's answer, not the guard's.)
      const call = safetyVocabularies[c.lang].reply.call;
      if (kinds.length || reply.startsWith(call))
        flagged.push(`[${c.family}] ${c.text} → ${JSON.stringify(kinds)}\n    got: ${reply.slice(0, 120)}`);
    }
    console.log(`safety guard: ${negatives.length} generated ordinary requests`);
    expect(flagged.slice(0, 40), `${flagged.length} flagged`).toEqual([]);
    expect(negatives.length).toBeGreaterThan(500);
  });

  it("reads the issue's examples, and leaves its ordinary requests alone", () => {
    for (const [text, kind] of [
      ["my 2 yr old is locked in the car and the keys are inside", "shut-in"],
      ["locked out with my newborn still buckled in", "shut-in"],
      ["my german shepherd is locked in my car its 98 degrees", "shut-in"],
      ["rear ended, my neck hurts a little but im fine i think", "injury"],
      ["my husband is stuck in the truck, door jammed after the crash", "shut-in"],
      ["my car died in the fast lane of i-5 and cars are flying by", "lane"],
      ["hay gasolina tirada debajo del carro y huele muy fuerte", "fire"],
      ["a guy is banging on my window and i have a flat tire", "threat"],
      ["mi bebe de 18 meses se quedo encerrado en la troca", "shut-in"],
      ["nobody is hurt but my wife is kinda dizzy", "injury"],
    ] as const) {
      expect(guard.read(text).kinds, text).toContain(kind);
      expect(firstSentence(assistant.reply(text)), text).toContain("911");
    }
    for (const text of [
      "can you jump start my son's car, he is at home",
      "my wife needs a tow from lodi, nobody is hurt",
      "i locked my keys in the car",
      "the kids are fine, just a flat",
    ]) {
      expect(guard.read(text).kinds, text).toEqual([]);
      expect(firstSentence(assistant.reply(text)), text).not.toContain("911");
    }
    // The jump start is still what the reply offers first.
    expect(assistant.reply("can you jump start my son's car, he is at home")).toMatch(/^\*Jump/);
  });
});

describe("the safety guard's replies", () => {
  it("open with 911 in the reply's language, say what to do, then the phone for the car", () => {
    const en911 = assistant.answer("my dog is locked in the car");
    expect(en911.lang).toBe("en");
    expect(firstSentence(en911.text)).toBe("Call 911 now.");
    expect(en911.text).toContain(site.phone.display);
    const es911 = assistant.answer("mi perro esta encerrado en el carro");
    expect(es911.lang).toBe("es");
    expect(firstSentence(es911.text)).toBe("Llame al 911 ahora.");
    expect(es911.text).toContain(site.phone.display);
    // Fire: away from the car; a lane: out on the side away from traffic, behind a barrier; tracks: out and away from them.
    expect(assistant.reply("there is smoke coming from the hood")).toContain("100 feet from the car");
    expect(assistant.reply("my car stalled in the middle lane")).toContain("behind a barrier");
    expect(assistant.reply("my car is stuck on the railroad tracks")).toContain("away from the tracks");
  });

  it("say what the site's pages say", () => {
    const knowledge = builtKnowledge();
    for (const [lang, kind, file, phrase] of [
      [
        "en",
        "shut-in",
        "services/vehicle-lockouts.md",
        "a child, a person or a pet locked in a car is an emergency on its own, whatever the weather",
      ],
      [
        "es",
        "shut-in",
        "services/es/vehicle-lockouts.md",
        "un niño, una persona o una mascota encerrados en un carro es por sí solo una emergencia, con frío o con calor",
      ],
      ["en", "injury", "services/emergency-towing.md", "Police and paramedics come before the car"],
      ["es", "injury", "services/es/emergency-towing.md", "Primero se atiende a las personas; el carro puede esperar"],
      ["en", "threat", "services/roadside-assistance.md", "doors locked"],
    ] as const) {
      // The English pages as the build read them; the Spanish twins (not in the chat's knowledge) as written.
      const page = knowledge.pages.find((p) => p.file === file);
      const words = page
        ? pageWords(page)
        : readFileSync(new URL(`../../business/stockton/content/${file}`, import.meta.url), "utf8");
      expect(words.replace(/\*\*/g, "").replace(/\s+/g, " ").toLowerCase(), file).toContain(phrase.toLowerCase());
      expect(safetyVocabularies[lang].reply.kinds[kind].say.toLowerCase(), `${lang} ${kind}`).toContain(
        phrase.toLowerCase(),
      );
    }
    // The pages send fire, smoke and a car stopped in a live lane to 911 first, as the guard does.
    const emergency = knowledge.pages.find((p) => p.file === "services/emergency-towing.md");
    expect(emergency && pageWords(emergency)).toContain(
      "if a car is stopped in a live traffic lane, or if you see fire or smoke",
    );
  });
});

/** The letter-words in a source file's string, template and regex literals (module paths left out). */
function wordsInLiterals(name: string, code: string): string[] {
  const source = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true);
  const words: string[] = [];
  const visit = (node: ts.Node) => {
    // Module paths ("./safety-vocabulary") name files, not words of a language.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) text = node.text;
    // A regex's body, without its escapes (\p{L}, \u2018, \b) and flags.
    else if (ts.isRegularExpressionLiteral(node))
      text = node.text.slice(1, node.text.lastIndexOf("/")).replace(/\\[pPu]\{[^}]*\}|\\u[0-9a-fA-F]{4}|\\./g, "");
    if (text !== undefined) for (const w of text.match(/\p{L}{2,}/gu) ?? []) words.push(w);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return words;
}

describe("the safety guard's engine", () => {
  it("holds no word of any language: no letters in its string, template or regex literals", () => {
    const code = readFileSync(new URL("../../server/features/chat/guard.ts", import.meta.url), "utf8");
    // "NFD" names a Unicode normalization form (accents split off, then dropped), not a word.
    expect(wordsInLiterals("guard.ts", code).filter((w) => w !== "NFD")).toEqual([]);
  });

  it("the word check finds a word in a regex, a string or a template", () => {
    const probe =
      'import { x } from "./module";\nconst a = /\\bhurt\\b\\u02bc/u; const b = "baby"; const c = `\u0024{a}herido`;';
    expect(wordsInLiterals("probe.ts", probe)).toEqual(["hurt", "baby", "herido"]);
  });
});
