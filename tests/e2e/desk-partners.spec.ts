import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { signInToDesk } from "../support/desk-e2e";

/**
 * The desk's partner work on a phone (360 px): add a partner, find it in the directory, offer a
 * request to it and see the offer listed with its text-the-offer link. The server's rules (rotation,
 * insurance, expiry, the race) have their own server tests; this checks what the owner sees.
 */
test.use({ viewport: { width: 360, height: 740 } });

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The day a year from now: an insurance certificate still valid. */
const nextYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** Nothing wider than the phone (the page never scrolls sideways), and nothing serious for axe. */
async function expectFitsAndAccessible(page: Page, label: string) {
  // For a person to look at: SCREENSHOT_DIR=... npx playwright test tests/e2e/desk-partners.spec.ts
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({
      path: `${process.env.SCREENSHOT_DIR}/partners-${label.replaceAll(" ", "-")}.png`,
      fullPage: true,
    });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page, label)).toEqual([]);
}

test("add a partner, then offer a request to it and see the offer", async ({ page, request }) => {
  test.slow(); // a sign-in, a form and a request page on a busy two-core machine
  const company = unique("Rivera <b>Towing</b>");
  const driverPhone = "(209) 555-0148";
  const res = await request.post("/api/contact", {
    data: {
      name: unique("Partner Driver"),
      email: "driver.partners@example.com",
      phone: driverPhone,
      service: "Flat Tire",
      pickupLocation: "Hammer Ln & West Ln, Stockton",
      dropoffLocation: "2100 Pacific Ave, Stockton",
    },
  });
  expect(res.status()).toBe(201);
  const requestId = (await res.json()).id as number;

  await signInToDesk(page);

  // The directory, from the desk's nav.
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Partners" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Partners" })).toBeVisible();
  await page.getByRole("link", { name: "Add a partner" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a partner" })).toBeVisible();

  // Sent empty, the form says what each field needs, beside it.
  await page.getByRole("button", { name: "Add partner" }).click();
  await expect(page.getByText("Choose at least one service they take")).toBeVisible();
  await expect(page.getByLabel("Company name")).toBeFocused();

  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Contact name").fill("Ana Rivera");
  await page.getByLabel("Phone").fill("(209) 555-0190");
  await page.getByLabel("E-mail").fill("dispatch@rivera.example");
  await page.getByRole("group", { name: "Services they take" }).getByLabel("Flat Tire").check();
  await page.getByRole("group", { name: "Towns they cover" }).getByLabel("Stockton").check();
  await page.getByLabel("Insurance certificate expires on").fill(nextYear());
  await page.getByLabel("Notes (optional)").fill("Nights only <script>alert(1)</script>");
  await expectFitsAndAccessible(page, "partner form");
  await page.getByRole("button", { name: "Add partner" }).click();

  // Back on the list: the partner is there, active, insured, and what was typed shows as text.
  await expect(page.getByRole("heading", { level: 1, name: "Partners" })).toBeVisible();
  await expect(page.getByText(`${company} was added.`)).toBeVisible();
  const card = page.getByTestId("partner").filter({ has: page.getByRole("heading", { name: company }) });
  await expect(card).toContainText("Active");
  await expect(card).toContainText("Insurance valid until");
  await expect(card).toContainText("Nights only <script>alert(1)</script>");
  await expectFitsAndAccessible(page, "partners");

  // The request: no position from the driver's phone, so the owner picks the town to match on.
  await page.goto(`/desk#/requests/${requestId}`);
  const panel = page.getByTestId("offer-panel");
  await expect(panel.getByRole("heading", { name: "Offer to partners" })).toBeVisible();
  await panel.getByLabel("Town to match partners on").selectOption("Stockton");
  await panel.getByRole("checkbox", { name: company }).check();
  await panel.getByRole("button", { name: "Offer to selected" }).click();
  await expect(panel.getByRole("status")).toContainText(`Offered to ${company}.`);

  const offer = panel.getByRole("list", { name: "Offers" }).getByTestId("offer");
  await expect(offer).toHaveCount(1);
  await expect(offer).toContainText(company);
  await expect(offer).toContainText("Waiting for an answer");
  const sms = offer.getByRole("link", { name: /Text the offer/ });
  const href = (await sms.getAttribute("href")) ?? "";
  expect(href).toMatch(/^sms:\+?2095550190\?/);
  const body = decodeURIComponent(href.slice(href.indexOf("body=") + 5));
  expect(body).toContain("Flat Tire");
  expect(body).toContain("Stockton");
  // Never the private link nor the driver's phone in a text the owner forwards.
  expect(body).not.toContain("/offer/");
  expect(body.replace(/\D/g, "")).not.toContain("2095550148");
  await expect(offer.getByRole("link", { name: /Call/ })).toHaveAttribute("href", "tel:+12095550190");

  // The driver gave no vehicle: the owner adds what the operator must hold (CVC 22513(a)(2)).
  const vehicle = page.getByTestId("vehicle-for-operator");
  await expect(vehicle).toContainText("Plate: not added yet");
  await vehicle.getByLabel("Year, make and model").fill("2014 Honda Civic, silver");
  await vehicle.getByLabel("Plate").fill("8abc123");
  await vehicle.getByRole("button", { name: "Save vehicle" }).click();
  await expect(vehicle).toContainText("Plate: 8ABC123");
  await expect(vehicle).toContainText("Year, make and model: 2014 Honda Civic, silver");
  // Complete, the form folds away behind "Change".
  await expect(vehicle.getByRole("button", { name: "Save vehicle" })).toBeHidden();

  // The timeline names whom the job was offered to, after the request's arrival.
  const timeline = page.getByTestId("timeline");
  await expect(timeline.getByRole("listitem").first()).toContainText("Received");
  await expect(timeline).toContainText(`offered the job to ${company}`);
  await expect(timeline).toContainText("added the vehicle's details");
  await expectFitsAndAccessible(page, "request with offers");

  // The report lists the partner with its one offer.
  await page.goto("/desk#/partners/report?days=7");
  await expect(page.getByRole("heading", { level: 1, name: "Partners report" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: company });
  await expect(row.getByRole("cell").nth(1)).toContainText("1");
  const csv = page.getByRole("link", { name: "Download CSV" });
  await expect(csv).toHaveAttribute(
    "href",
    /^\/api\/desk\/partners\/report\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
  );
  // The same figures as a file, with the desk's session (the page's cookies).
  const file = await page.request.get((await csv.getAttribute("href")) ?? "");
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain(company);
  await expectFitsAndAccessible(page, "partners report");
});

test("a webhook address inside our network is refused where it was typed, saying what to ask the partner for", async ({
  page,
}) => {
  test.slow(); // a sign-in and a form on a busy two-core machine
  const company = unique("Metadata Towing");
  await signInToDesk(page);
  await page.goto("/desk#/partners/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add a partner" })).toBeVisible();
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Contact name").fill("Ana Rivera");
  await page.getByLabel("Phone").fill("(209) 555-0191");
  await page.getByLabel("E-mail").fill("dispatch@rivera.example");
  // The cloud's metadata address: the server would never post to it, so it is not stored either.
  await page.getByLabel("Webhook address (optional)").fill("https://169.254.169.254/latest/meta-data/");
  await page.getByRole("group", { name: "Services they take" }).getByLabel("Flat Tire").check();
  await page.getByRole("group", { name: "Towns they cover" }).getByLabel("Stockton").check();
  await page.getByLabel("Insurance certificate expires on").fill(nextYear());
  await page.getByRole("button", { name: "Add partner" }).click();

  const webhook = page.getByLabel("Webhook address (optional)");
  await expect(webhook).toBeFocused();
  await expect(webhook).toHaveAttribute("aria-invalid", "true");
  await expect(webhook).toHaveAccessibleDescription(/must be a public https address on the internet/);
  await expect(
    page.getByText(/Ask the partner for the public address their dispatch system takes events at/),
  ).toBeVisible();
  await expectFitsAndAccessible(page, "partner form refused webhook");

  // Cleared, the partner is added without one.
  await webhook.fill("");
  await page.getByRole("button", { name: "Add partner" }).click();
  await expect(page.getByText(`${company} was added.`)).toBeVisible();
});

