import { describe, expect, it } from "vitest";
import { areaFrontmatterSchema, areaSlug } from "../../src/lib/area-schema";
import { fromStockton, fromStocktonLabel } from "../../src/lib/areas";
import { site } from "../../src/lib/site";
import { readCollection, wordCount } from "../support/content";

const towns = readCollection("areas").map((file) => ({
  file,
  data: areaFrontmatterSchema.parse(file.frontmatter),
}));

/** Police non-emergency numbers we could confirm from the agency's or the city's own website. */
const VERIFIED_POLICE: Record<string, string> = {
  Lodi: "(209) 333-6727", // City of Lodi: "The Police Department's dispatch number is 209-333-6727"
  Manteca: "(209) 456-8101", // manteca.gov, Communications Center: non-emergency calls
  Tracy: "(209) 831-6550", // cityoftracy.org: the dispatch center's non-emergency number
  // sjsheriff.org: NON-EMERGENCY (209) 468-4400; the Sheriff patrols the unincorporated communities.
  "French Camp": "(209) 468-4400",
  Acampo: "(209) 468-4400",
  Victor: "(209) 468-4400",
  Lockeford: "(209) 468-4400",
};

/** The town's own words: what a reader reads on the page apart from shared furniture and the form. */
const townText = (t: (typeof towns)[number]) =>
  [t.data.description, t.data.lead, t.file.body, fromStocktonLabel(t.data)].join("\n");

/** Sentences, normalised, so a copy with other Markdown or spacing still counts as the same sentence. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_#>`]/g, " ")
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.toLowerCase().replace(/\s+/g, " ").trim())
    .filter((s) => s.split(" ").length >= 4);
}

describe("town pages", () => {
  it("exist for exactly the ten towns of the specification, one file each, named by the town's slug", () => {
    expect(towns.map((t) => t.data.name).sort()).toEqual([...site.areas].sort());
    for (const t of towns) expect(t.file.slug).toBe(areaSlug(t.data.name));
  });

  it.each(site.areas)("%s: 200+ words about the town itself, naming it and its highways", (name) => {
    const town = towns.find((t) => t.data.name === name);
    expect(town).toBeDefined();
    if (!town) return;
    expect(wordCount(town.file.body)).toBeGreaterThanOrEqual(200);
    expect(town.file.body.split(name).length - 1 + town.data.lead.split(name).length - 1).toBeGreaterThanOrEqual(2);
    for (const highway of town.data.highways) expect(town.file.body, highway).toContain(highway);
    expect(town.file.body).toMatch(/^## /m);
    expect(town.file.body).not.toMatch(/^# /m);
    expect(town.file.body).not.toMatch(/\$\s?\d/);
  });

  it("share no sentence with one another (the only shared sentence is the form's call to action)", () => {
    const owners = new Map<string, string[]>();
    for (const t of towns) {
      for (const s of new Set(sentencesOf(townText(t)))) owners.set(s, [...(owners.get(s) ?? []), t.data.name]);
    }
    const shared = [...owners].filter(([, names]) => names.length > 1).map(([s, names]) => `${names.join(", ")}: ${s}`);
    expect(shared).toEqual([]);
  });

  it("print a police non-emergency number only where an official source confirmed it", () => {
    for (const t of towns) {
      expect(t.data.police?.display, t.data.name).toBe(VERIFIED_POLICE[t.data.name]);
      if (t.data.police) expect(t.data.police.e164.slice(2)).toBe(t.data.police.display.replace(/\D/g, ""));
    }
  });

  it("give distance and direction from downtown Stockton computed from coordinates", () => {
    // San Joaquin County's general plan: "Lodi is located 13 miles north of downtown Stockton".
    const lodi = towns.find((t) => t.data.name === "Lodi");
    expect(lodi && fromStockton(lodi.data)).toMatchObject({ direction: "north" });
    expect(lodi && fromStockton(lodi.data)?.miles).toBeGreaterThanOrEqual(11);
    expect(lodi && fromStockton(lodi.data)?.miles).toBeLessThanOrEqual(14);
    const tracy = towns.find((t) => t.data.name === "Tracy");
    expect(tracy && fromStockton(tracy.data)?.direction).toBe("southwest");
    const stockton = towns.find((t) => t.data.name === "Stockton");
    expect(stockton && fromStockton(stockton.data)).toBeUndefined();
    // Every town is inside (or, for Mountain House, at the edge of) the 30 km service radius.
    for (const t of towns) expect((fromStockton(t.data)?.miles ?? 0) * 1.609, t.data.name).toBeLessThan(31);
  });

  it("the frontmatter schema rejects an invented highway name and an unknown town", () => {
    const good = towns[0]?.file.frontmatter ?? {};
    expect(areaFrontmatterSchema.safeParse({ ...good, highways: ["Main Street"] }).success).toBe(false);
    expect(areaFrontmatterSchema.safeParse({ ...good, name: "Modesto" }).success).toBe(false);
  });
});

describe("the numbers for the closing note", () => {
  it("prints each town page's word count and shared-sentence count", () => {
    const all = towns.map((t) => ({ name: t.data.name, sentences: new Set(sentencesOf(townText(t))) }));
    for (const t of towns) {
      const mine = all.find((a) => a.name === t.data.name)?.sentences ?? new Set<string>();
      const shared = [...mine].filter((s) => all.some((o) => o.name !== t.data.name && o.sentences.has(s))).length;
      console.log(`${t.data.name}: ${wordCount(`${t.data.lead}\n${t.file.body}`)} words, ${shared} shared sentences`);
      expect(shared).toBe(0);
    }
  });
});
