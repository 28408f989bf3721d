import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import { facts } from "../../server/features/chat/knowledge";
import { ui } from "../../src/i18n/ui";
import { site } from "../../src/shared/site";
import { builtDist, builtKnowledge, contentOf, readCollection } from "../support/content";
import { homeAsServed } from "../support/home-shell";

/**
 * Every legal statement the site makes, checked against the California Vehicle Code, with a test
 * that fails if the old, wrong wording comes back. Sections checked: 22650 and 22651(d) (removal from
 * a street is for the police or parking enforcement), 22658(a)(1)-(4) and (b) (private property; the tow operator's notice to the owner), 16025 and
 * 20002 (exchanging information), 22852 (post-storage hearing), 22850.3 (release on proof of
 * registration), 16000(a) (report to the DMV over $1,000), 20001(a), 20003, 20008(a) (an injury crash:
 * stop, identify, report within 24 hours), 22406 (55 mph towing), 22513(a)(2)(A) (what a summoned
 * operator holds in writing), Civil Code 3068.1 (one day's storage within 24 hours), 22953 and 22952
 * (no tow within 1 hour on a free lot, 24 hours after paid time), 22658(l) (written authorization),
 * 22651(k) (72 hours, where a local ordinance allows it), 5900 (5 days, REG 138). The served pages
 * are read for the same statements in tests/e2e/safety-and-law.spec.ts.
 */
const content = (folder: string, slug: string) => contentOf(`${folder}/${slug}.md`);
const driveway = content("services", "blocked-driveway");
const towedArticle = content("blog", "car-towed-without-warning-california");
const guide = content("guides", "after-an-accident");
const fact = (id: string) => facts.find((f) => f.id === id)?.answer ?? "";
const sentences = (text: string) => text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim());

