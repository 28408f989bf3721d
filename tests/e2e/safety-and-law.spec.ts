import { localizedPath } from "../../src/i18n/locales";
import { ui } from "../../src/i18n/ui";
import { highwayList, site } from "../../src/shared/site";
import { expect, test } from "../support/static-page";

/**
 * What a driver reads on the served pages, without JavaScript: 911 first wherever danger is named,
 * and the law's real numbers, each checked against the code's text (README, "Content").
 */

type Page = import("@playwright/test").Page;

/** The text of a part of the page as a reader sees it, with typographic apostrophes made plain. */
const textOf = async (locator: import("@playwright/test").Locator) =>
  (await locator.innerText()).replace(/\u2019/g, "'");
const mainText = (page: Page) => textOf(page.locator("main"));
/** The service page's visible FAQ (the section its heading names). */
const faqText = (page: Page) => textOf(page.locator("section", { has: page.locator("#service-faq") }));

/** Sentences of the page's main text, as a reader sees them. */
async function sentencesOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const text = await mainText(page);
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Where a sentence names a danger that is a 911 call: someone hurt, a live lane, someone locked in, fire, a threat. */
const DANGER =
  /\b(anyone|someone|somebody) (is |gets )?hurt\b|\blive (traffic )?lane\b|\b(child|person|pet|animal)\b.*\blocked (in|inside)\b|\bfire or smoke\b|\bin danger\b|\bthreatens?\b/i;

const DANGER_PAGES = [
  "/chat",
  "/contact/sent",
  "/services/emergency-towing",
  "/services/vehicle-lockouts",
  "/services/roadside-assistance",
  "/services/jump-start",
  "/services/motorcycle-towing",
  // A neighbour's argument turned into a threat (issue 48).
  "/services/blocked-driveway",
  "/guides/after-an-accident",
  "/about",
];

/** The same dangers named in Spanish: someone hurt, a lane with traffic, someone locked in, fire or smoke, in danger, a threat. */
const PELIGRO =
  /\balguien (está|esté|resulta|resultó) herid|\bcarril con tráfico\b|\b(niño|persona|mascota|animal)\b.*\bencerrad[oa]s?\b|\bfuego o humo\b|\ben peligro\b|\bamenaza\b/i;

const DANGER_IN = { en: DANGER, es: PELIGRO } as const;

for (const locale of ["en", "es"] as const) {
  for (const path of DANGER_PAGES.map((p) => localizedPath(p, locale))) {
    test(`${path}: every sentence that names a danger sends the reader to 911, and 911 comes before our number`, async ({
      page,
    }) => {
      const dangerous = (await sentencesOf(page, path)).filter((s) => DANGER_IN[locale].test(s));
      expect(dangerous.length, "the page names a danger").toBeGreaterThan(0);
      for (const sentence of dangerous) {
        // A question names the danger; the answer right after it says what to do (checked with the FAQ below).
        if (sentence.endsWith("?")) continue;
        expect(sentence).toMatch(/\b911\b/);
        const our = sentence.indexOf(site.phone.display);
        if (our >= 0) expect(sentence.indexOf("911"), sentence).toBeLessThan(our);
      }
    });
  }
}

test("/chat and /contact/sent: the first thing said about danger is a tel:911 link, before the business's number", async ({
  page,
}) => {
  for (const path of ["/chat", "/contact/sent"]) {
    await page.goto(path);
    const line = page.getByTestId("danger-first");
    await expect(line.getByRole("link", { name: "call 911" })).toHaveAttribute("href", "tel:911");
    const text = await line.innerText();
    expect(text.indexOf("911"), path).toBeLessThan(text.indexOf(site.phone.display));
    // Which dangers: on /chat under the chat (the phone's first screen is the chat's), here in the line itself.
    const cases = path === "/chat" ? await page.getByTestId("danger-cases").innerText() : text;
    expect(cases, path).toMatch(/anyone is hurt/);
    expect(cases, path).toMatch(/live lane/);
    expect(cases, path).toMatch(/a person or an animal is locked in a car/);
    expect(cases, path).toMatch(/fire or smoke, call 911 first/);
  }
});

test("emergency towing: the lead and the FAQ put a car stopped in a live lane under 911 first", async ({ page }) => {
  await page.goto("/services/emergency-towing");
  const main = await mainText(page);
  expect(main).toContain("Anyone hurt, or a car stopped in a live traffic lane? Call 911 first.");
  expect(await faqText(page)).toContain("A car stopped in a live lane is a 911 call first; then call us.");
  expect(main).not.toContain("Broken down in a traffic lane");
});

