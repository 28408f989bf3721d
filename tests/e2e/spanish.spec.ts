import { type Browser, expect, type Page, test } from "@playwright/test";
import { localizedPath } from "../../src/i18n/locales";
import { fill, ui } from "../../src/i18n/ui";
import { MIN_LOCATION_CHARS } from "../../src/shared/service-request-schema";
import { site } from "../../src/shared/site";
import { waitForIsland } from "../support/islands";
import { siteOrigin, spanishRoutes, translatedRoutes } from "../support/routes";

/**
 * The Spanish site as a Spanish-speaking driver uses it: on a phone, from /es/ to a service page, the
 * request sent with and without JavaScript, the confirmation in Spanish; the language switch keeps the
 * page; every page and its twin name each other (hreflang); the chat speaks Spanish and says so to the API.
 */
const es = ui.es;
const phone = { width: 390, height: 844 };

const driver = {
  [es.form.name]: "Rosa Martínez",
  [es.form.phone]: "209-555-0199",
  [es.form.email]: "rosa@example.com",
  [es.form.pickup]: "Hammer Ln y West Ln, Stockton",
  [es.form.dropoff]: "2100 Pacific Ave, Stockton",
};
const form = (page: Page) => page.getByTestId("contact-form");
const field = (page: Page, label: string) =>
  form(page).getByRole(label === es.form.service ? "combobox" : "textbox", { name: label, exact: true });

async function openPhone(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    viewport: phone,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
    baseURL: test.info().project.use.baseURL,
  });
  return { context, page: await context.newPage() };
}

