import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import { localizedPath, localizeHref, unlocalizedPath } from "../../src/i18n/locales";
import { type Dictionary, differentKeys, ui } from "../../src/i18n/ui";
import { builtDist, builtKnowledge } from "../support/content";

/** Every value of a dictionary, by its dotted key. */
function entries(dictionary: object, prefix = ""): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : entries(value as object, `${prefix}${key}.`),
  );
}
const marks = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Common English words a Spanish sentence never needs (the list, and a few more). */
const ENGLISH = /\b(the|and|your|call us|request|you|with|please|our|we|for|send|here|now|this)\b/i;

describe("the interface dictionary (src/i18n/ui.ts)", () => {
  const en = entries(ui.en);
  const es = new Map(entries(ui.es));

  it("has the same keys in English and Spanish, and the check that fails the build finds a missing one", () => {
    expect(differentKeys(ui.en, ui.es)).toEqual([]);
    const { nav, ...withoutNav } = ui.es;
    const broken = { ...withoutNav, nav: { ...nav, menu: undefined }, extra: { key: "x" } };
    expect(differentKeys(ui.en, broken as unknown as Dictionary)).toEqual(["nav.menu", "extra"]);
  });

  it("fills the same marks in both languages (zod's type names are English words and stay out of the Spanish)", () => {
    for (const [key, english] of en) {
      const spanish = es.get(key) ?? "";
      if (key === "validation.wrongType") expect(marks(spanish)).toEqual([]);
      else expect(marks(spanish), key).toEqual(marks(english));
    }
  });

  it("leaves no Spanish value empty and no common English word in one (the switch to English and API field names aside)", () => {
    // What the switch says leads to the English page, so it says it in English; the two API messages name JSON fields and a header.
    const english = new Set(["language.switchLabel", "language.switchAria", "refusal.notAnObject", "refusal.badKey"]);
    for (const [key, value] of es) {
      if (key === "blogPage.inEnglish" || key === "townPage.first") continue;
      expect(value.trim(), key).not.toBe("");
      if (!english.has(key)) expect(value, key).not.toMatch(ENGLISH);
    }
  });
});

describe("addresses in both languages", () => {
  it("pairs every English path with its /es/ twin and back", () => {
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/services/towing", "es")).toBe("/es/services/towing");
    expect(localizedPath("/es/services/towing", "en")).toBe("/services/towing");
    expect(unlocalizedPath("/es")).toBe("/");
    expect(unlocalizedPath("/estimates")).toBe("/estimates");
    expect(localizeHref("/contact#form", "es")).toBe("/es/contact#form");
    expect(localizeHref("tel:+12095550142", "es")).toBe("tel:+12095550142");
  });
});

/** Every page the build wrote under /es/ (the Spanish home is es.html). */
const spanishPages = [
  "es.html",
  ...readdirSync(path.join(builtDist, "es"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => path.relative(builtDist, path.join(e.parentPath, e.name))),
].sort();

/** What a reader sees of a built page, without what is marked as English (the English articles' titles). */
function visibleText(file: string, part = "body"): string {
  builtKnowledge(); // fails with a clear message when the content changed after the build
  const $ = cheerio.load(readFileSync(path.join(builtDist, file), "utf8"));
  $("script, style, noscript, body [lang^='en']").remove();
  return $(part).text().replace(/\s+/g, " ");
}

describe("the Spanish pages, as built", () => {
  it("there is a Spanish page for every English page but the blog articles, and each says lang=es", () => {
    expect(spanishPages.length).toBeGreaterThanOrEqual(30);
    for (const file of spanishPages) {
      expect(readFileSync(path.join(builtDist, file), "utf8"), file).toMatch(/<html lang="es-US"/);
    }
  });

  it.each(spanishPages)("%s: no common English word in the header, the main text or the footer", (file) => {
    // Names stay as they are: the business's name and the streets' names hold none of these words.
    const text = visibleText(file).replace(/Stockton 24\/7 Towing/g, "");
    const found = text.match(new RegExp(ENGLISH.source, "gi")) ?? [];
    expect(found, text.slice(0, 300)).toEqual([]);
  });

  it("the check itself sees English: the English home page is full of it", () => {
    expect(visibleText("index.html", "main").match(new RegExp(ENGLISH.source, "gi"))?.length).toBeGreaterThan(10);
  });
});
