import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * No fact about the business is written outside its folder (issue 51): Stockton's phone, street
 * address and town names appear only in business/stockton/, and no file keeps its own copy of the town
 * list. The code reads them from business.json (src/shared/business.ts), so a second business needs no
 * code change.
 */
const stockton = JSON.parse(readFileSync("business/stockton/business.json", "utf8")) as {
  phone: { display: string; e164: string };
  address: { street: string };
  towns: { name: string }[];
};
const towns = stockton.towns.map((t) => t.name);
const escapeRegExp = (s: string) => s.replace(/[()+.*?[\]\\|^$]/g, "\\$&");
const facts = [
  stockton.phone.display,
  stockton.phone.e164,
  stockton.phone.e164.slice(2).replace(/(\d{3})(\d{3})(\d{4})/, "$1-$2-$3"),
  stockton.address.street,
  ...towns,
];
const anyFact = new RegExp(`(?<![\\w-])(${facts.map(escapeRegExp).join("|")})(?![\\w-])`);

/**
 * Files that may name Stockton's facts, and why. Everything else (src/, server/, scripts/, public/,
 * the configuration, bench/) may not.
 */
const ALLOWED: [RegExp, string][] = [
  [/^business\/stockton\//, "the business's own folder"],
  // Tests check what Stockton's pages and answers say (reading business.json where they can); the fixtures
  // keep the text of Stockton's pages from before the move, and drivers' sentences for the chat's evaluation.
  [/^tests\//, "tests and their fixtures, about the default business"],
  // Benchmarks send a Stockton build requests such as drivers send (a pickup in Stockton).
  [/^bench\//, "benchmarks' sample requests"],
  // The manuals explain the site with the default business's examples.
  [/^(docs\/|README\.md$)/, "the manuals' examples"],
  // Sentences the chat's intent classifier learns from: how drivers write, places and all. The entity
  // finder reads the places themselves from business.json; these teach only the wording around them.
  [/^server\/features\/chat\/data\/(en|es)\/intents\.yaml$/, "the chat's training sentences"],
  [/^server\/features\/chat\/data\/calibration\.yaml$/, "the chat's training sentences"],
  // launch-check recognises the stand-in street this repository ships, to tell the owner to replace it.
  [/^scripts\/launch-check\.ts$/, "the stand-in detector"],
];

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => f && !/\.(png|jpg|jpeg|gif|ico|woff2?|br|gz)$/.test(f));
const read = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return ""; // deleted in the worktree
  }
};

describe("Stockton's facts live in business/stockton only", () => {
  it("no file outside the allowed ones names Stockton's phone, street address or a town", () => {
    const found = files
      .filter((f) => !ALLOWED.some(([pattern]) => pattern.test(f)))
      .flatMap((f) =>
        read(f)
          .split("\n")
          .flatMap((line, i) => {
            const hit = line.match(anyFact)?.[0];
            return hit ? [`${f}:${i + 1}: ${hit}`] : [];
          }),
      );
    expect(found).toEqual([]);
  });

  it("no file outside business/ keeps a copy of the town list (four or more of its towns on one line)", () => {
    // Allowed: the text of Stockton's built pages, kept to prove the move changed nothing, and the chat
    // evaluation's expected words of an answer ("must" name the towns the reply lists).
    const allowed = /^(business\/stockton\/|tests\/fixtures\/stockton-page-text\.json$|tests\/fixtures\/chat-eval)/;
    const copies = files
      .filter((f) => !allowed.test(f))
      .flatMap((f) =>
        read(f)
          .split("\n")
          .flatMap((line, i) => {
            const named = towns.filter((t) => new RegExp(`\\b${escapeRegExp(t)}\\b`).test(line));
            return named.length >= 4 && !isSentence(line) ? [`${f}:${i + 1}: ${named.join(", ")}`] : [];
          }),
      );
    expect(copies).toEqual([]);
  });

  it("the check would catch a fact written in code", () => {
    expect(anyFact.test(`const phone = "${stockton.phone.display}";`)).toBe(true);
    expect(anyFact.test(`towns: ["${towns[1]}"]`)).toBe(true);
    expect(anyFact.test("fromStocktonLabel(area)")).toBe(false);
  });
});

/** A driver's sentence that names several towns (a chat evaluation case) is no list of them. */
function isSentence(line: string): boolean {
  return /"(text|message|input|q)"\s*:/.test(line);
}