test("lockouts: a child, a person or a pet locked in a car is a 911 call whatever the weather", async ({ page }) => {
  await page.goto("/services/vehicle-lockouts");
  const main = await mainText(page);
  expect(main).toContain("A child, a person or a pet is locked inside: call 911 first, whatever the weather");
  expect(await faqText(page)).toContain(
    "Call 911 now: a child, a person or a pet locked in a car is an emergency on its own, whatever the weather.",
  );
  expect(main).not.toContain("if the car is hot");
});

test("accident guide: DMV over $1,000 (16000(a)), 20001, 20003, 20008 and the CHP outside cities", async ({ page }) => {
  await page.goto("/guides/after-an-accident");
  const main = await mainText(page);
  expect(main).toContain(
    "Under section 16000(a), when a crash injures or kills anyone, or causes more than $1,000 of damage to the property of any one person, each driver must report it to the DMV within 10 days",
  );
  expect(main).not.toContain("$750");
  expect(main).toContain(
    "Section 20001(a) requires the driver of a vehicle involved in a crash that injures or kills anyone other than the driver to stop at the scene at once.",
  );
  expect(main).toContain("Section 20003 requires that driver to give their name and current home address");
  // 20003(a) includes the injured occupants of the driver's own vehicle (issue 48).
  expect(main).toContain("the names and current home addresses of any occupant of their vehicle injured in the crash");
  expect(main).toContain("to the person struck or to the driver or occupants of any vehicle collided with");
  expect(main).toContain(
    "Section 20008(a) requires the driver to make a written report of an injury crash within 24 hours to the CHP or, inside a city, to the CHP or that city's police department.",
  );
  expect(main).toContain(
    "On county roads outside city limits, such as those around Acampo, Victor and Lockeford, the CHP handles collisions too",
  );
  expect(main).toContain(
    "If the car is released within 24 hours of going into storage, California Civil Code section 3068.1 allows the yard to charge no more than one day's storage",
  );
});

test("blocked driveway and the 72-hour rule, as served (issue 48): a threat is a 911 call; 22651(k) only where an ordinance allows", async ({
  page,
}) => {
  await page.goto("/services/blocked-driveway");
  const faq = await faqText(page);
  expect(faq).toContain("If anyone threatens you, step away and call 911.");
  expect((await mainText(page)).split("If anyone threatens you, step away and call 911.").length - 1).toBe(2);
  await page.goto("/es/services/blocked-driveway");
  expect(await faqText(page)).toContain("Si alguien lo amenaza, aléjese y llame al 911.");
  await page.goto("/blog/cheap-short-distance-towing");
  const cheap = await mainText(page);
  expect(cheap).toContain(
    "Where a local ordinance allows it, a car left parked on a public street for 72 hours or more can be towed at the owner's expense (California Vehicle Code section 22651(k))",
  );
  expect(cheap).not.toContain("treated as abandoned");
  await page.goto("/es/guides/after-an-accident");
  expect(await mainText(page)).toContain(
    "el nombre y el domicilio actual de cualquier ocupante de su vehículo que haya resultado herido en el choque",
  );
});

test("towing articles: 55 mph under CVC 22406, posted or not", async ({ page }) => {
  for (const slug of ["towing-packages-explained", "towing-in-car", "dolly-tow-explained"]) {
    await page.goto(`/blog/${slug}`);
    const main = await mainText(page);
    expect(main, slug).toMatch(
      /section 22406 sets 55 mph as the top speed on any highway for a car or a truck drawing/,
    );
    expect(main, slug).toContain("whatever the posted limit");
    expect(main, slug).not.toContain("watch for posted signs");
    expect(main, slug).not.toContain("respect the posted limits");
  }
});

test("towed-car article: one day's storage within 24 hours (Civil Code 3068.1), no unsourced theft claim", async ({
  page,
}) => {
  await page.goto("/blog/car-towed-without-warning-california");
  const main = await mainText(page);
  expect(main).toContain(
    "If you get the car back within 24 hours of it going into storage, California Civil Code section 3068.1 allows the yard to charge no more than one day's storage.",
  );
  expect(main).not.toContain("more often towed than stolen");
  expect(main).not.toMatch(/within (an|one) hour/);
});

