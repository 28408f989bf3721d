import { expect, type Page, test } from "@playwright/test";
import { signInToDesk } from "../support/desk-e2e";

/** A fix on the south side of Lodi, as Playwright's geolocation gives it to the page. */
const LODI = { latitude: 38.1302, longitude: -121.2724, accuracy: 12 };
/** Sacramento, about 65 km north of the service area's centre: well outside its 30 km. */
const SACRAMENTO = { latitude: 38.5816, longitude: -121.4944, accuracy: 20 };
const PHONE = "(209) 555-0142";

let counter = 0;
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}${(counter++).toString(36)}`;

const words = {
  en: {
    path: "/contact",
    button: "Use my location",
    notice: /Your phone's position goes with this request/,
    privacy: "Privacy notice",
    line: "Near Lodi · position sent from my phone (±12 m)",
    sameAsPickup: "Same as pickup",
    labels: {
      name: "Name",
      phone: "Phone",
      email: "Email",
      service: "Service",
      pickup: "Pickup location",
      dropoff: "Drop-off location",
    },
    send: /Send Request/,
    denied: `Location is turned off for this site. Type the street, cross street or nearest exit instead, or call ${PHONE}.`,
    timeout: `Finding your position took too long. Type the street, cross street or nearest exit instead, or call ${PHONE}.`,
    sent: "Request Sent",
    found: "Location added. You can still add a landmark or your direction of travel.",
    outside: `This position is outside the area we serve, so we may not be able to send help there. You can still send the request, or call ${PHONE} to ask first.`,
  },
  es: {
    path: "/es/contact",
    button: "Usar mi ubicación",
    notice: /La posición de su teléfono va con esta solicitud/,
    privacy: "Aviso de privacidad",
    line: "Cerca de Lodi · posición enviada desde mi teléfono (±12 m)",
    sameAsPickup: "El mismo lugar donde está",
    labels: {
      name: "Nombre",
      phone: "Teléfono",
      email: "Correo electrónico",
      service: "Servicio",
      pickup: "Dónde está el vehículo",
      dropoff: "Adónde hay que llevarlo",
    },
    send: /Enviar solicitud/,
    denied: `La ubicación está desactivada para este sitio. Escriba la calle, la esquina o la salida más cercana, o llame al ${PHONE}.`,
    timeout: `Encontrar su posición tardó demasiado. Escriba la calle, la esquina o la salida más cercana, o llame al ${PHONE}.`,
    sent: "Solicitud enviada",
    found: "Ubicación agregada. Todavía puede agregar un punto de referencia o su sentido de viaje.",
    outside: `Esta posición está fuera del área que atendemos, así que tal vez no podamos mandar ayuda allí. Aun así puede enviar la solicitud, o llame al ${PHONE} para preguntar primero.`,
  },
} as const;
type Words = (typeof words)[keyof typeof words];

const form = (page: Page) => page.getByTestId("contact-form");
const textbox = (page: Page, name: string) => form(page).getByRole("textbox", { name, exact: true });

async function openForm(page: Page, path: string) {
  await page.goto(path);
  await form(page).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const island = document.querySelector("[data-testid=contact-form]")?.closest("astro-island");
    return island !== null && island !== undefined && !island.hasAttribute("ssr");
  });
}

async function fillTheRest(page: Page, t: Words, name: string) {
  await textbox(page, t.labels.name).fill(name);
  await textbox(page, t.labels.phone).fill("209-555-0133");
  await textbox(page, t.labels.email).fill("gps.driver@example.com");
  await form(page).getByRole("combobox", { name: t.labels.service, exact: true }).selectOption("Towing");
  await textbox(page, t.labels.dropoff).fill("2100 Pacific Ave, Stockton");
}

/** The request's number from the confirmation that replaces the form. */
async function sentNumber(page: Page): Promise<number> {
  const confirmation = page.getByTestId("request-confirmation");
  await expect(confirmation).toBeVisible();
  const text = (await confirmation.textContent()) ?? "";
  const number = Number(/(\d+)/.exec(text)?.[1]);
  expect(number).toBeGreaterThan(0);
  return number;
}

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

for (const locale of ["en", "es"] as const) {
  const t = words[locale];

  test.describe(`"Use my location" on the ${locale === "en" ? "English" : "Spanish"} form`, () => {
    test.describe("with the location allowed", () => {
      test.use({ geolocation: LODI, permissions: ["geolocation"] });

      test("the notice comes first; a tap fills the pickup line, and the fix reaches the desk with the nearest town", async ({
        page,
      }) => {
        await openForm(page, t.path);
        // Before anything is collected: what is sent, and a link to the privacy page.
        const block = page.getByTestId("use-my-location");
        await expect(block.getByTestId("location-notice")).toHaveText(t.notice);
        await expect(block.getByRole("link", { name: t.privacy })).toHaveAttribute(
          "href",
          locale === "en" ? "/privacy" : "/es/privacy",
        );
        await block.getByRole("button", { name: t.button }).click();
        const pickup = textbox(page, t.labels.pickup);
        await expect(pickup).toHaveValue(t.line);
        // The position goes in its own fields only: no coordinates in the words, which outlive it.
        await expect(pickup).not.toHaveValue(/\d+\.\d{2,}/);
        // Nor in a drop-off copied from the pickup.
        await form(page).getByRole("combobox", { name: t.labels.service, exact: true }).selectOption("Jump Start");
        await form(page).getByRole("button", { name: t.sameAsPickup }).click();
        await expect(textbox(page, t.labels.dropoff)).toHaveValue(t.line);
        // The driver may still add a landmark or a direction.
        await pickup.fill(`${t.line} · southbound I-5`);
        const name = uniqueName(`GPS Driver ${locale}`);
        await fillTheRest(page, t, name);
        await form(page).getByRole("button", { name: t.send }).click();
        const id = await sentNumber(page);

        await signInToDesk(page);
        await page.goto(`/desk#/requests/${id}`);
        await expect(page.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
        const where = page.getByTestId("driver-location");
        await expect(where.getByTestId("nearest-town")).toHaveText(
          "Nearest town: Lodi, 0.8 km from its center · inside the service area",
        );
        await expect(where.getByTestId("location-accuracy")).toHaveText("(±12 m)");
        await expect(where.getByTestId("location-age")).toHaveText(/just now|min ago/);
        await expect(where.getByTestId("geo-link")).toHaveAttribute("href", "geo:38.1302,-121.2724");
        await expect(where.getByTestId("osm-link")).toHaveAttribute(
          "href",
          "https://www.openstreetmap.org/?mlat=38.1302&mlon=-121.2724#map=17/38.1302/-121.2724",
        );
        // The map loads only when asked for.
        const map = where.locator("iframe");
        await expect(map).toBeHidden();
        await where.getByTestId("show-driver-map").click();
        await expect(map).toBeVisible();
      });
    });

    test.describe("with the location refused", () => {
      test.use({ permissions: [] });

      test("says so, with what to type and the phone, and the typed place still sends", async ({ page }) => {
        await openForm(page, t.path);
        await page.getByTestId("use-my-location").getByRole("button", { name: t.button }).click();
        await expect(page.getByTestId("location-status")).toHaveText(t.denied);
        await textbox(page, t.labels.pickup).fill("Eight Mile Rd exit, I-5 southbound");
        await fillTheRest(page, t, uniqueName(`Denied Driver ${locale}`));
        await form(page).getByRole("button", { name: t.send }).click();
        await sentNumber(page);
      });
    });

    test.describe("with a phone that finds no position", () => {
      // Allowed, but Playwright gives no fix: the browser would wait for its own 15 s.
      test.use({ permissions: ["geolocation"] });

      test("after 15 s on the page's clock, says it took too long; the typed place still sends", async ({ page }) => {
        await page.clock.install();
        await openForm(page, t.path);
        const block = page.getByTestId("use-my-location");
        await block.getByRole("button", { name: t.button }).click();
        await expect(block.getByRole("button", { name: /Finding your location|Buscando su ubicación/ })).toBeDisabled();
        await page.clock.fastForward(14_000);
        await expect(page.getByTestId("location-status")).toHaveText("");
        await page.clock.fastForward(1_000);
        // Well before the browser's own 15 s have passed in real time.
        await expect(page.getByTestId("location-status")).toHaveText(t.timeout, { timeout: 5_000 });
        await expect(block.getByRole("button", { name: t.button })).toBeEnabled();
        await textbox(page, t.labels.pickup).fill("Walmart parking lot, Tracy");
        await fillTheRest(page, t, uniqueName(`Timeout Driver ${locale}`));
        await form(page).getByRole("button", { name: t.send }).click();
        await sentNumber(page);
      });
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the form has no location button and still posts as before", async ({ page }) => {
    await page.goto("/contact");
    await expect(form(page)).toBeVisible();
    // Pre-rendered (so nothing jumps when the island wakes) but hidden where no script runs.
    await expect(page.getByTestId("use-my-location")).toBeHidden();
    await expect(form(page).getByRole("button", { name: "Use my location" })).toHaveCount(0);
  });
});

