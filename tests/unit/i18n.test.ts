import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import { requestPageRenderer } from "../../server/features/request-page/render";
import { localizedPath, localizeHref, preferredLocale, unlocalizedPath } from "../../src/i18n/locales";
import { type Dictionary, differentKeys, ui } from "../../src/i18n/ui";
import { driverStatuses } from "../../src/shared/request-page";
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

describe("the interface dictionary (src/i18n/{en,es}/)", () => {
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

/** What a reader sees of a page, without what is marked as English (the English articles' titles). */
function visibleTextOf(html: string, part = "body"): string {
  const $ = cheerio.load(html);
  $("script, style, noscript, body [lang^='en']").remove();
  return $(part).text().replace(/\s+/g, " ");
}
function visibleText(file: string, part = "body"): string {
  builtKnowledge(); // fails with a clear message when the content changed after the build
  return visibleTextOf(readFileSync(path.join(builtDist, file), "utf8"), part);
}
/** The common English words in a Spanish text, the business's name aside. */
const englishIn = (text: string) =>
  text.replace(/Stockton 24\/7 Towing/g, "").match(new RegExp(ENGLISH.source, "gi")) ?? [];

describe("the Spanish pages, as built", () => {
  it("there is a Spanish page for every English page but the blog articles, and each says lang=es", () => {
    expect(spanishPages.length).toBeGreaterThanOrEqual(30);
    for (const file of spanishPages) {
      expect(readFileSync(path.join(builtDist, file), "utf8"), file).toMatch(/<html lang="es-US"/);
    }
  });

  it.each(spanishPages)("%s: no common English word in the header, the main text or the footer", (file) => {
    // Names stay as they are: the business's name and the streets' names hold none of these words.
    const text = visibleText(file);
    expect(englishIn(text), text.slice(0, 300)).toEqual([]);
  });

  it("the check itself sees English: the English home page is full of it", () => {
    expect(visibleText("index.html", "main").match(new RegExp(ENGLISH.source, "gi"))?.length).toBeGreaterThan(10);
  });
});

/**
 * The Spanish request page is a shell the server fills in (server/features/request-page/render.ts): read as a
 * Spanish driver gets it, in every status, with the dispatcher's message and the cancel form, and with
 * the words its island takes over with.
 */
describe("the Spanish request page, as the server fills it in", () => {
  builtKnowledge();
  const render = requestPageRenderer(readFileSync(path.join(builtDist, "es/request.html"), "utf8"), "es");
  const facts = {
    id: 42,
    service: "Jump Start",
    pickupLocation: "Hammer Ln y West Ln, Stockton",
    sentAt: "2026-11-23T09:05:00.000Z",
    phoneLast4: "0187",
  };

  it.each(driverStatuses)("status %s: no common English word on the page or in the island's words", (status) => {
    const html = render(
      facts,
      {
        status,
        message: { text: "El operador Miguel va en una grúa blanca.", at: "2026-11-23T09:20:00.000Z" },
        cancelledAt: status === "cancelled" ? "2026-11-23T09:30:00.000Z" : null,
        canCancel: ["received", "arranging", "on_the_way"].includes(status),
        // The partner's part too, at its latest step (and their phone), where a partner can be shown.
        partner: ["cancelled", "closed"].includes(status)
          ? null
          : {
              companyName: "Grúas Rivera",
              acceptedAt: "2026-11-23T09:10:00.000Z",
              etaMinutes: 25,
              step: status === "done" ? "done" : status === "on_the_way" ? "on_the_way" : "accepted",
              stepAt: "2026-11-23T09:15:00.000Z",
              phone: "(209) 555-0101",
            },
      },
      "A".repeat(43),
      // Done: the page asks "How did it go?", in Spanish too.
      { asking: status === "done", review: null, editable: status === "done" },
      // Ten minutes after the acceptance: 15 minutes left of the partner's 25.
      new Date("2026-11-23T09:20:00.000Z"),
    );
    const text = visibleTextOf(html);
    expect(text).toContain(ui.es.requestPage.statuses[status].replace("{company}", "Grúas Rivera"));
    if (!["cancelled", "closed"].includes(status)) {
      expect(text).toContain("Grúas Rivera aceptó su solicitud a la 1:10");
    }
    if (["accepted", "arranging", "on_the_way", "received"].includes(status)) {
      expect(text).toContain(
        "Llegada: alrededor de la 1:35 a.m. PST (en unos 15 minutos, según el cálculo de la compañía).",
      );
    }
    expect(englishIn(text), text.slice(0, 400)).toEqual([]);
    // The islands' words travel in the page as JSON (src/screens/request/islands.ts).
    const props = cheerio.load(html)("#request-islands-words").text();
    const values = [...props.matchAll(/"([^"]*[a-zá-ú][^"]*)"/gi)].map((m) => m[1]).join(" | ");
    expect(values).toContain(ui.es.requestPage.cancelButton);
    expect(englishIn(values), values.slice(0, 400)).toEqual([]);
  });

  it("the check itself sees English: the English shell, filled in, is full of it", () => {
    const english = requestPageRenderer(readFileSync(path.join(builtDist, "request.html"), "utf8"), "en");
    const html = english(
      facts,
      { status: "received", message: null, cancelledAt: null, canCancel: true, partner: null },
      "A".repeat(43),
      { asking: false, review: null, editable: false },
      new Date("2026-11-23T09:20:00.000Z"),
    );
    expect(englishIn(visibleTextOf(html, "main")).length).toBeGreaterThan(5);
  });
});

describe("the language a browser prefers (Accept-Language), for answers that know no request's", () => {
  it("takes the first of the site's languages by weight, English when it names neither", () => {
    expect(preferredLocale("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(preferredLocale("en-US,en;q=0.9,es;q=0.8")).toBe("en");
    expect(preferredLocale("fr-FR,es;q=0.5,en;q=0.4")).toBe("es");
    expect(preferredLocale("en;q=0.3,es;q=0.7")).toBe("es");
    expect(preferredLocale("fr")).toBe("en");
    expect(preferredLocale(undefined)).toBe("en");
  });
});