test("car-to-car towing: California's rule (29006, 29003, 22406), not 'laws vary'", async ({ page }) => {
  await page.goto("/blog/car-to-car-towing");
  const main = await mainText(page);
  expect(main).toContain(
    "Vehicle Code section 29006(a) forbids towing a motor vehicle on a freeway unless the two are coupled by a rigid structure",
  );
  expect(main).toContain(
    "the only exception, in section 29006(b), is a disabled car towed from the point where it broke down to the nearest and most accessible freeway exit",
  );
  expect(main).toContain(
    "Section 29003 requires the hitch and the drawbar or other connection to be securely fastened",
  );
  expect(main).not.toContain("vary by place");
});

test("roadside assistance: what to ask an arriving operator for (CVC 22513)", async ({ page }) => {
  await page.goto("/services/roadside-assistance");
  const faq = await faqText(page);
  expect(faq).toContain(
    "ask the operator, through the window, to tell you your name, your phone number and your car's make, model, year and plate",
  );
  expect(faq).toContain(
    "California Vehicle Code section 22513 requires an operator you summoned to have these in writing before arriving",
  );
  expect(faq).not.toContain("until the operator arrives and identifies themselves");
});
test("the home page says above the fold that we connect drivers with local tow operators, and claims no licence", async ({
  page,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const line = page.getByTestId("hero-referral");
    await expect(line).toContainText("We connect you with local tow operators");
    // A referral service has no source for its partners' licences (issue 36): the word went.
    await expect(line).not.toContainText(/licensed/i);
    const box = await line.boundingBox();
    expect(box && box.y + box.height, `${viewport.width}px`).toBeLessThanOrEqual(viewport.height);
  }
});

test("the about page, every service page and the emergency page name the one list of highways", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("main")).toContainText(`including ${highwayList}.`);
  await expect(page.locator("main")).not.toContainText(/more than \d+ years/);
  for (const path of ["/services/emergency-towing", "/services/towing"]) {
    await page.goto(path);
    await expect(page.getByTestId("coverage-highways")).toHaveText(highwayList);
  }
});

test("/services: blocked driveways sit with towing, the street case left to the police; no invented promises", async ({
  page,
}) => {
  await page.goto("/services");
  const main = page.locator("main");
  await expect(main).not.toContainText("Blocked driveway towing, done lawfully");
  await expect(main).not.toContainText("Clearing damaged cars from the roadway");
  await expect(main).not.toContainText("and it goes there");
  const towing = page.locator("li", { has: page.getByRole("heading", { name: "24/7 Towing" }) });
  await expect(towing).toContainText("on a street, the police arrange the tow");
});

test("/es/chat and /es/contact/sent: the first thing said about danger is a tel:911 link, before the business's number", async ({
  page,
}) => {
  for (const [path, link] of [
    ["/es/chat", ui.es.chatPage.call911],
    ["/es/contact/sent", ui.es.sentPage.call911],
  ] as const) {
    await page.goto(path);
    const line = page.getByTestId("danger-first");
    await expect(line.getByRole("link", { name: link })).toHaveAttribute("href", "tel:911");
    const text = await line.innerText();
    expect(text.indexOf("911"), path).toBeLessThan(text.indexOf(site.phone.display));
    const cases = path === "/es/chat" ? await page.getByTestId("danger-cases").innerText() : text;
    expect(cases, path).toMatch(/alguien está herido/);
    expect(cases, path).toMatch(/carril con tráfico/);
    expect(cases, path).toMatch(/una persona o un animal está encerrado en un carro/);
    expect(cases, path).toMatch(/fuego o humo/);
  }
});

test("in Spanish: a car stopped in a live lane and a child or pet locked in a car are 911 calls first", async ({
  page,
}) => {
  await page.goto("/es/services/emergency-towing");
  expect(await mainText(page)).toContain(
    "¿Hay alguien herido o un carro parado en un carril con tráfico? Llame primero al 911.",
  );
  expect(await faqText(page)).toContain(
    "Un carro parado en un carril con tráfico es primero una llamada al 911; después llámenos.",
  );
  await page.goto("/es/services/vehicle-lockouts");
  expect(await mainText(page)).toContain(
    "Un niño, una persona o una mascota quedó encerrado adentro: llame primero al 911, con frío o con calor",
  );
  await page.goto("/es/services/roadside-assistance");
  expect(await faqText(page)).toContain(
    "La sección 22513 del Código de Vehículos de California exige que el operador que usted llamó tenga estos datos por escrito antes de llegar",
  );
});

