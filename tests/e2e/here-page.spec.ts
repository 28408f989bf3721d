import { type Browser, type BrowserContextOptions, expect, type Locator, test } from "@playwright/test";
import { retentionDaysFrom } from "../../src/shared/retention";
import { seriousViolations } from "../support/axe";
import { signInToDesk } from "../support/desk-e2e";

/**
 * The caller's location page (/here/{token}) as a stranger gets it by text at night, on a 390x844 phone:
 * the site's look, the button and the call, the box for the place when the phone gives no position, what
 * happens next, who sees the position and for how long, in the request's language, and without JavaScript.
 */

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LODI = { latitude: 38.1302, longitude: -121.2724, accuracy: 12 };
const SCREENS = "/work/notes/screens";
const days = retentionDaysFrom(process.env).location;

/** A request from the form, and a /here link for it made by the owner on the desk (as "Ask for the location" does). */
async function requestWithHereLink(browser: Browser, language: "en" | "es") {
  const desk = await (await browser.newContext()).newPage();
  const sent = await desk.request.post("/api/contact", {
    data: {
      name: `Here Page ${Date.now().toString(36)}`,
      email: "here.page@example.com",
      phone: "(209) 555-0177",
      service: "Towing",
      pickupLocation: "somewhere on the freeway",
      dropoffLocation: "2100 Pacific Ave, Stockton",
      language,
    },
  });
  expect(sent.status()).toBe(201);
  const id = (await sent.json()).id as number;
  await signInToDesk(desk);
  const path = await desk.evaluate(async (requestId) => {
    const session = (await (await fetch("/api/desk/session")).json()) as { csrfToken: string };
    const res = await fetch(`/api/desk/requests/${requestId}/here-link`, {
      method: "POST",
      headers: { "X-CSRF-Token": session.csrfToken },
    });
    return ((await res.json()) as { path: string }).path;
  }, id);
  expect(path).toMatch(/^\/here\/[A-Za-z0-9_-]{43}$/);
  return { id, path, desk };
}

const heightOf = async (locator: Locator) => (await locator.boundingBox())?.height ?? 0;