describe("blocked driveway on a city street (CVC 22650, 22651(d))", () => {
  it("the assistant says who may remove the car (22651(d)), never that it must be ticketed first (issue 36)", () => {
    expect(fact("blocked-driveway")).toMatch(
      /only the police or parking enforcement may remove a car blocking your driveway[^.]*they usually ticket it and can have it towed/,
    );
    expect(fact("blocked-driveway")).toContain("22651(d)");
    expect(fact("blocked-driveway")).not.toMatch(/must be ticketed/);
  });

  // No statute makes a ticket a condition of the tow: 22651(d) lets the officer remove the car. (The
  // assistant's wording is corrected with the chat, server/chat, and tested there.)
  it("says only the police or parking enforcement may remove it; they usually cite it; no ticket is required first", () => {
    for (const text of [driveway, towedArticle, content("areas", "stockton")]) {
      expect(text).toMatch(
        /only (the police or parking enforcement|\*\*the police or parking enforcement\*\*) may remove/i,
      );
      expect(text).toMatch(/usually cite/);
      expect(text).not.toMatch(/ticketed by the police before|must be ticketed|has to be ticketed/);
    }
    expect(driveway).toMatch(
      /section 22651\(d\) lets them have it towed when moving it elsewhere on the street is impractical/,
    );
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

  // A threat to a person is an emergency: 911, not the non-emergency line (issue 48; the site's "911
  // first" rule, docs/content-and-spanish.md). In the FAQ and in "Before you call".
  it("if anyone threatens you: step away and call 911, in the FAQ and the page's text", () => {
    expect(driveway.split("If anyone threatens you, step away and call 911.").length - 1).toBe(2);
    for (const [file, text] of builtKnowledge().pages.map((p) => [p.file, contentOf(p.file)] as const)) {
      for (const s of sentences(text).filter((s) => /\bthreat(en|ens|ened)?\b/i.test(s)))
        expect(s, file).toMatch(/\b911\b/);
    }
  });
});

describe("limits on private-property tows (CVC 22953, 22952, 22658(l)) and the sign's contents (22658(a)(1))", () => {
  it("free lots: not within 1 hour, except hydrant, fire lane, entrance or exit, disabled space; paid lots: 24 hours; written authorization", () => {
    for (const text of [driveway, towedArticle]) {
      expect(text).toMatch(
        /free public parking may not tow a car within \**1 hour\** of its being parked, unless it is within 15 feet of a fire hydrant, in a fire lane, blocking an entrance or exit, or in a disabled space \(section 22953\)/,
      );
      expect(text).toMatch(/paid lot must wait \**24 hours\** after the paid time ends \(section 22952\)/);
      expect(text).toMatch(
        /authorize the tow in writing and, as a rule, be present when it happens \(section 22658\(l\)\)/,
      );
      expect(text).toMatch(/the name and phone number of each towing company/);
    }
  });

  it("the 72-hour street tow applies where a local ordinance allows it (22651(k))", () => {
    expect(towedArticle).toMatch(
      /Where a city or county ordinance allows it, a vehicle left parked on a public street for 72 hours or more[^.]*section 22651\(k\)/,
    );
    expect(content("services", "junk-car-removal")).toMatch(
      /where a local ordinance allows it, a vehicle left in one spot for \*\*72 hours\*\* or more[^.]*section 22651\(k\)/,
    );
    expect(towedArticle).not.toMatch(/treated as abandoned after 72 hours/);
  });

  // Source: California Vehicle Code 22651(k) lets an officer remove a vehicle "parked or left standing
  // upon a highway for 72 or more consecutive hours in violation of a local ordinance authorizing
  // removal": the state law acts only through a city's or county's ordinance. Checked with LegalClarity,
  // "The 72-Hour Parking Rule in California" (https://legalclarity.org/the-72-hour-parking-rule-in-california),
  // and city codes that cite it (Eureka § 90.31, codelibrary.amlegal.com/codes/eureka). Issue 48.
  it("every page that gives the 72-hour rule says it applies where a local ordinance allows it, and cites 22651(k)", () => {
    const stated = builtKnowledge()
      .pages.flatMap((p) => sentences(contentOf(p.file)).map((s) => [p.file, s] as const))
      .filter(([, s]) => /\b72 hours\b|\*\*72 hours\*\*/.test(s));
    expect(stated.map(([file]) => file)).toContain("blog/cheap-short-distance-towing.md");
    for (const [file, s] of stated) {
      expect(s, file).toMatch(/where (a|the) (local|city or county) ordinance allows it/i);
      expect(s, file).toMatch(/22651\(k\)/);
      expect(s, file).not.toMatch(/treated as abandoned/);
    }
    expect(content("blog", "cheap-short-distance-towing")).toContain(
      "Where a local ordinance allows it, a car left parked on a public street for **72 hours** or more can be towed at the owner's expense (California Vehicle Code section 22651(k))",
    );
  });

  it("junk car: 5 calendar days to tell the DMV on REG 138 (5900); a lost title through REG 227", () => {
    const junk = content("services", "junk-car-removal");
    expect(junk).toMatch(
      /Within 5 calendar days[^"]*\(REG 138\) on paper or online\. California Vehicle Code section 5900 sets that deadline/,
    );
    expect(junk).toMatch(
      /\*\*5 calendar days\*\* to tell the DMV, with a Notice of Transfer and Release of Liability \(REG 138\)[^.]*section 5900/,
    );
    expect(junk).toMatch(/Application for Duplicate Title \(REG 227\)/);
  });
});

describe("private-property tows (CVC 22658(a))", () => {
  const texts = { page: driveway, article: towedArticle, assistant: fact("private-property") };

  it("a posted sign allows removal without further notice (22658(a)(1))", () => {
    expect(driveway).toMatch(/17 by 22 inches/);
    expect(towedArticle).toMatch(/17 by 22 inches[\s\S]*without any further notice/);
    expect(fact("private-property")).toMatch(/sign posted at every entrance can have a car towed without warning/);
    // Asked how big the sign must be, the assistant gives the law's size, in both languages.
    expect(fact("private-property-sign")).toMatch(/plain view at every entrance, at least 17 by 22 inches/);
    const assistant = createAssistant(builtKnowledge());
    expect(assistant.reply("how big does the tow away sign have to be at an apartment lot?")).toContain(
      "at least 17 by 22 inches",
    );
    expect(
      assistant.reply("de que tamaño tiene que ser el letrero del estacionamiento para que me remolquen?"),
    ).toContain("por lo menos 17 por 22 pulgadas");
  });

  it("a single-family home's own driveway: no sign, no wait, and the tow operator's written notice (22658(a)(4), (b))", () => {
    expect(driveway).toMatch(
      /single-family home's own driveway or lot\*\* needs neither a posted sign nor a waiting period/,
    );
    expect(fact("home-driveway")).toMatch(/needs no posted sign and no waiting period \(Vehicle Code section 22658\)/);
    expect(fact("home-driveway")).toContain("give the registered owner written notice of the removal");
    const assistant = createAssistant(builtKnowledge());
    const spanish = assistant.reply(
      "un desconocido dejo su carro en mi driveway, es mi casa sola, lo puedo mandar remolcar?",
    );
    expect(spanish).toContain("no necesita letrero ni espera (sección 22658");
    expect(spanish).toContain("avisar por escrito al dueño registrado");
    // An apartment lot is not a home's own driveway: the whole rule, signs and 96 hours.
    expect(
      assistant.reply("a car is parked in my spot in my apartment complex lot for days, can the manager tow it?"),
    ).toContain("96 hours");
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
      // The other 24-hour rules on these pages, storage (Civil Code 3068.1) and a paid lot's wait
      // (22952), name their sections.
      for (const s of withTwentyFour.filter((s) => !/3068\.1|22952/.test(s))) {
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
    expect(ui.en.home.description).not.toMatch(/San Joaquin County/);
  });
});

/** A built page as a visitor gets it: the home pages with the carousel the server fills in. */
const served = (file: string) =>
  file === "index.html"
    ? homeAsServed(builtDist, "en")
    : file === "es.html"
      ? homeAsServed(builtDist, "es")
      : readFileSync(path.join(builtDist, file), "utf8");

/** A built page's words as a visitor reads them: the HTML without its tags, scripts and styles. */
const pageText = (file: string) =>
  served(file)
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("one referral voice and no promises a referral service cannot keep", () => {
  const assistant = createAssistant(builtKnowledge());
  const questions = ["chat-eval-dev.json", "chat-eval-test.json", "chat-eval-es-dev.json", "chat-eval-es-test.json"]
    .flatMap((file) => JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8")))
    .map((c: { q: string; lang?: "en" | "es" }) => c);
  const everything = [
    ...builtKnowledge().pages.map((p) => [p.file, contentOf(p.file)] as const),
    // The cards of the home page and /services, as served.
    ["/", pageText("index.html")] as const,
    ["/services", pageText("services.html")] as const,
    // What the assistant says in its own words, not only what it quotes from the pages.
    ...questions.map(({ q, lang }) => [`assistant: ${q}`, assistant.reply(q, lang)] as const),
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
    // Issue 48: "our dispatchers will confirm details and the type of truck being sent".
    /\btruck (being|is being|we) sen[dt]\b/i,
    /\b(we|our dispatchers?) (will )?(send|dispatch)(es)? (you )?(a|the|our)\b/i,
    // The same in the assistant's Spanish: no trucks or drivers of our own, nothing "on its way".
    /\bnuestr[ao]s? (gr[uú]as?|choferes|conductores|camiones|operadores)\b/i,
    /\b(le )?(mandamos|enviamos) (una|la|un) (gr[uú]a|cami[oó]n)\b/i,
    /\b(va|van|vamos) en camino\b/i,
    /\bnosotros (remolcamos|llevamos|cargamos|abrimos)\b/i,
  ])("nothing says %s", (pattern) => {
    for (const [where, text] of everything) expect(text, where).not.toMatch(pattern);
  });

  it("the about page and every service page describe partner operators", () => {
    expect(pageText("about.html")).toMatch(/referral/);
    // Said plainly, as the Spanish page says it (issue 48).
    expect(pageText("about.html")).toContain(
      "We are not a towing company: we are a local referral towing service that puts you in touch with local tow operators.",
    );
    for (const page of readCollection("servicePages")) {
      expect(`${page.frontmatter.lead} ${page.body}`, page.slug).toMatch(/partner (tow )?operator/);
    }
  });

  it("the single-tow article says who tows: a partner operator the dispatchers find, not the business", () => {
    const article = content("blog", "single-tow-explained");
    expect(article).toContain("We are a referral service, not a towing company");
    expect(article).toContain("find a partner tow operator with the right truck, and that operator does the tow");
  });

  // The safety advice: on a freeway, stay buckled in the car or behind a barrier, never beside traffic
  // (services/flat-tire, services/towing). A sample must not praise a roadside tire change in traffic
  // (issue 48: "Flat tire on I-205 during rush hour … waited until I merged back into traffic").
  it("no sample testimonial describes roadside work beside freeway traffic, in either language", () => {
    const read = (file: string) =>
      JSON.parse(readFileSync(new URL(`../../business/stockton/content/${file}`, import.meta.url), "utf8")) as {
        text: string;
      }[];
    for (const t of [...read("testimonials.json"), ...read("es/testimonials.json")]) {
      expect(t.text).not.toMatch(/rush hour|hora pico|merged back|me incorporé/i);
      if (/\b(I|SR)-\d+\b/.test(t.text)) expect(t.text).not.toMatch(/\b(tire|llanta)\b/i);
    }
  });

  it("testimonials are marked as samples in the content, and the home page says so", () => {
    const testimonials = JSON.parse(
      readFileSync(new URL("../../business/stockton/content/testimonials.json", import.meta.url), "utf8"),
    ) as { sample: boolean }[];
    expect(testimonials).toHaveLength(7);
    for (const t of testimonials) expect(typeof t.sample).toBe("boolean");
    const home = pageText("index.html");
    expect(home).toMatch(/Sample testimonials/);
    expect(home).not.toMatch(/Real words|verified/i);
  });
});

describe("911 first, in the assistant's English and Spanish", () => {
  const assistant = createAssistant(builtKnowledge());
  const phone = site.phone.display;

  it.each([
    ["English", "my daughter is locked in the car"],
    ["English", "my dog is stuck inside my car"],
    ["English", "someone is hurt, we crashed on 99"],
    ["English", "my car died in the fast lane of I-5"],
    ["English", "there is smoke coming from the hood"],
    ["Spanish", "mi perro está encerrado en el carro"],
    ["Spanish", "mi hijo se quedó adentro del carro"],
    ["Spanish", "tuve un choque y alguien está herido"],
    ["Spanish", "mi carro se quedó en un carril de la autopista"],
    ["Spanish", "sale humo del motor"],
  ])("%s: %s -> 911 before our number", (_language, question) => {
    const reply = assistant.reply(question);
    expect(reply).toMatch(/\b911\b/);
    const ours = reply.indexOf(phone);
    if (ours >= 0) expect(reply.indexOf("911")).toBeLessThan(ours);
  });

  it("a child or a pet locked in a car is a 911 call on its own, not only when the car is hot (both languages)", () => {
    const en = assistant.reply("my son is locked in the car");
    expect(en).toMatch(/^Call 911 now\./);
    expect(en).toMatch(/emergency on its own, whatever the weather/);
    expect(en).not.toMatch(/if the car is hot|in distress/);
    const es = assistant.reply("mi perro está encerrado en el carro");
    expect(es).toMatch(/Llame al 911 ahora/);
    expect(es).toMatch(/es por sí solo una emergencia, con frío o con calor/);
    expect(es).not.toMatch(/carro caliente es una emergencia/);
  });
});

describe("the law's numbers, as the pages and the assistant state them", () => {
  const assistant = createAssistant(builtKnowledge());

  it("DMV report: more than $1,000 (CVC 16000(a)), in the guide and in the assistant's answer", () => {
    expect(guide).toMatch(/Under section 16000\(a\)[^.]*more than \$1,000 of damage to the property of any one person/);
    expect(guide).not.toMatch(/\$750/);
    const reply = assistant.reply("what do I need to report to the DMV after an accident");
    expect(reply).toMatch(/more than \$1,000/);
    expect(reply).not.toMatch(/\$750/);
    for (const q of ["tengo que reportar el choque al DMV?", "tengo que reportar al dmv un choque chiquito?"]) {
      const spanish = assistant.reply(q);
      expect(spanish, q).toMatch(/sección 16000\(a\)[^.]*más de \$1,000 de daños a la propiedad de una sola persona/);
      expect(spanish, q).toMatch(/dentro de 10 días/);
      expect(spanish, q).not.toMatch(/\$750/);
    }
  });

  it("after a crash, in Spanish: what 16025 has drivers exchange, and 20002's note on a parked car", () => {
    const exchange = assistant.reply("que datos le tengo que dar al otro conductor despues del accidente");
    expect(exchange).toMatch(/sección 16025/);
    for (const item of ["número de licencia", "(VIN)", "dueño registrado", "número de póliza"]) {
      expect(exchange).toContain(item);
    }
    const parked = assistant.reply("le pegué a un carro estacionado y no está el dueño");
    expect(parked).toMatch(/sección 20002[^.]*nota por escrito, a la vista/);
  });

  it("the guide states 20001(a), 20003 and 20008(a), and who handles crashes on county roads", () => {
    expect(guide).toMatch(/Section 20001\(a\) requires the driver[^.]*to stop at the scene at once/);
    expect(guide).toMatch(/Section 20003 requires that driver to give their name/);
    // Source: CVC 20003(a): "…shall also give his or her name, current residence address, the names and
    // current residence addresses of any occupant of the driver's vehicle injured in the accident, the
    // registration number of the vehicle he or she is driving, and the name and current residence address
    // of the owner to the person struck or the driver or occupants of any vehicle collided with, and shall
    // give the information to any traffic or police officer at the scene", quoted by Maison Law,
    // "Section 20003 – Exchange of Information Duty After a California Accident"
    // (https://maisonlaw.com/safety-laws/section-20003). Issue 48: the injured occupants were missing.
    expect(guide).toContain(
      "Section 20003 requires that driver to give their name and current home address, the names and current home addresses of any occupant of their vehicle injured in the crash, the registration number of the vehicle they are driving, and the owner's name and current home address to the person struck or to the driver or occupants of any vehicle collided with, and to any officer at the scene (section 20003(a))",
    );
    expect(guide).toMatch(
      /Section 20008\(a\) requires the driver to make a written report of an injury crash within 24 hours/,
    );
    expect(guide).toMatch(/Acampo, Victor and Lockeford, the CHP handles collisions/);
  });

  it("towing at 55 mph (CVC 22406) wherever a speed for towing is given", () => {
    for (const slug of ["towing-packages-explained", "towing-in-car", "dolly-tow-explained", "car-to-car-towing"]) {
      expect(content("blog", slug), slug).toMatch(/section 22406 (sets|caps)[^.]*55 mph/);
    }
  });

  it("one day's storage for a car released within 24 hours (Civil Code 3068.1)", () => {
    for (const text of [guide, towedArticle])
      expect(text).toMatch(/3068\.1 allows the yard to charge no more than one day's storage/);
  });

  it("what to ask an arriving operator for (CVC 22513(a)(2)(A)), on the page and from the assistant", () => {
    const page = content("services", "roadside-assistance");
    expect(page).toMatch(/your name, your phone number and your car's make, model, year and plate/);
    expect(page).not.toMatch(/identifies themselves/);
    const reply = assistant.reply("how do I know the tow truck driver was sent by you");
    expect(reply).toMatch(/section 22513/);
    expect(reply).toMatch(/make, model, year and plate/);
    const spanish = assistant.reply("¿cómo sé que la grúa que llegó la mandaron ustedes?");
    expect(spanish).toMatch(/sección 22513/);
    expect(spanish).toMatch(/marca, modelo, año y placas/);
  });

  it("private-property tows, in Spanish: the sign, 96 hours, 24 hours only for missing parts, the single-family home", () => {
    const reply = assistant.reply("el manager de los apartamentos puede remolcar mi carro sin avisar?");
    expect(reply).toMatch(/letrero correcto en cada entrada/);
    expect(reply).toMatch(/aviso de infracción de estacionamiento y esperar \*96 horas\*/);
    expect(reply).toMatch(/faltan partes importantes[^.;]*24 horas después de avisar a la policía/);
    expect(reply).toMatch(/casa unifamiliar/);
  });
});

/**
 * The Spanish pages (src/content/{folder}/es, served under /es/) make the same legal and safety statements as
 * the English ones: the same sections, amounts and deadlines, 911 first. Read from the built pages.
 */
describe("the Spanish pages say exactly what the English pages say", () => {
  /** The main text of a built page. */
  const mainOf = (file: string) => {
    const html = served(file);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    return pageText_(main);
  };
  const pageText_ = (html: string) =>
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");
  /** Every number a legal statement rests on: sections with their subdivisions, dollar amounts, hours, days, inches, 911. */
  const legalNumbers = (text: string) =>
    [
      ...[...text.matchAll(/\b(?:section|sección|secciones|sections)\s+(\d{4,5}(?:\.\d+)?(?:\([a-z0-9]+\))*)/gi)].map(
        (m) => `§${m[1]}`,
      ),
      ...[...text.matchAll(/\((?:section|sección) (\d{4,5}(?:\.\d+)?(?:\([a-z0-9]+\))*)\)/gi)].map((m) => `§${m[1]}`),
      ...[...text.matchAll(/\$[\d,]+/g)].map((m) => m[0]),
      ...[...text.matchAll(/\b(\d+) (?:hours|horas)\b/gi)].map((m) => `${m[1]}h`),
      ...[...text.matchAll(/\b(\d+) (?:calendar )?(?:days|días)\b/gi)].map((m) => `${m[1]}d`),
      ...[...text.matchAll(/\b(\d+) (?:by|por) (\d+) (?:inches|pulgadas)\b/gi)].map((m) => `${m[1]}x${m[2]}in`),
      ...[...text.matchAll(/\b911\b/g)].map(() => "911"),
    ].sort();
  const unique = (list: string[]) => [...new Set(list)].sort();

  const pages = [
    ...readCollection("servicePages").map((p) => `services/${p.slug}.html`),
    ...readCollection("areas").map((p) => `areas/${p.slug}.html`),
    "guides/after-an-accident.html",
    "contact/sent.html",
    "chat.html",
    "about.html",
  ];

  it.each(pages)("%s: the same sections, amounts, deadlines and 911 as the English page", (file) => {
    const english = mainOf(file);
    const spanish = mainOf(`es/${file}`);
    expect(unique(legalNumbers(spanish))).toEqual(unique(legalNumbers(english)));
    // 911 as often as in English, give or take a sentence joined or split in translation.
    const count = (text: string) => legalNumbers(text).filter((n) => n === "911").length;
    expect(count(spanish)).toBeGreaterThanOrEqual(Math.max(1, count(english) - 1) * Number(count(english) > 0));
  });

  it("the check sees a changed deadline: 72 hours instead of 96 is a difference", () => {
    const spanish = mainOf("es/services/blocked-driveway.html");
    expect(unique(legalNumbers(spanish.replace("96 horas", "72 horas")))).not.toEqual(
      unique(legalNumbers(mainOf("services/blocked-driveway.html"))),
    );
  });

  const drivewayEs = mainOf("es/services/blocked-driveway.html");
  const guideEs = mainOf("es/guides/after-an-accident.html");

  it("blocked driveway on a street: only the police or parking enforcement remove the car; they usually cite it (22650, 22651(d))", () => {
    expect(drivewayEs).toContain(
      "solo la policía o el control de estacionamiento pueden retirar un carro que bloquea una entrada",
    );
    expect(drivewayEs).toContain("Normalmente multan el carro");
    expect(drivewayEs).not.toMatch(/tiene que multar|tiene que recibir una multa/);
    expect(drivewayEs).toContain("Nunca intente empujar ni mover el vehículo usted mismo");
    expect(drivewayEs.split("Si alguien lo amenaza, aléjese y llame al 911.").length - 1).toBe(2);
  });

  it("private property (22658): the sign, 96 hours without it, 24 hours only for a car missing major parts, the single-family home, the written notice", () => {
    expect(drivewayEs).toMatch(/sección 22658 del Código de Vehículos de California/);
    expect(drivewayEs).toMatch(/17 por 22 pulgadas/);
    expect(drivewayEs).toMatch(/aviso de infracción de estacionamiento, y deben pasar 96 horas/);
    for (const s of sentences(drivewayEs).filter((s) => /24 horas/.test(s) && !/22952/.test(s))) {
      expect(s).toMatch(/piezas principales/);
    }
    expect(drivewayEs).toMatch(/no puede remolcar un carro antes de que pase 1 hora[^;]*\(sección 22953\)/);
    expect(drivewayEs).toMatch(/tiene que esperar 24 horas después de que se vence el tiempo pagado \(sección 22952\)/);
    expect(drivewayEs).toMatch(/autorizar el remolque por escrito[^)]*\(sección 22658\(l\)\)/);
    expect(drivewayEs).toMatch(/casa unifamiliar/);
    expect(drivewayEs).toMatch(/aviso por escrito del retiro, del motivo y de a dónde se llevó el vehículo/);
    expect(drivewayEs).not.toMatch(/en (una|1) hora/i);
    expect(drivewayEs).toMatch(/el dueño del vehículo remolcado paga/);
  });

  it("after an accident: 16025's list, 20002's note, 22852's 10 days, 16000(a)'s $1,000, 20001(a), 20003, 20008(a)'s 24 hours, Civil Code 3068.1", () => {
    for (const item of [
      "el nombre y el domicilio actual del conductor, y el número de su licencia de manejo",
      "el número de identificación del vehículo (VIN), y el domicilio actual del dueño registrado",
      "el número de póliza",
    ]) {
      expect(guideEs).toContain(item);
    }
    expect(guideEs).toContain("dejar una nota por escrito en un lugar bien visible");
    expect(guideEs).toContain("a la policía de la ciudad (o, fuera de los límites de la ciudad, a la CHP)");
    expect(guideEs).toContain("Grúa ordenada por la policía.");
    expect(guideEs).toContain("Una grúa que usted elige.");
    expect(guideEs).toContain("dentro de 10 días después de ese aviso (sección 22852)");
    expect(guideEs).toContain(
      "Según la sección 16000(a), cuando un choque hiere o mata a alguien, o causa más de $1,000 de daños a la propiedad de una sola persona, cada conductor tiene que reportarlo al DMV dentro de 10 días",
    );
    expect(guideEs).toContain("La sección 20001(a) obliga al conductor de un vehículo");
    expect(guideEs).toContain("La sección 20003 obliga a ese conductor a dar su nombre y su domicilio actual");
    expect(guideEs).toContain(
      "el nombre y el domicilio actual de cualquier ocupante de su vehículo que haya resultado herido en el choque",
    );
    expect(guideEs).toContain("(sección 20003(a))");
    expect(guideEs).toContain(
      "La sección 20008(a) obliga al conductor a hacer un reporte por escrito de un choque con heridos dentro de 24 horas",
    );
    expect(guideEs).toContain(
      "Si el carro se entrega dentro de 24 horas después de entrar al almacenaje, la sección 3068.1 del Código Civil de California permite al corralón cobrar como máximo un día de almacenaje",
    );
    expect(guideEs).toContain("El dueño del vehículo remolcado paga");
    expect(guideEs).not.toContain("$750");
  });

  it("one referral voice in Spanish: partner operators do the work, never 'our trucks' or 'our drivers'", () => {
    const spanishPages = pages.map((file) => [file, mainOf(`es/${file}`)] as const);
    for (const [file, text] of [...spanishPages, ["es.html", mainOf("es.html")] as const]) {
      expect(text, file).not.toMatch(
        /\bnuestr[oa]s? (grúas?|choferes|chofer|conductores|operadores de grúa|camiones)\b/i,
      );
      expect(text, file).not.toMatch(/\b(remolcamos|enviamos una grúa|mandamos una grúa|llegamos en)\b/i);
    }
    // Said the way a driver says it, not "servicio de referencia" (which reads like an information desk).
    expect(mainOf("es/about.html")).toContain(
      "No somos una compañía de grúas: lo ponemos en contacto con operadores locales.",
    );
    for (const page of readCollection("servicePages")) {
      expect(mainOf(`es/services/${page.slug}.html`), page.slug).toMatch(/operador(es)? (de grúa )?asociados?/);
    }
    expect(mainOf("es.html")).toMatch(/Testimonios de muestra/);
  });
});
