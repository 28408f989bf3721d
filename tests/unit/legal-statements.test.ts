import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { facts } from "../../server/chat/knowledge";
import { site } from "../../src/lib/site";
import { builtKnowledge, contentOf, readCollection } from "../support/content";

/**
 * Every legal statement the site makes, checked against the California Vehicle Code, with a test
 * that fails if the old, wrong wording comes back. Sections checked: 22650 and 22651(d) (removal from
 * a street is for the police or parking enforcement), 22658(a)(1)-(4) and (b) (private property; the tow operator's notice to the owner), 16025 and
 * 20002 (exchanging information), 22852 (post-storage hearing), 22850.3 (release on proof of
 * registration), 16000 (report to the DMV).
 */
const content = (folder: string, slug: string) => contentOf(`${folder}/${slug}.md`);
const driveway = content("services", "blocked-driveway");
const towedArticle = content("blog", "car-towed-without-warning-california");
const guide = content("guides", "after-an-accident");
const fact = (id: string) => facts.find((f) => f.id === id)?.answer ?? "";
const sentences = (text: string) => text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim());

describe("blocked driveway on a city street (CVC 22650, 22651(d))", () => {
  it("keeps the specification's fact: the police ticket the car before it is towed", () => {
    expect(driveway).toContain("ticketed by the police before it is towed");
    expect(towedArticle).toContain("ticketed by the police before it is towed");
    expect(fact("blocked-driveway")).toContain("ticketed by the police");
  });

  it("says the police or parking enforcement arrange the tow, on the page, in the article and in the assistant", () => {
    for (const text of [driveway, towedArticle, fact("blocked-driveway")]) {
      expect(text).toMatch(/police or parking enforcement who ticket it and arrange the tow/);
    }
  });

  it("never says that we (or the resident) tow the car from the street once it is ticketed", () => {
    for (const text of [driveway, towedArticle, fact("blocked-driveway")]) {
      expect(text).not.toMatch(
        /we can remove the car|the tow can go ahead|then we can tow it|we help once a tow is authorized/i,
      );
    }
  });

  it("tells a resident what they can do: the police non-emergency line, never moving the car", () => {
    expect(driveway).toMatch(/call to your city's police non-emergency line/);
    expect(driveway).toMatch(/Never try to push or move the vehicle yourself/);
  });
});

describe("private-property tows (CVC 22658(a))", () => {
  const texts = { page: driveway, article: towedArticle, assistant: fact("private-property") };

  it("a posted sign allows removal without further notice (22658(a)(1))", () => {
    expect(driveway).toMatch(/17 by 22 inches/);
    expect(towedArticle).toMatch(/17 by 22 inches[\s\S]*without any further notice/);
    expect(fact("private-property")).toMatch(/sign posted at every entrance can have a car towed without warning/);
  });

  it("without signs: a notice of parking violation and 96 hours (22658(a)(2))", () => {
    for (const [where, text] of Object.entries(texts)) {
      expect(text, where).toMatch(/notice of parking violation/);
      expect(text, where).toMatch(/96 hours/);
    }
  });

  it("the 24-hour period belongs only to a vehicle missing major parts, after the police are told (22658(a)(3))", () => {
    for (const [where, text] of Object.entries(texts)) {
      const withTwentyFour = sentences(text).filter((s) => /24 hours/.test(s));
      expect(withTwentyFour.length, where).toBeGreaterThan(0);
      // The one other 24-hour rule on these pages is storage (Civil Code 3068.1), and it names its section.
      for (const s of withTwentyFour.filter((s) => !/3068\.1/.test(s))) {
        expect(s, where).toMatch(/major parts|lacks an engine/);
      }
    }
  });

  it("a single-family home's own lot needs neither sign nor waiting period (22658(a)(4))", () => {
    for (const [where, text] of Object.entries(texts)) expect(text, where).toMatch(/single-family/);
  });

  it("the tow operator's written notice to the registered owner: what it holds, and only when the owner can be found (22658(b))", () => {
    expect(driveway).toMatch(
      /tow operator must then give the registered owner written notice of the removal, the reason for it and where the vehicle was taken/,
    );
    expect(towedArticle).toMatch(
      /tow operator must also send the registered owner a written notice of the removal, the reason for it and where the car was taken, whenever the owner's name and address can be found/,
    );
  });

  it("no deadline for telling the police that 22658 does not state (the 'within an hour' claim could not be found in its text)", () => {
    for (const [where, text] of Object.entries(texts)) {
      expect(text, where).not.toMatch(/within (an|one) hour/i);
    }
  });

  it("the old '24 hours after notice' rule never comes back", () => {
    for (const [where, text] of Object.entries(texts)) {
      expect(text, where).not.toMatch(
        /at least 24 hours after notice|\*\*24 hours\*\* notice period|usually a \*24 hours\* notice/,
      );
    }
  });
});

describe("safety advice", () => {
  it("car-to-car towing no longer suggests pushing a car from the travel lane", () => {
    const text = content("blog", "car-to-car-towing");
    expect(text).not.toMatch(/from the travel lane to the shoulder/);
    expect(text).not.toMatch(/push slowly from the back/);
    expect(text).toMatch(/Do not try to push a car out of a travel lane/);
    expect(text).toMatch(/never stand between your car and moving traffic/);
  });
});

describe("after an accident (CVC 16025, 20002, 16000, 22651, 22852, 22850.3)", () => {
  it("lists what 16025 requires drivers to exchange", () => {
    for (const item of [
      "name and current home address",
      "driver's license number",
      "vehicle identification number",
      "home address of the registered owner",
      "policy number",
    ]) {
      expect(guide).toContain(item);
    }
  });

  it("says what 20002 requires after hitting unattended property: find the owner or leave a note, then tell the police", () => {
    expect(guide).toMatch(/leave a written note in plain view/);
    expect(guide).toMatch(/tell the city police \(or, outside city limits, the CHP\)/);
  });

  it("separates a police-ordered tow from one the driver chooses, and gives the 10-day hearing window", () => {
    expect(guide).toMatch(/Police-ordered tow/);
    expect(guide).toMatch(/A tow you choose/);
    expect(guide).toMatch(/within 10 days of that notice \(section 22852\)/);
  });

  it("keeps the specification's fact: the owner of the towed vehicle pays", () => {
    expect(guide).toMatch(/The owner of the towed vehicle pays/);
  });
});

describe("consistency", () => {
  it("the junk-car title rule is worded the same way wherever it appears", () => {
    const rule = "Junk car removal needs a valid title for the vehicle, in the name of the person releasing it";
    expect(content("services", "junk-car-removal")).toContain(rule);
    expect(content("blog", "car-towing-meaning")).toContain(rule);
  });

  it("the site description no longer claims all of San Joaquin County (the radius is 30 km)", () => {
    expect(site.description).not.toMatch(/San Joaquin County/);
  });
});

describe("one referral voice and no promises a referral service cannot keep", () => {
  const everything = [
    ...builtKnowledge().pages.map((p) => [p.file, contentOf(p.file)] as const),
    ...["service-cards.json", "service-overview.json"].map(
      (f) => [f, readFileSync(new URL(`../../src/content/${f}`, import.meta.url), "utf8")] as const,
    ),
    // What the assistant says in its own words, not only what it quotes from the pages.
    ["assistant", readFileSync(new URL("../../server/chat/answers.ts", import.meta.url), "utf8")] as const,
  ];

  it.each([
    /\bour (tow )?(truck|trucks|driver|drivers|flatbed|flatbeds)\b/i,
    /how we do every bike/i,
    /dispatched right away/i,
    /on its way day or night/i,
    /light and medium-duty/i,
    /insurer's claim/i,
    /honestly whether it can be driven/i,
    /\bwe (tow|load|winch|haul) /i,
    /\b(we|dispatchers?) (can )?send (a|the right) truck\b/i,
    /\bwe (come to you|handle on the spot)\b/i,
  ])("nothing says %s", (pattern) => {
    for (const [where, text] of everything) expect(text, where).not.toMatch(pattern);
  });

  it("the about page and every service page describe partner operators", () => {
    expect(readFileSync(new URL("../../src/pages/about.astro", import.meta.url), "utf8")).toMatch(/referral/);
    for (const page of readCollection("servicePages")) {
      expect(`${page.frontmatter.lead} ${page.body}`, page.slug).toMatch(/partner (tow )?operator/);
    }
  });

  it("testimonials are marked as samples in the content, and the home page says so", () => {
    const testimonials = JSON.parse(
      readFileSync(new URL("../../src/content/testimonials.json", import.meta.url), "utf8"),
    ) as { sample: boolean }[];
    expect(testimonials).toHaveLength(7);
    for (const t of testimonials) expect(typeof t.sample).toBe("boolean");
    const home = readFileSync(new URL("../../src/pages/index.astro", import.meta.url), "utf8");
    expect(home).toMatch(/Sample testimonials/);
    const carousel = readFileSync(
      new URL("../../src/components/home/TestimonialsCarousel.tsx", import.meta.url),
      "utf8",
    );
    expect(carousel).not.toMatch(/Real words|verified/i);
  });
});
