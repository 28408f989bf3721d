import { describe, expect, it } from "vitest";
import { areaFrontmatterSchema, areaSlug } from "../../src/lib/area-schema";
import { fromCentre, fromCentreLabel } from "../../src/lib/areas";
import { distanceMiles } from "../../src/shared/geo";
import { site } from "../../src/shared/site";
import { readCollection, wordCount } from "../support/content";

// The build's entries carry the town's centre, which the schema adds from business.json.
const towns = readCollection("areas").map((file) => {
  const { latitude: _latitude, longitude: _longitude, ...written } = file.frontmatter as Record<string, unknown>;
  return { file, data: areaFrontmatterSchema.parse(written) };
});

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

/**
 * Each town's coordinates as its Wikipedia infobox gives them (the GNIS / Census point), found with
 * the search tool on 2026-11-23. Victor has no entry: no public source we could reach states its
 * coordinates. What the sources do say: San Joaquin County's general plan (vol. II, Lodi planning area)
 * lists Victor among the unincorporated communities of the Lodi planning area, and Caltrans detour
 * notices (Lodi News, 2021-12-14) route traffic east from SR-99 in Lodi onto Victor Road. So the test
 * below checks only that it lies where its page says (east of Lodi, short of Lockeford), and its
 * stated distance is checked like every other. Stockton is the dispatch desk itself (site.geo), the
 * point distances start from.
 */
const SOURCE_COORDINATES: Record<string, [latitude: number, longitude: number]> = {
  Lodi: [38.12889, -121.28083], // 38°7′44″N 121°16′51″W
  Manteca: [37.80278, -121.22083], // 37°48′10″N 121°13′15″W
  Tracy: [37.73806, -121.43389], // 37°44′17″N 121°26′2″W
  Lathrop: [37.81694, -121.28861], // 37°49′1″N 121°17′19″W
  "French Camp": [37.88278, -121.27972], // 37°52′58″N 121°16′47″W
  "Mountain House": [37.77389, -121.54417], // 37°46′26″N 121°32′39″W
  Acampo: [38.17194, -121.28028], // 38°10′19″N 121°16′49″W
  Lockeford: [38.1575, -121.15139], // 38°9′27″N 121°9′5″W
};

/** "about 12 miles north of downtown Stockton" and the like, wherever the page's text says it. */
const STATED_DISTANCE = /about (\d+) miles (\w+) of (?:downtown )?Stockton/i;

/** The town's own words: what a reader reads on the page apart from shared furniture and the form. */
const townText = (t: (typeof towns)[number]) =>
  [t.data.description, t.data.lead, t.file.body, fromCentreLabel(t.data)].join("\n");

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
    expect(lodi && fromCentre(lodi.data)).toMatchObject({ direction: "north" });
    expect(lodi && fromCentre(lodi.data)?.miles).toBeGreaterThanOrEqual(11);
    expect(lodi && fromCentre(lodi.data)?.miles).toBeLessThanOrEqual(14);
    const tracy = towns.find((t) => t.data.name === "Tracy");
    expect(tracy && fromCentre(tracy.data)?.direction).toBe("southwest");
    const stockton = towns.find((t) => t.data.name === "Stockton");
    expect(stockton && fromCentre(stockton.data)).toBeUndefined();
    // Every town is inside (or, for Mountain House, at the edge of) the service radius.
    for (const t of towns) expect((fromCentre(t.data)?.miles ?? 0) * 1.609, t.data.name).toBeLessThan(31);
  });

  it("lie inside the structured data's service circle: the specification's 30,000 m, around its own centre", () => {
    expect(site.serviceRadiusMeters).toBe(30000);
    const km = (from: { latitude: number; longitude: number }, t: (typeof towns)[number]) =>
      distanceMiles(from, t.data) * 1.609344;
    // Around the business's map point, Mountain House (30.2 km) would fall outside: that is why the circle moved.
    const mountainHouse = towns.find((t) => t.data.name === "Mountain House");
    expect(mountainHouse && km(site.geo, mountainHouse)).toBeGreaterThan(30);
    expect(towns).toHaveLength(site.areas.length);
    for (const t of towns) {
      expect(km(site.serviceAreaCenter, t) * 1000, t.data.name).toBeLessThanOrEqual(site.serviceRadiusMeters);
    }
    // The centre stays in the Stockton area, a few km from the business (not somewhere that fits by accident).
    expect(distanceMiles(site.geo, site.serviceAreaCenter) * 1.609344).toBeLessThan(10);
  });

  it("name only highways from the one list in src/shared/site.ts, and together name all of it", () => {
    const named = new Set(towns.flatMap((t) => t.data.highways));
    for (const h of named) expect(site.highways).toContain(h);
    expect([...named].sort()).toEqual([...site.highways].sort());
    expect(() => areaFrontmatterSchema.parse({ ...towns[0]?.file.frontmatter, highways: ["SR-999"] })).toThrow();
  });

  it("sit at the coordinates a public source gives for each town", () => {
    const at = (name: string) => towns.find((t) => t.data.name === name)?.data;
    for (const [name, [latitude, longitude]] of Object.entries(SOURCE_COORDINATES)) {
      const town = at(name);
      // 0.0015 degrees is about 0.1 mile: the same point, written with fewer decimals at most.
      expect(Math.abs((town?.latitude ?? 0) - latitude), name).toBeLessThan(0.0015);
      expect(Math.abs((town?.longitude ?? 0) - longitude), name).toBeLessThan(0.0015);
    }
    expect(at("Stockton")).toMatchObject(site.geo);
    const [victor, lodi, lockeford] = [at("Victor"), at("Lodi"), at("Lockeford")];
    expect(victor && lodi && lockeford).toBeTruthy();
    if (!victor || !lodi || !lockeford) return;
    expect(victor.longitude).toBeGreaterThan(lodi.longitude);
    expect(victor.longitude).toBeLessThan(lockeford.longitude);
    expect(victor.latitude).toBeGreaterThan(Math.min(lodi.latitude, lockeford.latitude) - 0.02);
    expect(victor.latitude).toBeLessThan(Math.max(lodi.latitude, lockeford.latitude) + 0.02);
  });

  it.each(site.areas)("%s: every distance the text states is the one its coordinates give", (name) => {
    const town = towns.find((t) => t.data.name === name);
    expect(town).toBeDefined();
    if (!town) return;
    const where = fromCentre(town.data);
    const stated = [town.data.description, town.data.lead, town.file.body].flatMap((text) =>
      [...text.matchAll(new RegExp(STATED_DISTANCE, "gi"))].map((m) => `${m[1]} miles ${m[2]?.toLowerCase()}`),
    );
    if (!where) {
      expect(stated).toEqual([]);
      return;
    }
    // The lead says it under the heading, next to the facts box that prints the computed value.
    expect(town.data.lead).toMatch(STATED_DISTANCE);
    for (const s of stated) expect(s).toBe(`${where.miles} miles ${where.direction}`);
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
