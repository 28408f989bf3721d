import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createAssistant, replies } from "../../server/chat/assistant";
import { CONTENT_DIR } from "../../server/chat/content-files";
import { buildKnowledge, facts } from "../../server/chat/knowledge";

interface EvalCase {
  q: string;
  must: string[];
  mustNot?: string[];
}

const cases: EvalCase[] = JSON.parse(readFileSync(new URL("../fixtures/chat-eval.json", import.meta.url), "utf8"));
const assistant = createAssistant();

/** Facts every reply must never contain: things the site does not state. */
const NEVER = [/\$\s?\d/, /\b\d+\s?(min|minutes)\b/i];

describe("the built-in assistant, on the evaluation set", () => {
  it(`answers at least 90% of ${cases.length} driver questions with the facts they need`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const wrong: string[] = [];
    for (const c of cases) {
      const answer = assistant.reply(c.q);
      const missing = c.must.filter((m) => !answer.includes(m));
      const forbidden = (c.mustNot ?? []).filter((m) => answer.includes(m));
      const invented = NEVER.filter((re) => re.test(answer)).map(String);
      if (missing.length || forbidden.length || invented.length) {
        wrong.push(
          `${c.q}\n    missing ${JSON.stringify(missing)} forbidden ${JSON.stringify([...forbidden, ...invented])}\n    got: ${answer}`,
        );
      }
    }
    const share = (cases.length - wrong.length) / cases.length;
    console.log(
      `chat evaluation: ${cases.length - wrong.length}/${cases.length} answered right (${(share * 100).toFixed(1)}%)`,
    );
    if (wrong.length) console.log(`wrong:\n  ${wrong.join("\n  ")}`);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});

describe("the assistant's rules", () => {
  it("tells anyone describing an injury or danger to call 911 first", () => {
    for (const q of ["my friend is bleeding", "the car is on fire", "I'm trapped in the car", "someone is injured"]) {
      expect(assistant.reply(q)).toContain("call 911 first");
    }
  });

  it("never gives a price or an arrival time", () => {
    expect(assistant.reply("how much for a tow from Lodi to Stockton?")).toBe(replies.price);
    expect(assistant.reply("how soon can you be here")).toBe(replies.eta);
  });

  it("says honestly when it does not know, pointing to the phone and the form", () => {
    const answer = assistant.reply("what's the capital of France?");
    expect(answer).toBe(replies.unknown);
    expect(answer).toContain("(209) 555-0142");
    expect(answer).toContain("/contact");
  });
});

describe("the knowledge it answers from", () => {
  it("every curated fact stands, word for word, in the page it comes from", () => {
    for (const fact of facts) {
      if (!fact.source) continue;
      const page = readFileSync(`${CONTENT_DIR}${fact.source.file}`, "utf8");
      expect(page, `${fact.id} in ${fact.source.file}`).toContain(fact.source.phrase);
      expect(fact.answer, fact.id).toContain(fact.source.phrase.replace(/^the /, ""));
    }
  });

  it("is built from every service page and every article", () => {
    const docs = buildKnowledge();
    expect(docs.filter((d) => d.kind === "service")).toHaveLength(10);
    const articles = new Set(docs.filter((d) => d.kind === "article" && d.url.startsWith("/blog/")).map((d) => d.url));
    const files = readdirSync(`${CONTENT_DIR}blog`).filter((f) => f.endsWith(".md"));
    expect(articles.size).toBe(files.length);
    for (const d of docs) expect(d.url.startsWith("/")).toBe(true);
  });

  it("links a town a driver names to its own page", () => {
    expect(assistant.reply("Do you cover Mountain House?")).toContain("/areas/mountain-house");
    expect(assistant.reply("Can you tow in Lodi?")).toContain("/areas/lodi");
  });

  it("includes the accident guide, and sends a driver asking about a crash to it", () => {
    expect(buildKnowledge().some((d) => d.url === "/guides/after-an-accident")).toBe(true);
    expect(
      assistant.reply("What information do I have to exchange with the other driver after an accident?"),
    ).toContain("/guides/after-an-accident");
  });
});
