import { existsSync, readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * The assistant's engine holds no word of English or Spanish: every word it says or looks for is in
 * its data packs (server/features/chat/data/{en,es}/). This reads every string, template and regex literal of
 * the engine's files and fails on any letters that are not a key of the data (an intent, a service
 * slug, a reply's name) or a term of the code itself (a module, a JSON field).
 */
const DIR = new URL("../../server/features/chat/", import.meta.url);
/**
 * Transport, not reading: the outside bot's client (HTTP and error messages for the log) and the HTTP
 * route (the API's refusals, which name the phone number like every other endpoint's), and the pool of
 * worker threads the assistant answers in (module file names, pool options).
 */
const TRANSPORT = new Set(["webhook.ts", "routes.ts", "worker-pool.ts"]);
/** What an editor reads when a data file is wrong (data-file.ts, pack-schema.ts): messages for them, not the assistant's words. */
const EDITOR_MESSAGES = new Set(["data-file.ts", "pack-schema.ts"]);
/**
 * Terms of code, not of a language: JSON and nlp.js fields, file names and their encoding, language codes, typeof
 * names, Unicode and regex flags, HTTP headers, and the engine's own codes for a place's role.
 */
const CODE_TERMS = new Set(
  "json yaml utf data intents entities replies domain calibration en es None classify slug text intent id articleTitle heading chat model languages string object NFD Lu gu POST Content Type Accept application plain from at".split(
    " ",
  ),
);

function keysOf(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      for (const part of k.split(/[^A-Za-z]+/)) if (part) into.add(part);
      keysOf(v, into);
    }
}

/** A data file, YAML or JSON, whichever the pack has. */
const data = (name: string): unknown => {
  const yaml = new URL(`data/${name}.yaml`, DIR);
  return existsSync(yaml)
    ? parse(readFileSync(yaml, "utf8"))
    : JSON.parse(readFileSync(new URL(`data/${name}.json`, DIR), "utf8"));
};
const allowed = new Set(CODE_TERMS);
for (const lang of ["en", "es"])
  for (const file of ["intents", "entities", "replies", "safety"]) keysOf(data(`${lang}/${file}`), allowed);
keysOf(data("domain"), allowed);
// The kinds of intent domain.yaml names ("cannot-say", "small-talk"): the engine's own terms.
for (const rule of Object.values((data("domain") as { intents: Record<string, { kind: string }> }).intents))
  for (const part of rule.kind.split(/[^A-Za-z]+/)) allowed.add(part);
keysOf(data("calibration"), allowed);

/** The intents the packs know: the engine routes by their kind in domain.yaml, never by name. */
const INTENTS = new Set(
  ["en", "es"].flatMap((lang) => Object.keys(data(`${lang}/intents`) as object)).filter((i) => i !== "None"),
);

/** The string literals of a file that name an intent ("price", "service:towing"). */
function intentNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(new URL(file, DIR), "utf8"), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && INTENTS.has(node.text))
      out.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} "${node.text}"`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The letters of each literal in a file, with where they stand. */
function wordsInLiterals(file: string): { word: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(new URL(file, DIR), "utf8"), ts.ScriptTarget.Latest, true);
  const out: { word: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    // Module paths are names of files, not words.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isModuleDeclaration(node)) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) text = node.text;
    else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) text = node.getText().replace(/\\[a-zA-Z]/g, " ");
    if (text !== undefined) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      // A {mark} names a site fact the packs fill in ({phone}), not a word said or read.
      for (const word of text.replace(/\{\w+\}/g, " ").match(/\p{L}{2,}/gu) ?? [])
        if (!allowed.has(word)) out.push({ word, line });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const engineFiles = readdirSync(DIR).filter(
  (f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !TRANSPORT.has(f) && !EDITOR_MESSAGES.has(f),
);

describe("the chat engine", () => {
  it("has its files", () => {
    expect(engineFiles).toEqual(expect.arrayContaining(["compose.ts", "read.ts", "entities.ts", "classifier.ts"]));
  });

  for (const file of engineFiles) {
    it(`${file} holds no word of English or Spanish in its literals`, () => {
      expect(wordsInLiterals(file).map((w) => `${file}:${w.line} "${w.word}"`)).toEqual([]);
    });
  }

  it("names no intent: the routing rules are data (data/domain.yaml)", () => {
    expect(INTENTS.size).toBeGreaterThan(40);
    expect(engineFiles.flatMap(intentNames)).toEqual([]);
  });

  it("the check finds a word where one is", () => {
    const found = ["towns", "grúa", "the"].filter((w) => !allowed.has(w));
    expect(found).toEqual(["grúa", "the"]);
  });
});