/** From the Spanish home page to the towing page, as a driver on a phone gets there: the menu, then Servicios. */
async function homeToServicePage(page: Page) {
  await page.goto("/es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.locator("h1")).toHaveText(es.home.heroTitle);
  await page.getByRole("button", { name: es.nav.menu, exact: true }).click();
  const drawer = page.getByRole("dialog", { name: es.nav.menu });
  await drawer.getByText(es.nav.services, { exact: true }).click();
  await drawer.getByRole("link", { name: es.serviceNames.towing, exact: true }).click();
  await expect(page).toHaveURL(/\/es\/services\/towing$/);
  await expect(page.locator("h1")).toHaveText(es.serviceNames.towing);
}

test("a Spanish driver on a phone, with JavaScript: /es/ to a service page, mistakes said in Spanish, the request sent, the confirmation in Spanish", async ({
  browser,
}) => {
  const { context, page } = await openPhone(browser, true);
  const sent: unknown[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/contact") && r.method() === "POST") sent.push(r.postDataJSON());
  });
  await homeToServicePage(page);
  await form(page).scrollIntoViewIfNeeded();
  await waitForIsland(page, "ServiceRequestForm");

  await form(page).getByRole("button", { name: es.form.send }).click();
  await expect(form(page).getByText(es.validation.required).first()).toBeVisible();
  expect(sent).toHaveLength(0);

  for (const [label, value] of Object.entries(driver)) await field(page, label).fill(value);
  await field(page, es.form.phone).fill("12");
  await field(page, es.form.pickup).fill("x");
  await form(page).getByRole("button", { name: es.form.send }).click();
  await expect(form(page).getByText(es.validation.phone)).toBeVisible();
  await expect(form(page).getByText(fill(es.validation.location, { min: MIN_LOCATION_CHARS }))).toBeVisible();
  expect(sent).toHaveLength(0);

  await field(page, es.form.phone).fill(driver[es.form.phone] ?? "");
  await field(page, es.form.pickup).fill(driver[es.form.pickup] ?? "");
  // The service page chose its own service, shown by its Spanish name; the value is the specification's.
  await expect(field(page, es.form.service)).toHaveValue("Towing");
  await expect(field(page, es.form.service).locator("option:checked")).toHaveText(es.serviceNames.towing);
  await form(page).getByRole("button", { name: es.form.send }).click();

  const confirmation = page.getByTestId("request-confirmation");
  await expect(confirmation.getByRole("heading", { name: es.confirmation.title })).toBeVisible();
  const number = await confirmation.getByTestId("request-number").innerText();
  expect(number).toMatch(/^#\d+$/);
  await expect(confirmation).toContainText(`Su número de solicitud es ${number}.`);
  await expect(confirmation).toContainText(`Lo llamaremos al ${driver[es.form.phone]}.`);
  await expect(
    confirmation.getByRole("link", { name: fill(es.nav.call, { phone: site.phone.display }) }),
  ).toHaveAttribute("href", `tel:${site.phone.e164}`);
  await expect(confirmation.getByRole("link", { name: es.confirmation.call911 })).toHaveAttribute("href", "tel:911");
  await expect(page.getByRole("region", { name: /Avisos/ }).getByText(es.form.successTitle)).toBeVisible();
  expect(sent).toEqual([expect.objectContaining({ service: "Towing", language: "es" })]);

  // The request's own page speaks Spanish too: its status, its facts, and "I no longer need help" live.
  await confirmation.getByRole("link", { name: es.confirmation.pageLink.link }).click();
  await expect(page).toHaveURL(/\/request\/[A-Za-z0-9_-]{43}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Solicitud de servicio ${number}`);
  await waitForIsland(page, "RequestLive");
  await expect(page.getByTestId("request-status")).toHaveText("Recibida");
  await expect(page.getByTestId("request-facts")).toContainText(es.serviceNames.towing);
  await page.getByText(es.requestPage.cancelSummary).click();
  await page.getByLabel(es.requestPage.reasonLabel).fill("Un amigo me ayudó");
  await page.getByRole("button", { name: es.requestPage.cancelButton }).click();
  await expect(page.getByTestId("request-status")).toHaveText("Cancelada");
  await expect(page.getByText(/^Usted canceló esta solicitud el /)).toBeVisible();
  await expect(page.getByText(es.requestPage.cancelSummary)).toHaveCount(0);
  await context.close();
});

test("a Spanish driver on a phone, without JavaScript: the form is corrected on the Spanish page and lands on /es/contact/sent", async ({
  browser,
}) => {
  const { context, page } = await openPhone(browser, false);
  await homeToServicePage(page);
  for (const [label, value] of Object.entries(driver)) await field(page, label).fill(value);
  await field(page, es.form.phone).fill("12");
  await form(page).getByRole("button", { name: es.form.send }).click();

  // Refused: the same Spanish form, answers kept, the error in Spanish beside the field.
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.invalidPage.heading);
  await expect(page.getByTestId("contact-problems")).toContainText(`${es.form.phone}: ${es.validation.phone}`);
  await expect(field(page, es.form.name)).toHaveValue(driver[es.form.name] ?? "");
  await expect(field(page, es.form.phone)).toHaveAccessibleDescription(es.validation.phone);

  await field(page, es.form.phone).fill(driver[es.form.phone] ?? "");
  await form(page).getByRole("button", { name: es.form.send }).click();
  await expect(page).toHaveURL(/\/es\/contact\/sent\?id=\d+&token=[\w-]+$/);
  const id = new URL(page.url()).searchParams.get("id");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.sentPage.heading);
  await expect(page.getByTestId("request-number")).toHaveText(`Su número de solicitud es #${id}.`);
  await expect(page.getByTestId("danger-first").getByRole("link", { name: es.sentPage.call911 })).toHaveAttribute(
    "href",
    "tel:911",
  );
  await context.close();
});

test.describe("the language switch leads to the same page in the other language", () => {
  const samples = ["/", "/services/towing", "/areas/lodi", "/guides/after-an-accident", "/contact", "/blog", "/about"];

  test("in the header on a wide screen, both ways", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of samples) {
      const twin = localizedPath(path, "es");
      await page.goto(path);
      await page.getByTestId("language-switch").click();
      await expect(page, path).toHaveURL(new URL(twin, page.url()).href);
      await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
      await page.getByTestId("language-switch").click();
      await expect(page, twin).toHaveURL(new URL(path, page.url()).href);
      await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    }
  });

  test("in the phone's drawer, both ways", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto("/services/jump-start");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByTestId("drawer-language-switch").click();
    await expect(page).toHaveURL(/\/es\/services\/jump-start$/);
    await page.getByRole("button", { name: es.nav.menu, exact: true }).click();
    await page.getByTestId("drawer-language-switch").click();
    await expect(page).toHaveURL(/\/services\/jump-start$/);
    await expect(page.locator("h1")).toHaveText("Jump Start");
  });

  test("an English-only article leads to the Spanish blog index, which marks the articles as English", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/blog/car-to-car-towing");
    await page.getByTestId("language-switch").click();
    await expect(page).toHaveURL(/\/es\/blog$/);
    const card = page.locator("main li").first();
    await expect(card).toContainText(es.blogPage.inEnglish);
    await expect(card.getByRole("heading")).toHaveAttribute("lang", "en");
    await expect(
      card.getByRole("link", { name: new RegExp(es.blogPage.read.replace(/[()]/g, "\\$&")) }),
    ).toHaveAttribute("href", /^\/blog\//);
  });
});

