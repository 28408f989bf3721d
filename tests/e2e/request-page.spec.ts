import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { ALERTING_OWNER, type AlertingServer, startAlertingServer } from "../support/alerting-server";
import { seriousViolations } from "../support/axe";
import { signInToDesk } from "../support/desk-e2e";
import { consoleProblems, waitForIsland } from "../support/islands";
import { layoutProblems, scrollToEnd } from "../support/layout-audit";
import { launchLifecycleChromium } from "../support/lifecycle-chromium";
import type { ReceivedMail } from "../support/receivers";

/** Where the phone-size screenshots go, to be looked at by a person (SCREENSHOT_DIR to choose). */
const SCREENS = process.env.SCREENSHOT_DIR ?? "test-results/screens";
mkdirSync(SCREENS, { recursive: true });

const PHONE = { width: 375, height: 740 };
const STREAMS_PER_CLIENT = 2;
const MESSAGE = "Operator Mike, white flatbed, about 30 minutes";

let counter = 0;
const uniqueName = (label: string) =>
  `${label} ${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const driverFields = (name: string) => ({
  name,
  email: "driver.page@example.com",
  phone: "(209) 555-0163",
  service: "Jump Start",
  pickupLocation: "Hammer Ln & West Ln, Stockton",
  dropoffLocation: "Hammer Ln & West Ln, Stockton",
});

const phoneContext = (browser: Browser, baseURL: string | undefined, javaScriptEnabled = true) =>
  browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled });

/** Fills and sends the public form at /contact, as a driver does (with or without JavaScript). */
/**
 * The page's first event stream says "Received" once and then nothing, and asks the browser to wait
 * ten minutes before it reconnects by itself; later streams reach the server. Returns how many
 * streams the page has opened so far.
 */
async function silenceFirstStream(page: Page, token: string): Promise<() => number> {
  let streams = 0;
  await page.route(`**/api/request/${token}/events`, async (route) => {
    streams += 1;
    if (streams > 1) return route.continue();
    const live = { status: "received", message: null, cancelledAt: null, canCancel: true };
    return route.fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream", "cache-control": "no-store" },
      body: `retry: 600000\n\nevent: state\ndata: ${JSON.stringify(live)}\n\n`,
    });
  });
  return () => streams;
}

async function sendForm(page: Page, name: string) {
  await page.goto("/contact");
  const form = page.getByTestId("contact-form");
  const fields = driverFields(name);
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(fields.name);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(fields.email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill(fields.phone);
  await form.getByRole("combobox", { name: "Service", exact: true }).selectOption(fields.service);
  await form.getByRole("textbox", { name: "Pickup location", exact: true }).fill(fields.pickupLocation);
  await form.getByRole("textbox", { name: "Drop-off location", exact: true }).fill(fields.dropoffLocation);
  await form.getByRole("button", { name: "Send Request" }).click();
}

/** Signs in to the desk and opens request #id. */
async function openInDesk(page: Page, id: number) {
  await signInToDesk(page);
  await page.goto(`/desk#/requests/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
}

/** The owner moves the request to Dispatched ("on the way") and writes to the driver. */
async function dispatchWithMessage(desk: Page) {
  await desk.getByLabel("Status", { exact: true }).selectOption("dispatched");
  await expect(desk.getByRole("status").filter({ hasText: "Status saved: Dispatched." })).toBeVisible();
  await desk.getByLabel("Message to the driver").fill(MESSAGE);
  await desk.getByRole("button", { name: "Save message" }).click();
  await expect(desk.getByRole("status").filter({ hasText: "Message saved" })).toBeVisible();
}

const requestNumber = async (page: Page) =>
  Number((await page.getByTestId("request-number").first().innerText()).replace(/\D/g, ""));

