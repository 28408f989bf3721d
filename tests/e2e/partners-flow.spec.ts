import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { signInToDesk } from "../support/desk-e2e";
import type { CapturedMail } from "../support/e2e-mail";

/**
 * Issue 40's proof, on phone size, end to end: a service request comes in and the desk offers it to two
 * partners; A declines on its offer page, B accepts with 25 minutes; the driver's page, open since
 * before, says "about 25 minutes" without a reload; B reports On the way, On scene, Done, and the
 * desk's timeline shows every step; A's link then says the job was taken. The offer links travel only
 * by e-mail (the server keeps their SHA-256), so each partner's link is read from the e-mail that
 * reached the e2e mailbox (tests/support/e2e-mail.ts), as the partner would read it.
 */
const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const MAILBOX = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}`;
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const phoneContext = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });

/** The path of the offer link in the offer e-mail for `requestId` that reached `address`, once it has. */
async function offerLinkMailedTo(request: APIRequestContext, address: string, requestId: number): Promise<string> {
  let path = "";
  await expect
    .poll(
      async () => {
        const res = await request.get(`${MAILBOX}/mails?to=${encodeURIComponent(address)}`);
        const mails = (await res.json()) as CapturedMail[];
        const offer = mails.find((m) => m.alert === "offer_created" && m.requestId === requestId);
        // The link's origin is the public site's (PUBLIC_SITE_URL); the path is the same on this server.
        const link = offer?.text.match(/https?:\/\/\S+\/offer\/[\w-]+/)?.[0];
        path = link ? new URL(link).pathname : "";
        return path;
      },
      { message: `the offer e-mail to ${address}` },
    )
    .toMatch(/^\/offer\/[\w-]{20,}$/);
  return path;
}

/** The partner opens the offer `link` (from their e-mail) on their phone and accepts with `minutes`; their page. */
async function acceptOnPhone(phone: BrowserContext, link: string, minutes: number): Promise<Page> {
  const page = await phone.newPage();
  await page.goto(link);
  await page.getByLabel("Your arrival estimate, in minutes").fill(String(minutes));
  await page.getByRole("button", { name: "Accept the job" }).click();
  await expect(page.getByTestId("offer-accepted")).toContainText(`about ${minutes} minutes`);
  return page;
}

interface E2ePartner {
  name: string;
  email: string;
  phone: string;
}

/** The desk adds partners in Lodi taking `service` (its own API, with the session's CSRF token). */
async function addPartners(desk: Page, baseURL: string | undefined, partners: E2ePartner[], service: string) {
  const { csrfToken } = (await (await desk.request.get("/api/desk/session")).json()) as { csrfToken: string };
  for (const p of partners) {
    const res = await desk.request.post("/api/desk/partners", {
      headers: { origin: new URL(baseURL ?? "").origin, "x-csrf-token": csrfToken },
      data: {
        companyName: p.name,
        contactName: "Dispatch",
        phone: p.phone,
        email: p.email,
        services: [service],
        towns: ["Lodi"],
        insuranceExpiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test("offered to two partners: A declines, B accepts with 25 minutes and reports each step; the driver, the desk and A see it", async ({
  page: desk,
  browser,
  baseURL,
  request,
}) => {
  const run = suffix();
  // A service and a town no other spec's partners take, so the candidates are these two.
  const partners = [
    { name: `Alder Towing ${run}`, email: `dispatch-a-${run}@partners.example`, phone: "(209) 555-0131" },
    { name: `Birch Roadside ${run}`, email: `dispatch-b-${run}@partners.example`, phone: "(209) 555-0132" },
  ];
  const [alder, birch] = partners as [(typeof partners)[0], (typeof partners)[0]];

  // 1. The driver's service request comes in; its answer gives the driver's page.
  const created = await request.post("/api/contact", {
    data: {
      name: `Flow Driver ${run}`,
      email: "driver.flow@example.com",
      phone: "(209) 555-0149",
      service: "Vehicle Lockouts",
      pickupLocation: "W Kettleman Ln & S Ham Ln, Lodi",
      dropoffLocation: "W Kettleman Ln & S Ham Ln, Lodi",
    },
  });
  expect(created.status()).toBe(201);
  const { id: requestId, requestPage } = (await created.json()) as { id: number; requestPage: string };

  // The driver's page, open from now on, following the request live.
  const driverContext = await phoneContext(browser, baseURL);
  const driver = await driverContext.newPage();
  const live = driver.waitForResponse((r) => r.url().endsWith("/events") && r.status() === 200);
  await driver.goto(requestPage);
  await live;
  await expect(driver.getByTestId("request-partner")).toHaveCount(0);
  // Gone with any reload or navigation: its presence at the end proves the page was never loaded again.
  await driver.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // The desk adds the two partners.
  await signInToDesk(desk);
  await addPartners(desk, baseURL, partners, "vehicle-lockouts");

  // ...and offers the job to both: no phone position, so the owner picks the town.
  await desk.goto(`/desk#/requests/${requestId}`);
  const panel = desk.getByTestId("offer-panel");
  await panel.getByLabel("Town to match partners on").selectOption("Lodi");
  await panel.getByRole("checkbox", { name: alder.name }).check();
  await panel.getByRole("checkbox", { name: birch.name }).check();
  await panel.getByRole("button", { name: "Offer to selected" }).click();
  await expect(panel.getByRole("status")).toContainText("Offered to");
  await expect(panel.getByTestId("offer")).toHaveCount(2);

  // Each partner's link, from the e-mail sent to that partner's address.
  const alderLink = await offerLinkMailedTo(request, alder.email, requestId);
  const birchLink = await offerLinkMailedTo(request, birch.email, requestId);
  expect(alderLink).not.toBe(birchLink);

  // 2. Partner A declines, on its own phone.
  const alderContext = await phoneContext(browser, baseURL);
  const alderPage = await alderContext.newPage();
  await alderPage.goto(alderLink);
  await expect(alderPage.getByRole("heading", { level: 1 })).toContainText(`Job offer #${requestId}`);
  await alderPage.getByText("Decline this job").click();
  await alderPage.getByLabel("Reason (optional)").fill("Both trucks out");
  await alderPage.getByRole("button", { name: "Decline", exact: true }).click();
  await expect(alderPage.getByRole("heading", { name: "You declined this job" })).toBeVisible();

  // 3. Partner B accepts with 25 minutes.
  const birchContext = await phoneContext(browser, baseURL);
  const birchPage = await acceptOnPhone(birchContext, birchLink, 25);

  // 4. The driver's page shows it, live.
  const accepted = driver.getByTestId("partner-accepted");
  await expect(accepted).toContainText(birch.name);
  // Their estimate is the arrival line now (a clock time and the minutes left): the acceptance line says who and when.
  await expect(driver.getByTestId("partner-arrival")).toContainText("about 25 minutes, their estimate");

  // 5. B's steps, each on B's page and on the driver's.
  const steps = [
    { button: "I'm on the way", partner: "On the way", driver: "On the way" },
    { button: "I'm on scene", partner: "On scene", driver: "Arrived" },
    // Done ends the job: asked, then answered.
    { opens: "Job done", button: "Yes, the job is done", partner: "Done", driver: "Done" },
  ];
  for (const step of steps) {
    if (step.opens) await birchPage.getByText(step.opens, { exact: true }).click();
    await birchPage.getByRole("button", { name: step.button }).click();
    await expect(birchPage.getByTestId("offer-step")).toHaveText(step.partner);
    await expect(driver.getByTestId("partner-step")).toContainText(step.driver);
  }
  expect(await driver.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The desk, opened afresh: each offer's fate, and every step in the timeline, in order, by whom.
  await desk.reload();
  const offers = panel.getByTestId("offer");
  await expect(offers.filter({ hasText: alder.name })).toContainText("Declined");
  await expect(offers.filter({ hasText: birch.name })).toContainText("Accepted");
  const timeline = desk.getByTestId("timeline");
  const expected = [
    "Received",
    `offered the job to ${alder.name}`,
    `offered the job to ${birch.name}`,
    `${alder.name} declined the offer: Both trucks out`,
    `${birch.name} accepted: about 25 minutes`,
    `${birch.name} changed the status from New to Dispatched`,
    `${birch.name} reported: On the way`,
    `${birch.name} reported: On scene`,
    `${birch.name} reported: Done`,
    `${birch.name} changed the status from Dispatched to Completed`,
  ];
  await expect(timeline).toContainText(expected.at(-1) ?? "");
  const lines = await timeline.getByRole("listitem").allInnerTexts();
  const positions = expected.map((words) => lines.findIndex((line) => line.includes(words)));
  expect(positions, lines.join("\n")).not.toContain(-1);
  expect(positions, lines.join("\n")).toEqual([...positions].sort((a, b) => a - b));

  // 6. A's link now says the job was taken.
  await alderPage.goto(alderLink);
  await expect(alderPage.getByRole("heading", { name: "This job was taken" })).toBeVisible();
  await expect(alderPage.getByTestId("offer-taken")).toContainText("another operator accepted it");

  for (const context of [driverContext, alderContext, birchContext]) await context.close();
});