test("in Spanish: the home page says above the fold that we connect drivers with local tow operators, and the pages name the one list of highways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/es");
  const line = page.getByTestId("hero-referral");
  await expect(line).toContainText("Lo ponemos en contacto con operadores de grúa locales para");
  await expect(line).not.toContainText("con licencia");
  const box = await line.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(844);
  const highwaysEs = highwayList.replace(/ and /, " y ");
  await page.goto("/es/about");
  await expect(page.locator("main")).toContainText(`incluidas las carreteras ${highwaysEs}.`);
  await page.goto("/es/services/towing");
  await expect(page.getByTestId("coverage-highways")).toHaveText(highwaysEs);
});

// Issue 36: what the editor found on the served pages, checked as a reader sees them.

const LANE_911 = {
  en: "If the car is stopped in a traffic lane, call 911 first, then us.",
  es: "Si el carro quedó parado en un carril con tráfico, llame primero al 911 y después a nosotros.",
} as const;

for (const locale of ["en", "es"] as const) {
  for (const service of ["flat-tire", "gasoline-delivery"]) {
    const path = localizedPath(`/services/${service}`, locale);
    test(`${path}: a car stopped in a traffic lane is a 911 call first, in the FAQ and in the safety section`, async ({
      page,
    }) => {
      await page.goto(path);
      expect(await faqText(page)).toContain(LANE_911[locale]);
      // Once in the FAQ and once in the page's own "while you wait" section.
      const main = await mainText(page);
      expect(main.split(LANE_911[locale]).length - 1).toBeGreaterThanOrEqual(2);
    });
  }
}

test("/es/services/roadside-assistance: the operator must already know your name, phone and car (CVC 22513(a)(2)(A))", async ({
  page,
}) => {
  await page.goto("/es/services/roadside-assistance");
  expect(await faqText(page)).toContain(
    "pídale al operador que le diga el nombre de usted, su teléfono y la marca, modelo, año y placas de su carro",
  );
  const main = await mainText(page);
  expect(main).toContain("hasta que llegue el operador y le confirme esos datos");
  // The old wording read as "ask the operator his name": any tow truck passes that check.
  expect(main).not.toMatch(/pregunte, a través de la ventana, su nombre/);
  expect(main).not.toMatch(/le pueda decir su nombre/);
});

const STREET_PAGES = {
  "/services/blocked-driveway": "en",
  "/areas/stockton": "en",
  "/blog/car-towed-without-warning-california": "en",
  "/es/services/blocked-driveway": "es",
  "/es/areas/stockton": "es",
} as const;

test("a car blocking a driveway on a street: no page says it must be ticketed first; only the police may remove it", async ({
  page,
}) => {
  for (const [path, locale] of Object.entries(STREET_PAGES)) {
    await page.goto(path);
    const main = await mainText(page);
    if (locale === "en") {
      expect(main, path).not.toMatch(/must be ticketed|has to be ticketed|ticketed by the police before/i);
      expect(main, path).toMatch(/only the police or parking enforcement may remove/i);
      expect(main, path).toMatch(/usually cite/);
    } else {
      expect(main, path).not.toMatch(/tiene que multar|tiene que recibir una multa|multa primero/i);
      expect(main, path).toMatch(/solo la policía o el control de estacionamiento/i);
      expect(main, path).toMatch(/normalmente (lo )?multan/i);
    }
  }
});

test("private lots: the 1-hour (22953), 24-hour (22952) and written-authorization (22658(l)) limits, and the sign names each towing company", async ({
  page,
}) => {
  for (const path of ["/services/blocked-driveway", "/blog/car-towed-without-warning-california"]) {
    await page.goto(path);
    const main = await mainText(page);
    expect(main, path).toMatch(
      /free public parking may not tow a car within 1 hour of its being parked, unless it is within 15 feet of a fire hydrant, in a fire lane, blocking an entrance or exit, or in a disabled space \(section 22953\)/,
    );
    expect(main, path).toMatch(/paid lot must wait 24 hours after the paid time ends \(section 22952\)/);
    expect(main, path).toMatch(
      /authorize the tow in writing and, as a rule, be present when it happens \(section 22658\(l\)\)/,
    );
    expect(main, path).toContain("the name and phone number of each towing company");
  }
  await page.goto("/es/services/blocked-driveway");
  const es = await mainText(page);
  expect(es).toMatch(
    /no puede remolcar un carro antes de que pase 1 hora desde que se estacionó[^;]*\(sección 22953\)/,
  );
  expect(es).toMatch(/tiene que esperar 24 horas después de que se vence el tiempo pagado \(sección 22952\)/);
  expect(es).toMatch(
    /autorizar el remolque por escrito y, por regla general, estar presente[^;]*\(sección 22658\(l\)\)/,
  );
  expect(es).toContain("el nombre y el teléfono de cada compañía de grúas");
});