test.describe("on a 390x844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a partner added while a request is open is in its offer list at once, with no poll", async ({
    page,
    request,
  }) => {
    test.slow();
    const res = await request.post("/api/contact", {
      data: {
        name: unique("Refresh Driver"),
        email: "driver.refresh@example.com",
        phone: "(209) 555-0144",
        service: "Flat Tire",
        pickupLocation: "Pacific Ave & March Ln, Stockton",
        dropoffLocation: "2100 Pacific Ave, Stockton",
      },
    });
    const requestId = (await res.json()).id as number;
    // The page's clock stands still: no 15 s poll can bring the list, only the addition itself.
    await page.clock.install();
    await signInToDesk(page);
    await page.goto(`/desk#/requests/${requestId}`);
    const panel = page.getByTestId("offer-panel");
    await panel.getByLabel("Town to match partners on").selectOption("Stockton");
    const company = unique("Quick Add Towing");
    await expect(panel.getByRole("checkbox", { name: company })).toHaveCount(0);

    await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Partners" }).click();
    await page.getByRole("link", { name: "Add a partner" }).click();
    await page.getByLabel("Company name").fill(company);
    await page.getByLabel("Contact name").fill("Quinn");
    await page.getByLabel("Phone").fill("(209) 555-0191");
    await page.getByLabel("E-mail").fill("dispatch@quick.example");
    await page.getByRole("group", { name: "Services they take" }).getByLabel("Flat Tire").check();
    await page.getByRole("group", { name: "Towns they cover" }).getByLabel("Stockton").check();
    await page.getByLabel("Insurance certificate expires on").fill(nextYear());
    await page.getByRole("button", { name: "Add partner" }).click();
    await expect(page.getByText(`${company} was added.`)).toBeVisible();

    // Back to the request in the same page (no reload): only the desk's own refresh can bring the list.
    await page.evaluate((id) => {
      window.location.hash = `#/requests/${id}`;
    }, requestId);
    await expect(page).toHaveURL(new RegExp(`#/requests/${requestId}$`));
    await panel.getByLabel("Town to match partners on").selectOption("Stockton");
    await expect(panel.getByRole("checkbox", { name: company })).toBeVisible();

    // Paused, the partner is marked so in the partners report.
    await page.evaluate(() => {
      window.location.hash = "#/partners";
    });
    await page.getByRole("button", { name: `Pause ${company}` }).click();
    await expect(page.getByText(`${company} is paused.`)).toBeVisible();
    await page.evaluate(() => {
      window.location.hash = "#/partners/report?days=7";
    });
    const row = page.getByRole("row").filter({ hasText: company });
    await expect(row.getByTestId("paused")).toHaveText("Paused");
    await expect(page.getByTestId("paused").filter({ hasText: "Paused" })).not.toHaveCount(0);
  });
});
