import { expect, test } from "@playwright/test";
import { signInToDesk } from "../support/desk-e2e";

const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test("a call typed in the desk becomes a request with a driver's page, listed under the phone source", async ({
  page,
  context,
}) => {
  // A controlled clock: the inbox's 15 s poll comes when the test moves it.
  await page.clock.install();
  await signInToDesk(page);
  await page.getByRole("link", { name: "New request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New request from a call" })).toBeVisible();
  const name = uniqueName("Caller");
  await page.getByLabel("Caller's name").fill(name);
  await page.getByLabel("Caller's phone").fill("209-555-0166");
  await page.getByLabel("Caller's email").fill("caller@example.com");
  await page.getByLabel("Service").selectOption("Towing");
  await page.getByLabel("Pickup location").fill("I-5 southbound past Eight Mile Rd");
  // A mistake is named beside its field, and nothing is saved.
  await page.getByLabel("Drop-off location").fill("x");
  await page.getByRole("button", { name: "Save request" }).click();
  await expect(page.getByText("Enter at least 3 characters: a street, cross street or landmark")).toBeVisible();
  await page.getByLabel("Drop-off location").fill("2100 Pacific Ave, Stockton");
  await page.getByLabel("Caller's language").selectOption("es");
  // The desk asks for the newest requests again once this one is saved: the banner reads that answer.
  const asked = page.waitForResponse(
    (r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/api/desk/requests",
  );
  await page.getByRole("button", { name: "Save request" }).click();
  await asked;

  const saved = page.getByTestId("phone-in-saved");
  await expect(saved.getByRole("heading", { level: 1 })).toHaveText(/^Service request #\d+ saved$/);
  const id = Number(/#(\d+)/.exec((await saved.getByRole("heading", { level: 1 }).textContent()) ?? "")?.[1]);
  // The owner typed it in: the "New request" banner does not announce it, even after a poll.
  await page.clock.runFor(16_000);
  // (Other tests' requests may be announced meanwhile: never this one.)
  await expect(page.getByTestId("new-request-banner").filter({ hasText: `#${id} ` })).toHaveCount(0);
  // The caller's page as a text to send, in the caller's language, with Text (sms:) and Copy.
  const linkIn = (text: string | null) => /https?:\/\/\S+\/request\/[A-Za-z0-9_-]{43}/.exec(text ?? "")?.[0] ?? "";
  const callerText = saved.getByTestId("caller-page-text");
  await expect(callerText).toContainText(`su solicitud de servicio n.º ${id}`);
  const pageLink = linkIn(await callerText.textContent());
  expect(pageLink).not.toBe("");
  const sms = saved.getByRole("link", { name: "Text the caller their page" });
  await expect(sms).toHaveAttribute("href", /^sms:\+?2095550166\?&body=/);
  expect(decodeURIComponent((await sms.getAttribute("href")) ?? "")).toContain(pageLink);
  await expect(saved.getByRole("button", { name: "Copy the text" })).toBeVisible();

  // The caller's page works, in the caller's language.
  const driver = await context.newPage();
  await driver.goto(pageLink ?? "");
  await expect(driver.locator("html")).toHaveAttribute("lang", /^es/);
  await expect(driver.getByRole("heading", { level: 1 })).toContainText(String(id));
  await driver.close();

  // The inbox lists it with the others, and the source filter finds it.
  await page.goto("/desk#/");
  await page.getByLabel("Source").selectOption("phone");
  const list = page.getByRole("list", { name: "Service requests" });
  await expect(list.getByRole("link").filter({ hasText: name })).toBeVisible();
  await list.getByRole("link").filter({ hasText: name }).click();
  await expect(page.getByTestId("request-source")).toHaveText("Phone call");
  // Opened again on this page: the same link, with Text and Copy.
  const onRequest = page.getByTestId("caller-page-link");
  expect(linkIn(await onRequest.getByTestId("caller-page-text").textContent())).toBe(pageLink);
  await expect(onRequest.getByRole("link", { name: "Text the caller their page" })).toBeVisible();

  // After a reload only the hash is known: one tap makes a fresh link, with Text and Copy.
  await page.reload();
  await onRequest.getByRole("button", { name: "Make a link to the caller's page" }).click();
  await expect(onRequest.getByTestId("caller-page-text")).toContainText("/request/");
  const fresh = linkIn(await onRequest.getByTestId("caller-page-text").textContent());
  expect(fresh).not.toBe(pageLink);
  await expect(onRequest.getByRole("link", { name: "Text the caller their page" })).toBeVisible();
  // A newer one replaces it: the one before stops working; the link given at the save still works.
  await onRequest.getByRole("button", { name: /Make a new link/ }).click();
  await expect.poll(async () => linkIn(await onRequest.getByTestId("caller-page-text").textContent())).not.toBe(fresh);
  const open = async (link: string) => (await page.request.get(new URL(link).pathname)).status();
  expect(await open(fresh)).toBe(404);
  expect(await open(pageLink)).toBe(200);
});