test.describe("the driver's request page, with the owner's alerts on real receivers", () => {
  test.describe.configure({ mode: "serial" });
  let server: AlertingServer;
  const contexts: BrowserContext[] = [];

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this argument.
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(240_000);
    // Two live-update streams per address: the journey's page and its e-mailed twin fit, a third tab does not.
    server = await startAlertingServer({ REQUEST_PAGE_MAX_STREAMS_PER_CLIENT: String(STREAMS_PER_CLIENT) });
  });
  test.afterAll(async () => {
    for (const c of contexts) await c.close();
    await server?.stop();
  });

  test("phone: send, follow the link, the desk dispatches with a message, the page shows both live, cancel, the desk and the owner hear of it", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const driverContext = await phoneContext(browser, server.url);
    const deskContext = await phoneContext(browser, server.url);
    contexts.push(driverContext, deskContext);
    const driver = await driverContext.newPage();
    const desk = await deskContext.newPage();

    // The driver sends the form; the confirmation in its place links to the request's own page.
    await driver.goto("/contact");
    await waitForIsland(driver, "ServiceRequestForm");
    await sendForm(driver, uniqueName("Journey Driver"));
    const confirmation = driver.getByTestId("request-confirmation");
    await expect(confirmation).toBeVisible();
    const id = await requestNumber(driver);
    await confirmation.getByRole("link", { name: "your request page" }).click();
    await expect(driver).toHaveURL(/\/request\/[A-Za-z0-9_-]{43}$/);
    const pageUrl = driver.url();
    await expect(driver.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
    const problems = consoleProblems(driver);
    await waitForIsland(driver, "RequestLive");
    await waitForIsland(driver, "RequestReview");
    // React hydrated the very markup the server rendered: it says nothing of a mismatch.
    expect(problems).toEqual([]);
    await expect(driver.getByTestId("request-status")).toHaveText("Received");
    await expect(driver.getByTestId("request-facts")).toContainText("the number ending in 0163");
    await expect(driver.getByTestId("mobile-call-bar")).toBeInViewport();
    // Marks this document: a reload would lose it.
    await driver.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // The driver's confirmation e-mail links to the same request's page.
    await expect
      .poll(
        () =>
          server.smtp.mails.filter((m) => m.parsed.headers.get("x-service-request-alert") === "driver_confirmation")
            .length,
      )
      .toBe(1);
    const confirmationMail = server.smtp.mails.find(
      (m) => m.parsed.headers.get("x-service-request-alert") === "driver_confirmation",
    ) as ReceivedMail;
    expect(confirmationMail.envelopeTo).toEqual(["driver.page@example.com"]);
    const mailedPath = /\/request\/[A-Za-z0-9_-]{43}/.exec(confirmationMail.parsed.text ?? "")?.[0] ?? "";
    const mailedPage = await driverContext.newPage();
    await mailedPage.goto(mailedPath);
    await expect(mailedPage.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
    await mailedPage.close();

    // The owner, in their own browser, moves it to Dispatched and writes to the driver. The desk's
    // clock is the test's, so its 15 s refresh can be run at will.
    await desk.clock.install();
    await openInDesk(desk, id);
    await dispatchWithMessage(desk);

    // The driver's page shows both without a reload (pushed by the server).
    await expect(driver.getByTestId("request-status")).toHaveText("An operator is on the way");
    await expect(driver.getByTestId("request-message")).toHaveText(MESSAGE);
    expect(await driver.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(driver.url()).toBe(pageUrl);
    await driver.screenshot({ path: `${SCREENS}/request-page-on-the-way-phone.png`, fullPage: true });

    // "I no longer need help", with a reason, confirmed.
    await driver.getByText("I no longer need help").click();
    await driver.getByLabel("Reason (optional)").fill("A friend gave me a jump");
    await driver.getByRole("button", { name: "Yes, cancel my request" }).click();
    await expect(driver.getByTestId("request-status")).toHaveText("Cancelled");
    await expect(driver.getByText(/^You cancelled this request on /)).toBeVisible();
    await expect(driver.getByText("I no longer need help")).toHaveCount(0);
    await driver.screenshot({ path: `${SCREENS}/request-page-cancelled-phone.png`, fullPage: true });

    // The desk, open on the request, reads it again within 15 s and shows it cancelled, by whom and when.
    await desk.clock.runFor(16_000);
    const cancelled = desk.getByTestId("cancelled-by-driver");
    await expect(cancelled).toContainText("Cancelled by the driver on");
    await expect(cancelled).toContainText("Reason: A friend gave me a jump");
    await expect(desk.getByLabel("Status", { exact: true })).toHaveCount(0);
    await expect(
      desk.getByRole("listitem").filter({ hasText: "changed the status from Dispatched to Cancelled" }),
    ).toContainText("the driver");
    await desk.screenshot({ path: `${SCREENS}/desk-request-cancelled-phone.png`, fullPage: true });

    // The owner's receivers get the cancellation: an e-mail and a signed webhook.
    const cancelMail = () =>
      server.smtp.mails.find((m) => m.parsed.headers.get("x-service-request-alert") === "cancelled");
    await expect.poll(() => cancelMail() !== undefined).toBe(true);
    expect(cancelMail()?.envelopeTo).toEqual([ALERTING_OWNER]);
    expect(cancelMail()?.parsed.subject).toContain(`Cancelled by the driver: service request #${id}`);
    expect(cancelMail()?.parsed.text).toContain("A friend gave me a jump");
    const cancelHook = () =>
      server.hook.accepted().find((h) => (JSON.parse(h.body) as { type: string }).type === "service_request.cancelled");
    await expect.poll(() => cancelHook() !== undefined).toBe(true);
    expect(JSON.parse(cancelHook()?.body ?? "{}")).toMatchObject({
      type: "service_request.cancelled",
      id,
      cancelledBy: "driver",
      reason: "A friend gave me a jump",
    });
  });

  test("phone: a tab the server will not stream to (too many open from one address) still shows the owner's change within 15 s", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // The journey's pages are done with: closing them ends their streams.
    for (const c of contexts.splice(0)) await c.close();
    const openStreams = async () =>
      ((await (await fetch(`${server.url}/api/health`)).json()) as { requestPages: { streams: number } }).requestPages
        .streams;
    await expect.poll(openStreams).toBe(0);
    const driverContext = await phoneContext(browser, server.url);
    const deskContext = await phoneContext(browser, server.url);
    contexts.push(driverContext, deskContext);
    const sent = await driverContext.request.post("/api/contact", { data: driverFields(uniqueName("Many Tabs")) });
    expect(sent.status()).toBe(201);
    const { id, requestPage } = (await sent.json()) as { id: number; requestPage: string };

    // The driver opened the link in tab after tab: the first ones hold this address's streams.
    const tabs: Page[] = [];
    for (let i = 0; i < STREAMS_PER_CLIENT; i++) {
      const tab = await driverContext.newPage();
      await tab.goto(requestPage);
      await waitForIsland(tab, "RequestLive");
      tabs.push(tab);
    }
    await expect.poll(openStreams).toBe(STREAMS_PER_CLIENT);

    // The next tab is refused a stream and reads the state itself. Its clock is the test's, so its
    // 10 s reads and its minute before a stream again run when the test says.
    const driver = await driverContext.newPage();
    await driver.clock.install();
    const refused = driver.waitForResponse((r) => r.url().endsWith("/events") && r.status() === 429);
    const firstRead = driver.waitForResponse((r) => r.url().endsWith("/state") && r.status() === 200);
    await driver.goto(requestPage);
    await waitForIsland(driver, "RequestLive");
    await refused;
    await firstRead;
    await expect(driver.getByTestId("request-status")).toHaveText("Received");

    const desk = await deskContext.newPage();
    await openInDesk(desk, id);
    await dispatchWithMessage(desk);

    // Within the 15 s the page promises: its next read, 10 s on, shows both.
    await driver.clock.runFor(10_000);
    await expect(driver.getByTestId("request-status")).toHaveText("An operator is on the way");
    await expect(driver.getByTestId("request-message")).toHaveText(MESSAGE);
    await expect(driver.getByTestId("request-stopped")).toHaveCount(0);

    // A tab is closed; a minute after its refusal the page tries a stream again, and gets one.
    await tabs.pop()?.close();
    await expect.poll(openStreams).toBe(STREAMS_PER_CLIENT - 1);
    const streamed = driver.waitForResponse((r) => r.url().endsWith("/events") && r.status() === 200);
    await driver.clock.runFor(60_000);
    await streamed;
    await expect.poll(openStreams).toBe(STREAMS_PER_CLIENT);
  });
});