test("the page has the site's look: the business's name and mark, a large button and call, the notice; axe-clean", async ({
  browser,
}) => {
  const { path, desk } = await requestWithHereLink(browser, "en");
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const answer = await page.goto(path);
  expect(answer?.headers()["cache-control"]).toBe("no-store");
  expect(answer?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  // The site's header with the business's name, and the page's own heading naming it.
  await expect(page.locator("header").getByText("Stockton 24/7 Towing")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Send your location to Stockton 24/7 Towing");
  // The site's own look, not the browser's: its font and the brand's button colour.
  const font = await page.locator("body").evaluate((b) => getComputedStyle(b).fontFamily);
  expect(font).not.toMatch(/^"?Times/);

  const button = page.getByRole("button", { name: "Send my location" });
  await expect(button).toBeVisible();
  expect(await heightOf(button)).toBeGreaterThanOrEqual(44);
  expect((await button.boundingBox())?.width).toBeGreaterThanOrEqual(300);
  const call = page.getByRole("link", { name: "Call (209) 555-0142" }).last();
  await expect(call).toHaveAttribute("href", "tel:+12095550142");
  expect(await heightOf(call)).toBeGreaterThanOrEqual(44);
  // The button, the place box and the call all on the first screen.
  expect((await call.boundingBox())?.y ?? 900).toBeLessThan(844);

  // Who sees it, for how long (as /privacy says it), and the notice's link.
  await expect(page.getByTestId("here-notice")).toContainText(
    `Who sees your position: our dispatcher and the partner operator who takes the job. Your phone's location is erased ${days} days after your request is done, cancelled or closed.`,
  );
  await expect(page.getByTestId("here-notice").getByRole("link", { name: "Privacy notice" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  // One thing on the page: no footer, call band or chat.
  await expect(page.locator("footer")).toHaveCount(0);
  await expect(page.getByTestId("mobile-call-band")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
  await desk.context().close();
});

test("location denied: the page says to type the place, the box takes it, and the desk shows it with the time", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { id, path, desk } = await requestWithHereLink(browser, "en");
  const context = await browser.newContext(PHONE);
  await context.clearPermissions();
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole("button", { name: "Send my location" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Location is turned off for this site. Type the street, cross street or nearest exit in the box below, or call (209) 555-0142.",
  );
  const box = page.getByRole("textbox", { name: "Or type where you are: the street, cross street or nearest exit" });
  await expect(box).toBeFocused();
  await page.screenshot({ path: `${SCREENS}/here-denied.png` });

  // Nothing typed is refused with words a person can act on; a typed place goes to the request.
  await box.fill("   ");
  await page.getByRole("button", { name: "Send this place" }).click();
  await expect(page.getByRole("status")).toHaveText("Type where you are: the street, cross street or nearest exit.");
  const place = "I-5 north, past the <b>March Lane</b> exit, white pickup";
  await box.fill(place);
  await page.getByRole("button", { name: "Send this place" }).click();
  await expect(page.getByRole("status")).toContainText("Sent. Our dispatcher can see what you typed.");
  await expect(page.getByRole("status")).toContainText("will call or text you on this phone");
  await page.screenshot({ path: `${SCREENS}/here-place-sent.png` });
  await context.close();

  await desk.goto(`/desk#/requests/${id}`);
  const shown = desk.getByTestId("caller-place");
  await expect(shown).toContainText(place);
  await expect(shown.locator("time")).toHaveCount(1);
  await expect(desk.getByTestId("timeline")).toContainText("the caller typed where they are (on the location link):");
  await expect(desk.locator("b")).toHaveCount(0);
  await desk.context().close();
});

test("sent, in Spanish: the position goes, and the page says what happens next; the notice in Spanish", async ({
  browser,
}) => {
  const { path, desk } = await requestWithHereLink(browser, "es");
  const context = await browser.newContext({ ...PHONE, geolocation: LODI, permissions: ["geolocation"] });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Envíe su ubicación a Stockton 24/7 Towing");
  await page.getByRole("button", { name: "Enviar mi ubicación" }).click();
  const status = page.getByRole("status");
  await expect(status).toContainText("Enviada. Nuestro despachador puede ver dónde está.");
  await expect(status).toContainText(
    "Lo que sigue: nuestro despachador lo ve en su solicitud y le llamará o le enviará un mensaje de texto a este teléfono.",
  );
  await expect(page.getByTestId("here-notice")).toContainText(
    `Quién ve su posición: nuestro despachador y el operador asociado que toma el servicio. La ubicación de su teléfono se borra ${days} días después de que su solicitud termina, se cancela o se cierra.`,
  );
  await expect(page.getByRole("link", { name: "Aviso de privacidad" })).toHaveAttribute("href", "/es/privacy");
  await expect(page.getByRole("link", { name: "Llame al (209) 555-0142" }).last()).toHaveAttribute(
    "href",
    "tel:+12095550142",
  );
  await page.screenshot({ path: `${SCREENS}/here-sent.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
  await desk.context().close();
});

test("without JavaScript: the call and the place box work (a plain form post), and the page says it was sent", async ({
  browser,
}) => {
  const { id, path, desk } = await requestWithHereLink(browser, "en");
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  // The button needs a script: without one it is not offered; the call and the box are.
  await expect(page.getByRole("button", { name: "Send my location" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Call (209) 555-0142" }).last()).toBeVisible();
  await page.getByLabel("Or type where you are").fill("Hwy 99 south shoulder by the Arch Road sign");
  await page.getByRole("button", { name: "Send this place" }).click();
  await expect(page.getByTestId("here-said")).toContainText("Sent. Our dispatcher can see what you typed.");
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await context.close();
  await desk.goto(`/desk#/requests/${id}`);
  await expect(desk.getByTestId("caller-place")).toContainText("Hwy 99 south shoulder by the Arch Road sign");
  await desk.context().close();
});