test("the partner who took the job could not complete it: the owner is e-mailed, the desk says so, and another partner takes it", async ({
  page: desk,
  browser,
  baseURL,
  request,
}) => {
  const run = suffix();
  const cedar = { name: `Cedar Towing ${run}`, email: `dispatch-c-${run}@partners.example`, phone: "(209) 555-0133" };
  const dogwood = { name: `Dogwood Tow ${run}`, email: `dispatch-d-${run}@partners.example`, phone: "(209) 555-0134" };
  const created = await request.post("/api/contact", {
    data: {
      name: `Undone Driver ${run}`,
      email: "driver.undone@example.com",
      phone: "(209) 555-0147",
      service: "Motorcycle Towing",
      pickupLocation: "Main St & Sacramento St, Lodi",
      dropoffLocation: "Main St & Sacramento St, Lodi",
    },
  });
  expect(created.status()).toBe(201);
  const { id: requestId } = (await created.json()) as { id: number };

  await signInToDesk(desk);
  await addPartners(desk, baseURL, [cedar, dogwood], "motorcycle-towing");
  const panel = desk.getByTestId("offer-panel");
  const offerTo = async (partner: string) => {
    await panel.getByLabel("Town to match partners on").selectOption("Lodi");
    await panel.getByRole("checkbox", { name: partner }).check();
    await panel.getByRole("button", { name: "Offer to selected" }).click();
    await expect(panel.getByText(`Offered to ${partner}.`)).toBeVisible();
  };
  await desk.goto(`/desk#/requests/${requestId}`);
  await offerTo(cedar.name);

  // Cedar accepts, then cannot complete it.
  const cedarLink = await offerLinkMailedTo(request, cedar.email, requestId);
  const cedarPage = await acceptOnPhone(await phoneContext(browser, baseURL), cedarLink, 15);
  await cedarPage.getByText("Could not complete the job").click();
  await cedarPage.getByLabel("What happened").fill("Winch broke on the way");
  await cedarPage.getByRole("button", { name: "Yes, could not complete", exact: true }).click();
  await expect(cedarPage.getByTestId("offer-step")).toHaveText("Could not complete");

  // The owner's e-mail says who and why, at once.
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${MAILBOX}/mails`)).json()) as CapturedMail[];
      return mails.find((m) => m.alert === "job_not_completed" && m.requestId === requestId)?.text ?? "";
    })
    .toContain(
      `${cedar.name} accepted this job, then reported that they could not complete it. Their reason: Winch broke on the way.`,
    );

  // The desk says so and offers the job again; Dogwood takes it.
  await desk.reload();
  await expect(
    panel.getByRole("status").filter({ hasText: `${cedar.name} could not complete the job. Offer it again below` }),
  ).toBeVisible();
  await offerTo(dogwood.name);
  const dogwoodLink = await offerLinkMailedTo(request, dogwood.email, requestId);
  const dogwoodPage = await acceptOnPhone(await phoneContext(browser, baseURL), dogwoodLink, 40);
  // The desk, left open, follows the job: the acceptance and its timeline line come without a reload
  // (read every 5 s while an offer waits, against 15 s otherwise; the wait allows for a busy machine).
  const follows = { timeout: 12_000 };
  await expect(panel.getByText(`${dogwood.name} has the job: no more offers are needed.`)).toBeVisible(follows);
  const timeline = desk.getByTestId("timeline");
  await expect(timeline).toContainText(`${dogwood.name} accepted: about 40 minutes`, follows);
  await expect(timeline).toContainText(`${cedar.name} reported: Could not complete`);

  for (const page of [cedarPage, dogwoodPage]) await page.context().close();
});

/** Where the job page's screenshots go, to be looked at by a person (SCREENSHOT_DIR to choose). */
const SCREENS = process.env.SCREENSHOT_DIR ?? "test-results/screens";
const TRUCK_PHONE = { width: 390, height: 844 };

/** The whole box of `locator` lies on the first screen of a 390x844 phone, unscrolled. */
async function aboveTheFold(locator: ReturnType<Page["getByRole"]>) {
  const box = await locator.boundingBox();
  expect(box, "it is shown").not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(TRUCK_PHONE.height);
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
}

test("the job page from a truck's cab: the deadline counting down, Accept above the fold, then call, navigate and one step at a time", async ({
  page: desk,
  browser,
  baseURL,
  request,
}) => {
  const run = suffix();
  const elm = { name: `Elm Towing ${run}`, email: `dispatch-e-${run}@partners.example`, phone: "(209) 555-0135" };
  const created = await request.post("/api/contact", {
    data: {
      name: `Cab Driver ${run}`,
      email: "driver.cab@example.com",
      phone: "(209) 555-0146",
      service: "Vehicle Lockouts",
      pickupLocation: "W Lodi Ave & S School St, Lodi",
      dropoffLocation: "W Lodi Ave & S School St, Lodi",
    },
  });
  expect(created.status()).toBe(201);
  const { id: requestId } = (await created.json()) as { id: number };
  await signInToDesk(desk);
  await addPartners(desk, baseURL, [elm], "vehicle-lockouts");
  await desk.goto(`/desk#/requests/${requestId}`);
  const panel = desk.getByTestId("offer-panel");
  await panel.getByLabel("Town to match partners on").selectOption("Lodi");
  await panel.getByRole("checkbox", { name: elm.name }).check();
  await panel.getByRole("button", { name: "Offer to selected" }).click();
  await expect(panel.getByText(`Offered to ${elm.name}.`)).toBeVisible();
  const link = await offerLinkMailedTo(request, elm.email, requestId);

  const context = await browser.newContext({ baseURL, viewport: TRUCK_PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(link);

  // Job first: no public footer, call band or chat; the deadline large and counting down.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
  await expect(page.getByRole("button", { name: /chat/i })).toHaveCount(0);
  const deadline = page.getByTestId("offer-deadline");
  await expect(deadline).toHaveText(/^Answer by \d{1,2}:\d{2} [AP]M, \d+ min left$/);
  const minutesLeft = async () => Number((await deadline.innerText()).match(/(\d+) min left/)?.[1]);
  const before = await minutesLeft();
  await page.clock.runFor(2 * 60_000);
  await expect(deadline).toContainText(`${before - 2} min left`);
  expect(await deadline.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);

  // The estimate and Accept on the first screen.
  const eta = page.getByLabel("Your arrival estimate, in minutes");
  const accept = page.getByRole("button", { name: "Accept the job" });
  await aboveTheFold(eta as ReturnType<Page["getByRole"]>);
  await aboveTheFold(accept);
  await page.screenshot({ path: `${SCREENS}/offer-before.png` });
  expect(await seriousViolations(page, "job page before accepting")).toEqual([]);

  await eta.fill("20");
  await accept.click();
  await expect(page.getByTestId("offer-accepted")).toContainText("about 20 minutes");

  // At the top after acceptance: call the driver, navigate, the pickup.
  const call = page.getByRole("link", { name: "Call the driver" });
  const navigate = page.getByRole("link", { name: "Navigate" });
  await expect(call).toHaveAttribute("href", "tel:+12095550146");
  await expect(navigate).toHaveAttribute("href", /^geo:/);
  await expect(page.getByRole("link", { name: "Open the address in maps" })).toHaveAttribute(
    "href",
    /maps.*W%20Lodi%20Ave/,
  );
  await expect(page.getByTestId("offer-pickup")).toHaveText("W Lodi Ave & S School St, Lodi");
  for (const top of [call, navigate, page.getByTestId("offer-pickup")])
    await aboveTheFold(top as ReturnType<Page["getByRole"]>);
  await page.screenshot({ path: `${SCREENS}/offer-after.png` });
  expect(await seriousViolations(page, "job page after accepting")).toEqual([]);

  // One step at a time: only the next step's button is there, so a mis-tap cannot skip one.
  const step = page.getByTestId("offer-step");
  await expect(page.getByRole("button", { name: "I'm on scene" })).toHaveCount(0);
  await expect(page.getByText("Job done", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "I'm on the way" }).click();
  await expect(step).toHaveText("On the way");
  await expect(page.getByRole("button", { name: "I'm on the way" })).toHaveCount(0);
  await expect(page.getByText("Job done", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "I'm on scene" }).click();
  await expect(step).toHaveText("On scene");

  // "Job done" and "Could not complete" each ask first: the first tap only opens the question.
  await page.getByText("Job done", { exact: true }).click();
  await expect(page.getByText("Is the job done?")).toBeVisible();
  await page.getByText("Could not complete the job").click();
  await expect(page.getByText("Could you not complete it?")).toBeVisible();
  await page.reload();
  await expect(step).toHaveText("On scene");
  await page.getByText("Job done", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, the job is done" }).click();
  await expect(step).toHaveText("Done");
  await context.close();
});
