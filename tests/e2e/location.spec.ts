import { expect, type Page, test } from "@playwright/test";
import { signInToDesk } from "../support/desk-e2e";

/** A fix on the south side of Lodi, as Playwright's geolocation gives it to the page. */
const LODI = { latitude: 38.1302, longitude: -121.2724, accuracy: 12 };
const PHONE = "(209) 555-0142";

let counter = 0;
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}${(counter++).toString(36)}`;

const words = {
  en: {
    path: "/contact",
    button: "Use my location",
    notice: /Tapping it sends your phone's position with this request/,
    privacy: "Privacy notice",
    line: "Near Lodi · GPS 38.1302, -121.2724 (±12 m)",
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
  },
  es: {
    path: "/es/contact",
    button: "Usar mi ubicación",
    notice: /Al tocarlo, se envía la posición de su teléfono/,
    privacy: "Aviso de privacidad",
    line: "Cerca de Lodi · GPS 38.1302, -121.2724 (±12 m)",
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
    await expect(page.getByTestId("use-my-location")).toHaveCount(0);
    await expect(form(page).getByRole("button", { name: "Use my location" })).toHaveCount(0);
  });
});