test("junk car removal: 5 calendar days to tell the DMV on REG 138 (CVC 5900), and REG 227 for a lost title, in both languages", async ({
  page,
}) => {
  await page.goto("/services/junk-car-removal");
  const en = await mainText(page);
  expect(en).toContain(
    "you have 5 calendar days to tell the DMV, with a Notice of Transfer and Release of Liability (REG 138)",
  );
  expect(en).toContain("(California Vehicle Code section 5900)");
  expect(en).toContain("Application for Duplicate Title (REG 227)");
  expect(en).toMatch(
    /where a local ordinance allows it, a vehicle left in one spot for 72 hours or more[^.]*22651\(k\)/,
  );
  await page.goto("/es/services/junk-car-removal");
  const es = await mainText(page);
  expect(es).toContain(
    "tiene 5 días calendario para avisarle al DMV, con el Aviso de Transferencia y Liberación de Responsabilidad (REG 138)",
  );
  expect(es).toContain("(sección 5900 del Código de Vehículos de California)");
  expect(es).toContain("Solicitud de Título Duplicado (REG 227)");
});

test("no page promises to open a car without damage: it is 'usually', or 'most' cars (both languages)", async ({
  page,
}) => {
  const pages = {
    en: ["/", "/services", "/services/roadside-assistance", "/services/vehicle-lockouts"],
    es: ["/es", "/es/services", "/es/services/roadside-assistance", "/es/services/vehicle-lockouts"],
  };
  for (const path of pages.en) {
    const promises = (await sentencesOf(page, path)).filter((s) => /without (any )?damage/i.test(s));
    for (const s of promises) expect(s, path).toMatch(/\b(usually|most)\b/i);
  }
  for (const path of pages.es) {
    const promises = (await sentencesOf(page, path)).filter((s) => /sin (daños|dañarl[oa]s?)\b/i.test(s));
    for (const s of promises) expect(s, path).toMatch(/casi siempre|la mayoría/i);
  }
  // The two pages that said it outright now say "usually" / "casi siempre".
  await page.goto("/services/roadside-assistance");
  expect(await mainText(page)).toContain("to get you back in, usually without damage");
  await page.goto("/es/services/roadside-assistance");
  expect(await mainText(page)).toContain("para que vuelva a entrar, casi siempre sin daños");
});

test("accident guide: skipping the 16025 exchange is an infraction, leaving is a 20002 misdemeanor; the SR-1 (16000)", async ({
  page,
}) => {
  await page.goto("/guides/after-an-accident");
  const en = await mainText(page);
  expect(en).toContain("Skipping this exchange is an infraction under section 16025.");
  expect(en).toMatch(/without doing what section 20002 requires, described next, is a misdemeanor/);
  expect(en).toContain("The report is form SR-1 (Report of Traffic Accident Occurring in California)");
  expect(en).toContain("even when the crash happened on private property");
  expect(en).toContain("Your insurance agent or broker, or your legal representative, can file it for you.");
  expect(en).toContain("If no SR-1 is filed, the DMV suspends the driver's license.");
  expect(en).not.toContain("Leaving without exchanging information is a crime");
  await page.goto("/es/guides/after-an-accident");
  const es = await mainText(page);
  expect(es).toContain("No hacer este intercambio es una infracción según la sección 16025.");
  expect(es).toMatch(/sin cumplir lo que exige la sección 20002, que se explica a continuación, es un delito menor/);
  expect(es).toContain("con el formulario SR-1");
  expect(es).toContain("Si no se presenta el SR-1, el DMV suspende la licencia de manejo del conductor.");
  expect(es).toContain("Dígale a la operadora del 911 dónde está");
});

test("Tracy: text-to-911 is county-wide and, the Sheriff says, in English only (both languages)", async ({ page }) => {
  await page.goto("/areas/tracy");
  const en = await mainText(page);
  expect(en).toContain("Text-to-911 works across San Joaquin County, not only within Tracy city limits");
  expect(en).toContain("texts to 911 must be written in English");
  await page.goto("/es/areas/tracy");
  const es = await mainText(page);
  expect(es).toContain("funcionan en todo el condado de San Joaquín");
  expect(es).toContain("tienen que estar escritos en inglés");
});
