import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ui } from "../../src/i18n/ui";

/**
 * One word per thing in every Spanish text we write (the pages, the interface dictionary and, once
 * they land, the assistant's data packs in server/features/chat/data/es/): the spare tire is a "llanta de
 * repuesto", the tow truck a "grúa", help after a crash is a tow ("grúa después de un choque"), and
 * the register is "lo" ("lo comunicamos"), never "le conectamos".
 */
const root = path.resolve(import.meta.dirname, "../..");

const FORBIDDEN: { word: RegExp; instead: string }[] = [
  { word: /\brefacci[oó]n(es)?\b/i, instead: "llanta de repuesto" },
  { word: /\bcami[oó]n(es)?\b/i, instead: "grúa (the tow truck) or trocas (trucks)" },
  { word: /\brescates?\b/i, instead: "grúa: 'rescate' reads as rescuing people, which is 911's work" },
  { word: /\ble conecta(mos|n)?\b/i, instead: "lo comunicamos (one register: lo)" },
];

/** Every Spanish file under a folder of the repository (Markdown, JSON or TypeScript data). */
function spanishFiles(folder: string): string[] {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(md|json|ts)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Every string in a nested dictionary, with the key path that holds it. */
function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  }
  return [];
}

const contentFolders = ["src/content"].flatMap((base) =>
  readdirSync(path.join(root, base), { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name === "es")
    .map((e) => path.relative(root, path.join(e.parentPath, e.name))),
);

/** Where Spanish text lives, as [where, text] pairs. */
function spanishTexts(): [string, string][] {
  const files = contentFolders.flatMap(spanishFiles);
  // What the assistant says in Spanish: its replies and its safety guard's replies. Its intents,
  // entities and the guard's word lists are what drivers type ("se me ponchó y no traigo refacción"),
  // which it must keep understanding.
  const chat = path.join(root, "server/features/chat/data/es");
  // YAML or JSON, whichever the pack has (the packs moved to YAML so editors can write comments).
  const said = (name: string) => {
    const yaml = path.join(chat, `${name}.yaml`);
    return existsSync(yaml)
      ? parse(readFileSync(yaml, "utf8"))
      : JSON.parse(readFileSync(path.join(chat, `${name}.json`), "utf8"));
  };
  return [
    ...files.map((f) => [path.relative(root, f), readFileSync(f, "utf8")] as [string, string]),
    ...strings(ui.es, "ui.es"),
    ...strings(said("replies"), "chat replies"),
    ...strings(said("safety").reply, "chat safety reply"),
  ];
}

/** The places in the texts where a forbidden word appears. */
function misses(texts: [string, string][]): string[] {
  const found: string[] = [];
  for (const [where, text] of texts) {
    for (const { word, instead } of FORBIDDEN) {
      const hit = text.match(word);
      if (hit) found.push(`${where}: "${hit[0]}" (write ${instead})`);
    }
  }
  return found;
}

describe("Spanish word list", () => {
  it("reads every Spanish content folder and the Spanish dictionary", () => {
    expect(contentFolders.sort()).toEqual(
      ["src/content/areas/es", "src/content/es", "src/content/guides/es", "src/content/services/es"].sort(),
    );
    const texts = spanishTexts();
    // 10 service pages, 10 town pages, the guide and the three card files, plus the dictionary's strings.
    expect(texts.filter(([where]) => where.startsWith("src/content")).length).toBeGreaterThanOrEqual(24);
    expect(texts.filter(([where]) => where.startsWith("ui.es")).length).toBeGreaterThan(100);
  });

  it("catches each forbidden word when it appears", () => {
    const planted: [string, string][] = [
      ["a", "Le ponemos la refacción."],
      ["b", "El camión de remolque llega pronto."],
      ["c", "Rescate después de un choque"],
      ["d", "Le conectamos con un operador asociado."],
    ];
    expect(misses(planted)).toHaveLength(4);
    expect(misses([["ok", "Lo comunicamos con una grúa; lleve su llanta de repuesto."]])).toEqual([]);
  });

  it("no Spanish text uses refacción, camión, rescate or 'le conectamos'", () => {
    expect(misses(spanishTexts())).toEqual([]);
  });
});