test.describe("the driver's request page on a phone", () => {
  test.use({ viewport: PHONE });

  test("works without JavaScript: the sent page links to it, a reload shows the owner's change, the cancel form posts", async ({
    browser,
    baseURL,
  }) => {
    const driverContext = await phoneContext(browser, baseURL, false);
    const deskContext = await phoneContext(browser, baseURL);
    try {
      const driver = await driverContext.newPage();
      await sendForm(driver, uniqueName("No Script Driver"));
      await expect(driver).toHaveURL(/\/contact\/sent\?id=\d+&token=/);
      await expect(driver.getByRole("heading", { level: 1, name: "Request Sent" })).toBeVisible();
      const id = await requestNumber(driver);
      await driver.getByRole("link", { name: "your request page" }).click();
      await expect(driver).toHaveURL(/\/request\/[A-Za-z0-9_-]{43}$/);
      await expect(driver.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
      await expect(driver.getByTestId("request-status")).toHaveText("Received");

      const desk = await deskContext.newPage();
      await openInDesk(desk, id);
      await dispatchWithMessage(desk);

      await driver.reload();
      await expect(driver.getByTestId("request-status")).toHaveText("An operator is on the way");
      await expect(driver.getByTestId("request-message")).toHaveText(MESSAGE);

      await driver.getByText("I no longer need help").click();
      await driver.getByLabel("Reason (optional)").fill("Not needed any more");
      await driver.getByRole("button", { name: "Yes, cancel my request" }).click();
      await expect(driver).toHaveURL(/\/request\/[A-Za-z0-9_-]{43}$/);
      await expect(driver.getByTestId("request-status")).toHaveText("Cancelled");
      await expect(driver.getByText("I no longer need help")).toHaveCount(0);
      await driver.screenshot({ path: `${SCREENS}/request-page-no-js-cancelled-phone.png`, fullPage: true });
    } finally {
      await driverContext.close();
      await deskContext.close();
    }
  });

  test("opened from its link on a phone with nothing cached, it shows its look at once and asks for no stylesheet", async ({
    browser,
    baseURL,
  }) => {
    // The form sent as a plain post (no island to wait for); its sent page links to the request's page.
    const senderContext = await phoneContext(browser, baseURL, false);
    // A phone that opens the texted link cold: a stylesheet it asked for would never come.
    const coldContext = await phoneContext(browser, baseURL);
    const stylesheets: string[] = [];
    await coldContext.route("**/*.css", (route) => {
      stylesheets.push(route.request().url());
      return route.abort();
    });
    try {
      const sender = await senderContext.newPage();
      await sendForm(sender, uniqueName("Cold Link Driver"));
      const href = await sender.getByRole("link", { name: "your request page" }).getAttribute("href");
      const driver = await coldContext.newPage();
      await driver.goto(href ?? "");
      const status = driver.getByTestId("request-status");
      await expect(status).toHaveText("Received");
      // The status card's look (text-2xl font-extrabold, border-2) comes from the page itself.
      await expect(status).toHaveCSS("font-weight", "800");
      await expect(status).toHaveCSS("font-size", "24px");
      await expect(driver.locator("section", { has: status })).toHaveCSS("border-top-width", "2px");
      expect(stylesheets).toEqual([]);
    } finally {
      await senderContext.close();
      await coldContext.close();
    }
  });

  test("is axe-clean and fits the phone, with the owner's message and the cancel form open, and once cancelled", async ({
    browser,
    baseURL,
  }) => {
    const driverContext = await phoneContext(browser, baseURL);
    const deskContext = await phoneContext(browser, baseURL);
    try {
      const driver = await driverContext.newPage();
      await driver.goto("/contact");
      await waitForIsland(driver, "ServiceRequestForm");
      await sendForm(driver, uniqueName("Axe Driver"));
      const id = await requestNumber(driver);
      const path = await driver.getByRole("link", { name: "your request page" }).getAttribute("href");
      const desk = await deskContext.newPage();
      await openInDesk(desk, id);
      await dispatchWithMessage(desk);
      await driver.goto(path ?? "");
      await waitForIsland(driver, "RequestLive");
      await expect(driver.getByTestId("request-message")).toHaveText(MESSAGE);
      await driver.getByText("I no longer need help").click();
      await expect(driver.getByLabel("Reason (optional)")).toBeVisible();
      expect(await seriousViolations(driver, "request page")).toEqual([]);
      // Nothing overlaps and every tap target is big enough: at the top (the call band may cover what is
      // still to scroll to), and at the very end, where nothing may stay covered.
      expect((await layoutProblems(driver)).filter((p) => p.kind !== "covered").map((p) => p.what)).toEqual([]);
      await scrollToEnd(driver);
      expect((await layoutProblems(driver)).map((p) => p.what)).toEqual([]);
      await driver.getByRole("button", { name: "Yes, cancel my request" }).click();
      await expect(driver.getByTestId("request-status")).toHaveText("Cancelled");
      expect(await seriousViolations(driver, "cancelled request page")).toEqual([]);

      await desk.reload();
      await expect(desk.getByTestId("cancelled-by-driver")).toBeVisible();
      expect(await seriousViolations(desk, "desk, cancelled request")).toEqual([]);
    } finally {
      await driverContext.close();
      await deskContext.close();
    }
  });

  test("a stream that went silent (a phone that lost its connection unnoticed) is opened again and catches up", async ({
    page,
    request,
    baseURL,
  }) => {
    const sent = await request.post("/api/contact", { data: driverFields(uniqueName("Silent Stream")) });
    expect(sent.status()).toBe(201);
    const { requestPage } = (await sent.json()) as { requestPage: string };
    const token = requestPage.slice("/request/".length);
    // Only the page's own watchdog can notice the silence.
    const streams = await silenceFirstStream(page, token);
    await page.clock.install();
    await page.goto(requestPage);
    await waitForIsland(page, "RequestLive");
    await expect.poll(streams).toBe(1);
    // Meanwhile the request was cancelled (as from another tab): the silent stream never says so.
    const cancelled = await request.post(`/api/request/${token}/cancel`, {
      data: {},
      headers: { origin: new URL(baseURL ?? "").origin },
    });
    expect(cancelled.status()).toBe(200);
    await expect(page.getByTestId("request-status")).toHaveText("Received");
    // A minute of the page's time without a word: the page opens the stream again and shows the truth.
    await page.clock.runFor(60_000);
    await expect(page.getByTestId("request-status")).toHaveText("Cancelled");
    expect(streams()).toBe(2);
  });

  test("a tab hidden and frozen by the phone shows the owner's change within 15 s of coming back", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const origin = baseURL ?? "";
    const phone = await launchLifecycleChromium();
    const deskContext = await phoneContext(browser, origin);
    const watcher = new AbortController();
    try {
      const sent = await deskContext.request.post(`${origin}/api/contact`, {
        data: driverFields(uniqueName("Frozen Tab")),
      });
      expect(sent.status()).toBe(201);
      const { id, requestPage } = (await sent.json()) as { id: number; requestPage: string };
      const driver = await phone.context.newPage();
      await driver.setViewportSize(PHONE);
      // The page's timers run only when the test moves its clock, and it does not: what brings the
      // change must be the page's stream and its waking up, not a timer a frozen phone would not run.
      await driver.clock.install();
      await driver.goto(`${origin}${requestPage}`);
      await waitForIsland(driver, "RequestLive");
      await expect(driver.getByTestId("request-status")).toHaveText("Received");

      // The driver switches to another tab: this one is hidden, and the phone then freezes it (no
      // script, timer or event of the page runs until it is active again).
      const other = await phone.context.newPage();
      await other.goto(`${origin}/`);
      await other.bringToFront();
      expect(await driver.evaluate(() => document.visibilityState)).toBe("hidden");
      const devtools = await phone.context.newCDPSession(driver);
      await devtools.send("Page.setWebLifecycleState", { state: "frozen" });

      // A follower of the same request from outside the browser: once it hears the change, the server
      // has pushed it to the frozen tab's stream too (one look of the feed serves both).
      const token = requestPage.slice("/request/".length);
      const heard = fetch(`${origin}/api/request/${token}/events`, { signal: watcher.signal }).then(async (res) => {
        let text = "";
        for await (const chunk of res.body ?? []) {
          text += Buffer.from(chunk).toString("utf8");
          if (text.includes('"status":"on_the_way"')) return;
        }
      });
      const desk = await deskContext.newPage();
      await openInDesk(desk, id);
      await dispatchWithMessage(desk);
      await heard;
      // Frozen, the tab has not shown it.
      expect(await driver.getByTestId("request-status").textContent()).toBe("Received");

      // Back to the tab: within 15 s it shows the status and the message, without a reload.
      await devtools.send("Page.setWebLifecycleState", { state: "active" });
      await driver.bringToFront();
      expect(await driver.evaluate(() => document.visibilityState)).toBe("visible");
      await expect(driver.getByTestId("request-status")).toHaveText("An operator is on the way", {
        timeout: 15_000,
      });
      await expect(driver.getByTestId("request-message")).toHaveText(MESSAGE);
      await driver.screenshot({ path: `${SCREENS}/request-page-back-from-background-phone.png` });
    } finally {
      watcher.abort();
      await deskContext.close();
      await phone.close();
    }
  });

  test("back in front, a tab whose connection died unnoticed while hidden shows the current state at once", async ({
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? "";
    const phone = await launchLifecycleChromium();
    try {
      const sent = await request.post("/api/contact", { data: driverFields(uniqueName("Woken Tab")) });
      expect(sent.status()).toBe(201);
      const { requestPage } = (await sent.json()) as { requestPage: string };
      const token = requestPage.slice("/request/".length);
      const driver = await phone.context.newPage();
      await driver.setViewportSize(PHONE);
      // The connection a phone dropped while the tab was in the background.
      const streams = await silenceFirstStream(driver, token);
      // The page's clock moves only when the test says, and its timers (the watchdog) never run here:
      // only the page's waking up can catch up.
      await driver.clock.install();
      await driver.goto(`${origin}${requestPage}`);
      await waitForIsland(driver, "RequestLive");
      await expect.poll(streams).toBe(1);
      const other = await phone.context.newPage();
      await other.goto(`${origin}/`);
      const away = async (ms: number) => {
        await other.bringToFront();
        expect(await driver.evaluate(() => document.visibilityState)).toBe("hidden");
        await driver.clock.setSystemTime((await driver.evaluate(() => Date.now())) + ms);
      };

      // Ten seconds away, shorter than a heartbeat: the stream may be alive, so it is kept, and the
      // state read beside it shows the cancel made meanwhile (from another tab).
      await away(10_000);
      const cancelled = await request.post(`/api/request/${token}/cancel`, { data: {}, headers: { origin } });
      expect(cancelled.status()).toBe(200);
      await driver.bringToFront();
      await expect(driver.getByTestId("request-status")).toHaveText("Cancelled");
      expect(streams()).toBe(1);

      // A minute away, longer than a heartbeat: the silent stream is taken for dead and opened again.
      await away(60_000);
      await driver.bringToFront();
      await expect.poll(streams).toBe(2);
      await expect(driver.getByTestId("request-status")).toHaveText("Cancelled");
    } finally {
      await phone.close();
    }
  });

  test("an unknown link gets the site's 404 page, kept out of search engines", async ({ page }) => {
    const res = await page.goto("/request/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(res?.status()).toBe(404);
    expect(res?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(res?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
  });
});

/**
 * Issue 48 on a 390x844 phone: after a partner accepts, the driver reads "Accepted by …" and a clock
 * time for the arrival that counts down as the page stays open (the page's clock is the test's, moved
 * by the test: no sleep), "An operator is on the way" only once the partner reports it, and the
 * partner's phone as a call button (the e2e server shows it: PARTNER_PHONE_TO_DRIVER). Partners,
 * offers and answers go through the desk's and the offer page's own APIs; the offer link is read from
 * the e-mail that reached the e2e mailbox, as the partner reads it.
 */
test.describe("the driver's page after a partner accepts, on a 390x844 phone", () => {
  const PHONE_390 = { width: 390, height: 844 };
  const ZONE = "America/Los_Angeles";
  const MAILBOX = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}`;
  const clockIn = (iso: number, tag = "en-US") =>
    new Intl.DateTimeFormat(tag, { timeZone: ZONE, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(
      new Date(iso),
    );

  /** The desk adds a partner in Victor (no other spec's partners work there) and offers them request `id`; their offer link. */
  async function offerToNewPartner(desk: Page, baseURL: string, id: number, name: string): Promise<string> {
    const origin = new URL(baseURL).origin;
    await signInToDesk(desk);
    const { csrfToken } = (await (await desk.request.get("/api/desk/session")).json()) as { csrfToken: string };
    const headers = { origin, "x-csrf-token": csrfToken };
    const email = `${name.replace(/\W+/g, "-").toLowerCase()}@partners.example`;
    const added = await desk.request.post("/api/desk/partners", {
      headers,
      data: {
        companyName: name,
        contactName: "Dispatch",
        phone: "(209) 555-0133",
        email,
        services: ["jump-start"],
        towns: ["Victor"],
        insuranceExpiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const partnerId = ((await added.json()) as { id: number }).id;
    const offered = await desk.request.post(`/api/desk/requests/${id}/offers`, {
      headers,
      data: { partnerIds: [partnerId], town: "Victor" },
    });
    expect(offered.status(), await offered.text()).toBe(201);
    let link = "";
    await expect
      .poll(async () => {
        const mails = (await (await desk.request.get(`${MAILBOX}/mails?to=${encodeURIComponent(email)}`)).json()) as {
          alert: string;
          requestId: number;
          text: string;
        }[];
        const text = mails.find((m) => m.alert === "offer_created" && m.requestId === id)?.text ?? "";
        link = text.match(/\/offer\/([\w-]+)/)?.[1] ?? "";
        return link;
      })
      .not.toBe("");
    return link;
  }

  test("Accepted by the partner, a clock time that counts down, On the way only when reported, and a call button", async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const name = uniqueName("Victor Towing");
    const created = await request.post("/api/contact", { data: { ...driverFields(uniqueName("Arrival Driver")) } });
    expect(created.status()).toBe(201);
    const { id, requestPage } = (await created.json()) as { id: number; requestPage: string };
    const deskContext = await browser.newContext({ baseURL });
    const offerToken = await offerToNewPartner(await deskContext.newPage(), baseURL ?? "", id, name);

    const driverContext = await browser.newContext({ baseURL, viewport: PHONE_390, isMobile: true, hasTouch: true });
    const driver = await driverContext.newPage();
    // The page's clock is the test's from the start: its timers run only when the test moves it.
    await driver.clock.install();
    const live = driver.waitForResponse((r) => r.url().endsWith("/events") && r.status() === 200);
    await driver.goto(requestPage);
    await live;

    // The partner accepts with 25 minutes, from their own page.
    const origin = new URL(baseURL ?? "").origin;
    const accepted = await request.post(`/api/offer/${offerToken}/accept`, {
      headers: { origin },
      data: { etaMinutes: 25 },
    });
    expect(accepted.status(), await accepted.text()).toBeLessThan(300);

    await expect(driver.getByTestId("request-status")).toHaveText(`Accepted by ${name}`);
    const acceptedAt = Date.parse(
      (await driver.getByTestId("partner-accepted").locator("time").getAttribute("datetime")) ?? "",
    );
    const arrival = acceptedAt + 25 * 60_000;
    const line = driver.getByTestId("partner-arrival");
    // Open since before the acceptance: the minutes are counted from the page's own clock.
    await driver.clock.runFor(Math.max(0, acceptedAt - (await driver.evaluate(() => Date.now()))));
    await expect(line).toHaveText(`Arrival: around ${clockIn(arrival)} (about 25 minutes, their estimate).`);
    const phone = driver.getByRole("link", { name: `Call ${name}: (209) 555-0133` });
    await expect(phone).toHaveAttribute("href", "tel:+12095550133");
    expect((await phone.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await driver.screenshot({ path: "/work/notes/screens/request-accepted.png" });
    expect(await seriousViolations(driver)).toEqual([]);

    // Ten minutes later, on the open page, without a reload: 15 minutes left.
    await driver.clock.runFor(10 * 60_000);
    await expect(line).toHaveText(`Arrival: around ${clockIn(arrival)} (about 15 minutes, their estimate).`);

    // The partner reports On the way: only now does the page say an operator is on the way.
    const step = await request.post(`/api/offer/${offerToken}/step`, {
      headers: { origin },
      data: { step: "on_the_way" },
    });
    expect(step.status(), await step.text()).toBeLessThan(300);
    await expect(driver.getByTestId("request-status")).toHaveText("An operator is on the way");

    // Past the time they gave: said plainly, no count below zero.
    await driver.clock.runFor(16 * 60_000);
    await expect(line).toHaveText(
      `Arrival: expected around ${clockIn(arrival)} (their estimate). That time has passed.`,
    );
    // Opened afresh, the page the server rendered with the partner's card is the page React hydrates:
    // nothing said of a mismatch.
    const fresh = await (await browser.newContext({ baseURL, viewport: PHONE_390 })).newPage();
    const problems = consoleProblems(fresh);
    await fresh.goto(requestPage);
    await waitForIsland(fresh, "RequestLive");
    await expect(fresh.getByTestId("partner-arrival")).toBeVisible();
    expect(problems).toEqual([]);
    await fresh.context().close();
    await driverContext.close();
    await deskContext.close();
  });

  test('an ended request no longer offers "Send my location again", at once on the open page and after a reload', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await request.post("/api/contact", { data: driverFields(uniqueName("Ended Driver")) });
    const { requestPage } = (await created.json()) as { requestPage: string };
    const context = await browser.newContext({
      baseURL,
      viewport: PHONE_390,
      isMobile: true,
      hasTouch: true,
      geolocation: { latitude: 37.9577, longitude: -121.2908, accuracy: 10 },
      permissions: ["geolocation"],
    });
    const driver = await context.newPage();
    await driver.goto(requestPage);
    const again = driver.getByRole("button", { name: "Send my location again" });
    await expect(again).toBeVisible();
    await driver.getByText("I no longer need help").click();
    await driver.getByRole("button", { name: "Yes, cancel my request" }).click();
    await expect(driver.getByTestId("request-status")).toHaveText("Cancelled");
    await expect(again).toHaveCount(0);
    await driver.reload();
    await expect(driver.getByTestId("request-status")).toHaveText("Cancelled");
    await expect(driver.getByTestId("send-location-again")).toHaveCount(0);
    await context.close();
  });
});