/** Issue 48: on a 390x844 phone, what a driver sees around "Use my location". */
test.describe("on a 390x844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const locale of ["en", "es"] as const) {
    const t = words[locale];

    test.describe(`outside the area served (${locale})`, () => {
      test.use({ geolocation: SACRAMENTO, permissions: ["geolocation"] });

      test("the position names the nearest town in the pickup, and the form says plainly it is outside the area, with the phone to tap; it still sends", async ({
        page,
      }) => {
        await openForm(page, t.path);
        const block = page.getByTestId("use-my-location");
        await block.getByRole("button", { name: t.button }).click();
        const pickup = textbox(page, t.labels.pickup);
        await expect(pickup).toHaveValue(new RegExp(`^${locale === "en" ? "Near" : "Cerca de"} Acampo · `));
        // The position goes in its own fields, never into the words (issue 47).
        await expect(pickup).not.toHaveValue(/38\.58/);
        const status = page.getByTestId("location-status");
        await expect(status).toContainText(t.found);
        const outside = status.getByTestId("location-outside-area");
        await expect(outside).toBeVisible();
        await expect(outside).toHaveText(t.outside);
        await expect(outside.getByRole("link", { name: PHONE })).toHaveAttribute("href", "tel:+12095550142");
        // Said before sending: the message stands above the send button.
        const sendBox = await form(page).getByRole("button", { name: t.send }).boundingBox();
        const outsideBox = await outside.boundingBox();
        expect(outsideBox && sendBox && outsideBox.y < sendBox.y).toBe(true);
        await fillTheRest(page, t, uniqueName(`Outside Driver ${locale}`));
        await form(page).getByRole("button", { name: t.send }).click();
        await sentNumber(page);
      });
    });

    test.describe(`inside the area, location first (${locale})`, () => {
      test.use({ geolocation: LODI, permissions: ["geolocation"] });

      test("the short notice and the button stand before the pickup field; inside the area no warning", async ({
        page,
      }) => {
        await openForm(page, t.path);
        const block = page.getByTestId("use-my-location");
        const notice = block.getByTestId("location-notice");
        await expect(notice).toHaveText(t.notice);
        // Short: two lines or so on a phone, not a paragraph.
        expect(((await notice.textContent()) ?? "").length).toBeLessThanOrEqual(200);
        await expect(notice.getByRole("link", { name: t.privacy })).toHaveAttribute(
          "href",
          locale === "en" ? "/privacy" : "/es/privacy",
        );
        const button = await block.getByRole("button", { name: t.button }).boundingBox();
        const pickup = await textbox(page, t.labels.pickup).boundingBox();
        expect(button && pickup && button.y + button.height <= pickup.y).toBe(true);
        await block.getByRole("button", { name: t.button }).click();
        await expect(textbox(page, t.labels.pickup)).toHaveValue(t.line);
        await expect(page.getByTestId("location-status")).toHaveText(t.found);
        await expect(page.getByTestId("location-outside-area")).toHaveCount(0);
      });
    });

    test.describe(`location refused (${locale})`, () => {
      test.use({ permissions: [] });

      test("the message's phone number is a link to call", async ({ page }) => {
        await openForm(page, t.path);
        await page.getByTestId("use-my-location").getByRole("button", { name: t.button }).click();
        const status = page.getByTestId("location-status");
        await expect(status).toHaveText(t.denied);
        const call = status.getByRole("link", { name: PHONE });
        await expect(call).toHaveAttribute("href", "tel:+12095550142");
        const box = await call.boundingBox();
        expect(box && box.height >= 24).toBe(true);
      });
    });
  }
});
