import { type APIRequestContext, expect, test } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { DESK_EMAIL, DESK_PASSWORD, signInToDesk } from "../support/desk-e2e";
import { consoleProblems, waitForIsland } from "../support/islands";

const PHONE = { width: 360, height: 740 };

/** Signs the API context in to the desk, as the desk's page does: the session's token, then sign-in. Returns the CSRF token. */
async function deskApi(api: APIRequestContext, origin: string): Promise<string> {
  const session = (await (await api.get("/api/desk/session")).json()) as { csrfToken: string };
  const signIn = await api.post("/api/desk/sign-in", {
    headers: { "x-csrf-token": session.csrfToken, origin },
    data: { email: DESK_EMAIL, password: DESK_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  return ((await signIn.json()) as { csrfToken: string }).csrfToken;
}

/**
 * The whole review flow on a phone: a request is done (desk API), the driver's page asks "How did it
 * go?", the driver answers with consent, the owner publishes it on the desk's Reviews page, and the
 * home page's carousel shows it first, in the driver's words; then the owner deletes it (the driver
 * asked), after a confirmation, and it leaves the desk and the home page.
 */
test("a finished request is asked, answered with consent, published, and shown on the home page", async ({
  browser,
  baseURL,
  playwright,
}) => {
  const origin = new URL(baseURL as string).origin;
  const api = await playwright.request.newContext({ baseURL });
  const words = `Careful with my car, thanks ${Date.now().toString(36)}`;
  const created = await api.post("/api/contact", {
    data: {
      name: "Lupe Review Tester",
      email: "lupe.review@example.com",
      phone: "(209) 555-0177",
      service: "Towing",
      pickupLocation: "Pacific Ave & March Ln, Stockton",
      dropoffLocation: "1200 W Fremont St, Stockton",
    },
  });
  expect(created.status()).toBe(201);
  const { id, requestPage } = (await created.json()) as { id: number; requestPage: string };

  const csrf = await deskApi(api, origin);
  const done = await api.post(`/api/desk/requests/${id}/status`, {
    headers: { "x-csrf-token": csrf, origin },
    data: { status: "completed" },
  });
  expect(done.status()).toBe(200);

  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems = consoleProblems(page);
  await page.goto(requestPage);
  // The review form the server rendered is the one React hydrates: nothing said of a mismatch.
  await waitForIsland(page, "RequestReview");
  expect(problems).toEqual([]);
  const ask = page.getByTestId("request-review");
  await expect(ask.getByRole("heading", { name: "How did it go?" })).toBeVisible();
  const consent = ask.getByRole("checkbox", {
    name: "You may show my first name, my town and this review on the website",
  });
  await expect(consent).not.toBeChecked();
  // The stars are a radio group: the keyboard moves between them.
  await ask.getByRole("radio", { name: "3 stars: OK" }).check();
  await page.keyboard.press("ArrowRight");
  await expect(ask.getByRole("radio", { name: "4 stars: good" })).toBeChecked();
  const star = await ask
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "4 stars: good" }) })
    .boundingBox();
  expect(star?.width).toBeGreaterThanOrEqual(24);
  expect(star?.height).toBeGreaterThanOrEqual(24);
  // The limit as a person writes the number.
  await expect(ask.getByText("Up to 1,000 characters.")).toBeVisible();
  await ask.getByRole("textbox", { name: "Anything you want to tell us (optional)" }).fill(words);
  await consent.check();
  await ask.getByRole("button", { name: "Send my review" }).click();
  await expect(ask.getByRole("status")).toContainText("Thank you: your review is saved.");

  // The owner publishes it from the desk's Reviews page.
  await signInToDesk(page);
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Reviews" }).click();
  const card = page.getByTestId("desk-review").filter({ hasText: words });
  await expect(card.getByTestId("review-consent")).toHaveText(/^Yes/);
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(card.getByTestId("review-state")).toHaveText(/^On the website since/);
  // The count reads right in the singular and the plural.
  const counted = (await page.getByText(/published on the website\.$/).textContent()) ?? "";
  expect(counted).toMatch(/^(1 review|(0|[2-9]|\d{2,}) reviews), \d+ published on the website\.$/);

  // The home page's first card is the driver's, with the first name and the stars; samples fill the rest.
  await page.goto("/");
  const first = page.getByTestId("testimonials-carousel").getByTestId("testimonial").first();
  await expect(first).toContainText(words);
  await expect(first).toContainText("Lupe");
  await expect(first).not.toContainText("Tester");
  await expect(first.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(page.getByTestId("testimonials-carousel").getByTestId("testimonial")).toHaveCount(7);
  // Still no review or rating in the structured data.
  for (const data of await page.locator('script[type="application/ld+json"]').allTextContents()) {
    expect(data).not.toMatch(/"Review"|"AggregateRating"|aggregateRating/);
  }

  // The driver asks for it to be deleted: the owner deletes it from the desk, after a confirmation.
  await page.goto("/desk#/reviews");
  const toDelete = page.getByTestId("desk-review").filter({ hasText: words });
  await toDelete.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete the review by Lupe?" });
  await expect(confirm).toContainText("for good");
  expect(await seriousViolations(page, "desk reviews, deleting")).toEqual([]);
  await confirm.getByRole("button", { name: "Delete review" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Review \d+ deleted\.$/ })).toBeVisible();
  await expect(page.getByTestId("desk-review").filter({ hasText: words })).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByTestId("testimonials-carousel")).not.toContainText(words);
  await context.close();
  await api.dispose();
});