/** The hreflang links of a page's head, by language. */
const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );

test("hreflang pairs resolve both ways: every English page names its Spanish twin, and the twin names it back", async ({
  request,
}) => {
  expect(spanishRoutes).toHaveLength(translatedRoutes.length);
  for (const route of translatedRoutes) {
    const english = new URL(route.path, siteOrigin).href;
    const spanish = new URL(localizedPath(route.path, "es"), siteOrigin).href;
    const en = alternatesOf(await (await request.get(route.path)).text());
    expect(en, route.path).toEqual({ "en-US": english, "es-US": spanish, "x-default": english });
    const twin = await request.get(localizedPath(route.path, "es"));
    expect(twin.status(), spanish).toBe(200);
    expect(alternatesOf(await twin.text()), spanish).toEqual({
      "en-US": english,
      "es-US": spanish,
      "x-default": english,
    });
  }
  // An article that exists only in English names no twin.
  expect(alternatesOf(await (await request.get("/blog/car-to-car-towing")).text())).toEqual({});
});

test("the sitemap names both languages of every translated page to each other, x-default English", async ({
  request,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const route of translatedRoutes) {
    const english = new URL(route.path, siteOrigin).href;
    const spanish = new URL(localizedPath(route.path, "es"), siteOrigin).href;
    for (const loc of [english, spanish]) {
      const entry = xml.match(
        new RegExp(`<url><loc>${loc.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}</loc>.*?</url>`),
      )?.[0];
      expect(entry, loc).toBeTruthy();
      expect(entry).toContain(`hreflang="en-US" href="${english}"`);
      expect(entry).toContain(`hreflang="es-US" href="${spanish}"`);
      expect(entry).toContain(`hreflang="x-default" href="${english}"`);
    }
  }
});

test("/es/chat greets, labels and fails in Spanish, and tells the API the page's language", async ({ page }) => {
  const asked: unknown[] = [];
  await page.route("**/api/chat", async (route) => {
    asked.push(route.request().postDataJSON());
    await route.fulfill({ status: 500, body: "" });
  });
  await page.goto("/es/chat");
  await waitForIsland(page, "ChatPage");
  await expect(page.getByTestId("chat-messages")).toContainText(es.chat.welcome);
  const box = page.getByRole("textbox", { name: es.chat.inputLabel });
  await box.fill("se me ponchó una llanta en la 99");
  await page.getByRole("button", { name: es.chat.send }).click();
  await expect(page.getByTestId("bot-message")).toHaveText(`${es.chat.assistant}${es.chat.failure}`);
  expect(asked).toEqual([{ text: "se me ponchó una llanta en la 99", lang: "es" }]);
});

test("the chat widget on a Spanish page speaks Spanish and sends lang es; on an English page, en", async ({ page }) => {
  const asked: { lang?: string }[] = [];
  await page.route("**/api/chat", async (route) => {
    asked.push(route.request().postDataJSON());
    await route.fulfill({ status: 200, contentType: "text/plain", body: "ok" });
  });
  for (const [path, lang] of [
    ["/es/about", "es"],
    ["/about", "en"],
  ] as const) {
    await page.goto(path);
    await page.getByTestId("chat-toggle").click();
    await waitForIsland(page, "ChatWidgetConversation");
    await expect(page.getByTestId("chat-messages")).toContainText(ui[lang].chat.welcome);
    await page.getByRole("textbox", { name: ui[lang].chat.inputLabel }).fill("hola");
    await page.getByRole("button", { name: ui[lang].chat.send }).click();
    await expect.poll(() => asked.at(-1)?.lang).toBe(lang);
    // The reply is kept in the session once it arrives: wait for it, then start the next page afresh.
    await expect(page.getByTestId("bot-message").last()).toContainText("ok");
    await page.evaluate(() => sessionStorage.clear());
  }
});
