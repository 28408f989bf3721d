import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { offeredLists as enWords } from "../../src/i18n/en/offered-lists";
import { offeredLists as esWords } from "../../src/i18n/es/offered-lists";
import { offeredListsFrom, sayOfferedList } from "../../src/i18n/offered-list";
import { services } from "../../src/shared/services";

/**
 * The interface's sentences that name services take their lists from the business's offered services
 * (src/i18n/offered-list.ts): every service offered (Stockton) says what the sentences always said; a
 * business offering fewer never names one it does not offer.
 */
const en = offeredListsFrom(enWords);
const es = offeredListsFrom(esWords);
const every = services.map((s) => s.slug);
const testBusiness = JSON.parse(readFileSync("tests/fixtures/business-test/business.json", "utf8")).services;

describe("lists of offered services in the interface's sentences", () => {
  it("with every service offered, they say the sentences' words as before", () => {
    expect(sayOfferedList(en.homeDescription, every)).toBe("tows, jump starts, flat tires, fuel delivery and lockouts");
    expect(sayOfferedList(en.heroHelp, every)).toBe("a tow, jump start, tire change, fuel or lockout help");
    expect(sayOfferedList(en.vehicles, every)).toBe("cars, trucks, SUVs and motorcycles");
    expect(sayOfferedList(en.servicesLead, every)).toBe("Towing, roadside assistance and accident recovery");
    expect(sayOfferedList(en.aboutCare, every)).toBe(
      "flatbeds for cars that need them, wheel chocks and soft straps for motorcycles, and care with damaged cars after an accident",
    );
    expect(sayOfferedList(es.servicesDescription, every)).toBe(
      "Grúa las 24 horas, auxilio vial y grúa después de un choque",
    );
  });

  it("a business that offers fewer says only its own", () => {
    expect(sayOfferedList(en.homeDescription, testBusiness)).toBe("tows, jump starts, flat tires and lockouts");
    expect(sayOfferedList(en.vehicles, testBusiness)).toBe("cars, trucks and SUVs");
    expect(sayOfferedList(en.servicesLead, testBusiness)).toBe("Towing and roadside assistance");
    expect(sayOfferedList(en.aboutCare, testBusiness)).toBe(
      "flatbeds for cars that need them and care with damaged cars after an accident",
    );
    expect(sayOfferedList(es.servicesLead, ["roadside-assistance"])).toBe("Auxilio vial");
    expect(sayOfferedList(en.aboutCalls, ["towing"])).toBe("a car needed a tow");
  });

  it("no list item names a service other than its own", () => {
    const names: Record<string, RegExp> = {
      "motorcycle-towing": /motorcycl|motocicl/i,
      "gasoline-delivery": /fuel|gasolin/i,
    };
    for (const lists of [en, es]) {
      for (const list of Object.values(lists)) {
        for (const [slug, words] of list.items) {
          for (const [other, pattern] of Object.entries(names)) {
            if (other !== slug) expect(words, `${words} (${slug})`).not.toMatch(pattern);
          }
        }
      }
    }
  });
});
