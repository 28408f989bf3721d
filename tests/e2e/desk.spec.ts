import { mkdirSync, readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { DESK_EMAIL, DESK_PASSWORD, signInToDesk, signInToDeskWithOwnSession } from "../support/desk-e2e";
import { sweepAll } from "../support/routes";

/** Where the phone-size screenshots go, to be looked at by a person (SCREENSHOT_DIR to choose). */
const SCREENS = process.env.SCREENSHOT_DIR ?? "test-results/screens";
mkdirSync(SCREENS, { recursive: true });

/** A unique name per call, so tests running side by side on one server never read each other's rows. */
let counter = 0;
const uniqueName = (label: string) =>
  `${label} ${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const driverFields = (name: string) => ({
  name,
  email: "driver.desk@example.com",
  phone: "(209) 555-0177",
  service: "Flat Tire",
  pickupLocation: "Hammer Ln & West Ln, Stockton",
  dropoffLocation: "2100 Pacific Ave, Stockton",
});

async function sendRequest(request: APIRequestContext, fields: Record<string, string>): Promise<number> {
  const res = await request.post("/api/contact", { data: fields });
  expect(res.status()).toBe(201);
  return (await res.json()).id as number;
}

const requestList = (page: Page) => page.getByRole("list", { name: "Service requests" });

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

/** Today in the business's time zone, as the date filter takes it. */
const businessToday = (offsetDays = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

// The owner works the desk on a phone: `npm test` drives it at phone size, `npm run test:sweeps-all`
// (SWEEP_ALL=1) at desktop size too.
for (const viewport of [
  { name: "phone", width: 375, height: 740 },
  ...(sweepAll ? [{ name: "desktop", width: 1280, height: 800 }] : []),
]) {
  test.describe(`desk on a ${viewport.name} (${viewport.width}px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a wrong password gets the one message in an alert and no way in", async ({ page }) => {
      await page.goto("/desk");
      await page.getByLabel("Email").fill(DESK_EMAIL);
      await page.getByLabel("Password").fill("not the right password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
      await page.getByLabel("Email").fill("nobody-here@example.com");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
      await expect(page.getByRole("heading", { name: "Inbox" })).toHaveCount(0);
    });

    test("a request sent through the public form appears in the inbox without a reload", async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.clock.install();
      await signInToDesk(page);
      const name = uniqueName("Live Arrival");
      await expect(requestList(page).getByText(name)).toHaveCount(0);

      // A driver, in their own browser, sends the public form.
      const driver = await browser.newContext({ baseURL });
      const form = await driver.newPage();
      await form.goto("/contact");
      const contact = form.getByTestId("contact-form");
      await contact.scrollIntoViewIfNeeded();
      await form.waitForFunction(() => {
        const island = document.querySelector("[data-testid=contact-form]")?.closest("astro-island");
        return island !== null && island !== undefined && !island.hasAttribute("ssr");
      });
      const fields = driverFields(name);
      await contact.getByRole("textbox", { name: "Name", exact: true }).fill(fields.name);
      await contact.getByRole("textbox", { name: "Email", exact: true }).fill(fields.email);
      await contact.getByRole("textbox", { name: "Phone", exact: true }).fill(fields.phone);
      await contact.getByRole("combobox", { name: "Service", exact: true }).selectOption(fields.service);
      await contact.getByRole("textbox", { name: "Pickup location", exact: true }).fill(fields.pickupLocation);
      await contact.getByRole("textbox", { name: "Drop-off location", exact: true }).fill(fields.dropoffLocation);
      await contact.getByRole("button", { name: "Send Request" }).click();
      await expect(form.getByText("We'll get back to you as soon as possible.", { exact: true })).toBeVisible();
      await driver.close();

      // The inbox polls every 15 s: move its clock past one poll and the row is there.
      await page.clock.runFor(16_000);
      const row = requestList(page).getByRole("link").filter({ hasText: name });
      await expect(row).toBeVisible();
      await expect(row).toContainText("Flat Tire");
      await expect(row).toContainText("Hammer Ln & West Ln, Stockton");
      await expect(row).toContainText("New");
      await expect(row).toContainText(/just now|\d+ min ago/);
      await expect(row).toContainText(/P[SD]T/);
      await expect(page).toHaveTitle(/^\((\d+|99\+) new\) Inbox/);
    });

    test("the request page: call, mail and map links; status, note and history", async ({ page, request }) => {
      const name = uniqueName("Pipeline Driver");
      const id = await sendRequest(request, driverFields(name));
      await signInToDesk(page);
      await search(page, name);
      await expect(requestList(page).getByRole("listitem")).toHaveCount(1);
      // Each inbox row can call the driver at once.
      await expect(requestList(page).getByRole("link", { name: `Call ${name}, (209) 555-0177` })).toHaveAttribute(
        "href",
        "tel:+12095550177",
      );
      await requestList(page).getByRole("link").filter({ hasText: name }).click();

      await expect(page.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
      // The page starts with a large call button and the number.
      const call = page.getByRole("link", { name: `Call ${name}` });
      await expect(call).toHaveAttribute("href", "tel:+12095550177");
      await expect(call).toBeInViewport();
      expect((await call.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
      await expect(page.getByTestId("request-phone")).toHaveText("(209) 555-0177");
      await expect(page.getByRole("link", { name: "(209) 555-0177" })).toHaveAttribute("href", "tel:+12095550177");
      await expect(page.getByRole("link", { name: "driver.desk@example.com" })).toHaveAttribute(
        "href",
        "mailto:driver.desk@example.com",
      );
      await expect(page.getByRole("link", { name: /^Hammer Ln & West Ln, Stockton/ })).toHaveAttribute(
        "href",
        "https://www.google.com/maps/search/?api=1&query=Hammer%20Ln%20%26%20West%20Ln%2C%20Stockton",
      );
      await expect(page.getByRole("link", { name: /^2100 Pacific Ave, Stockton/ })).toHaveAttribute(
        "href",
        /query=2100%20Pacific%20Ave%2C%20Stockton$/,
      );

      await page.getByLabel("Status", { exact: true }).selectOption("contacted");
      const saved = page.getByRole("status").filter({ hasText: "Status saved: Contacted." });
      await expect(saved).toBeVisible();
      // Where the thumb is: right under the status control, and on screen.
      await expect(saved).toBeInViewport();
      const select = await page.getByLabel("Status", { exact: true }).boundingBox();
      const message = await saved.boundingBox();
      expect((message?.y ?? 0) - ((select?.y ?? 0) + (select?.height ?? 0))).toBeLessThan(40);
      // Spam and lost are asked first: cancelled, nothing changes; confirmed, saved.
      await page.getByLabel("Status", { exact: true }).selectOption("spam");
      const ask = page.getByRole("alertdialog", { name: `Mark service request #${id} as Spam?` });
      await ask.getByRole("button", { name: "Cancel" }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByLabel("Status", { exact: true })).toHaveValue("contacted");
      await page.getByLabel("Status", { exact: true }).selectOption("lost");
      await page.getByRole("alertdialog").getByRole("button", { name: "Mark as Lost" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Status saved: Lost." })).toBeVisible();
      await page.getByLabel("Status", { exact: true }).selectOption("contacted");
      await expect(page.getByRole("status").filter({ hasText: "Status saved: Contacted." })).toBeVisible();
      await expect(
        page.getByRole("listitem").filter({ hasText: "changed the status from New to Contacted" }),
      ).toContainText(DESK_EMAIL);

      await page.getByLabel("Note", { exact: true }).fill("Called back, tow booked for 10:30");
      await page.getByRole("button", { name: "Add note" }).click();
      const note = page.getByRole("listitem").filter({ hasText: "added a note" });
      await expect(note).toContainText("Called back, tow booked for 10:30");
      await expect(note).toContainText(DESK_EMAIL);
      await expect(page.getByLabel("Note", { exact: true })).toHaveValue("");

      // The desk's header stays on screen at the foot of a long page.
      await page.getByRole("heading", { name: "Alert deliveries" }).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await expect(page.getByRole("navigation", { name: "Desk" })).toBeInViewport();

      // It survives a reload: it was stored, not just shown.
      await page.reload();
      await expect(page.getByLabel("Status", { exact: true })).toHaveValue("contacted");
      await expect(page.getByText("Called back, tow booked for 10:30")).toBeVisible();
    });

    test("a request sent while the owner is on a request page shows as a banner and a badge within 15 s, and is heard after a reload when the sound is on", async ({
      page,
      request,
    }) => {
      // The page's clock is the test's: 15 s of its time, whatever the machine is doing.
      await page.clock.install();
      const first = await sendRequest(request, driverFields(uniqueName("Already Here")));
      await signInToDesk(page);
      await page.goto(`/desk#/requests/${first}`);
      await expect(page.getByRole("heading", { level: 1, name: `Service request #${first}` })).toBeVisible();
      await expect(page.getByTestId("new-request-banner")).toHaveCount(0); // what was there is not news

      const arrived = await sendRequest(request, {
        ...driverFields(uniqueName("Just Arrived")),
        service: "Towing",
        pickupLocation: "Main St, Manteca",
      });
      await page.clock.runFor(15_000);
      const banner = page.getByTestId("new-request-banner");
      // Other tests send requests to the same server meanwhile: the banner names the newest, ours or theirs.
      await expect(banner).toContainText(/New request #\d+ — /);
      const shown = Number(/#(\d+)/.exec((await banner.textContent()) ?? "")?.[1]);
      expect(shown).toBeGreaterThanOrEqual(arrived);
      if (shown === arrived) await expect(banner).toContainText(`New request #${arrived} — Towing, Main St, Manteca`);
      await expect(page.getByTestId("new-badge")).toBeVisible();
      await banner.getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1, name: `Service request #${shown}` })).toBeVisible();
      await expect(banner).toHaveCount(0);

      // The optional sound is off until switched on, and stays on after a reload.
      const sound = page.getByTestId("sound-switch");
      await expect(sound).toHaveAttribute("aria-pressed", "false");
      await sound.click();
      // What the page does with sound, counted from here on: audio made and woken, tones started.
      await page.addInitScript(() => {
        const Native = window.AudioContext;
        const counts = { made: 0, woken: 0, tones: 0 };
        Object.assign(window, { audioCounts: counts });
        window.AudioContext = class extends Native {
          constructor(options?: AudioContextOptions) {
            super(options);
            counts.made++;
          }
          override async resume() {
            counts.woken++;
            return super.resume();
          }
          override createOscillator() {
            const tone = super.createOscillator();
            const start = tone.start.bind(tone);
            tone.start = (when?: number) => {
              counts.tones++;
              start(when);
            };
            return tone;
          }
        };
      });
      await page.reload();
      await expect(page.getByTestId("sound-switch")).toHaveAttribute("aria-pressed", "true");
      const audio = () =>
        page.evaluate(() => (window as unknown as { audioCounts: Record<string, number> }).audioCounts);
      // A browser lets a page sound only after a gesture: none yet, so no audio yet.
      expect(await audio()).toEqual({ made: 0, woken: 0, tones: 0 });
      // The owner's first tap anywhere in the desk wakes it, and the next new request is heard.
      await page.getByRole("heading", { level: 1 }).click();
      await expect.poll(async () => (await audio()).made).toBe(1);
      expect((await audio()).woken).toBeGreaterThanOrEqual(1);
      // The newest requests were read (the badge counts them), so the next one is news.
      await expect(page.getByTestId("new-badge")).toBeVisible();
      await sendRequest(request, driverFields(uniqueName("Heard After Reload")));
      await page.clock.runFor(15_000);
      await expect(banner).toBeVisible();
      await expect.poll(async () => (await audio()).tones).toBe(1);
    });

    test("filters live in the address: they survive a reload, and the inbox keeps its place after a request", async ({
      page,
      request,
    }) => {
      const name = uniqueName("Kept Filter");
      await sendRequest(request, { ...driverFields(name), service: "Motorcycle Towing" });
      for (let i = 0; i < 12; i++) await sendRequest(request, driverFields(uniqueName("Filler")));
      await signInToDesk(page);
      await page.getByLabel("Service", { exact: true }).selectOption("Motorcycle Towing");
      await expect(page).toHaveURL(/#\/\?service=Motorcycle\+Towing$/);
      await page.reload();
      await expect(page.getByLabel("Service", { exact: true })).toHaveValue("Motorcycle Towing");
      await expect(requestList(page).getByRole("link").filter({ hasText: name })).toBeVisible();

      await page.getByLabel("Service", { exact: true }).selectOption("");
      await expect(requestList(page).getByRole("link").filter({ hasText: "Filler" }).first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
      const scrolled = 300;
      // A click as a thumb makes it, on a row in view (Playwright's own click would scroll to the row first).
      const row = requestList(page).getByRole("link").filter({ hasText: "Filler" }).first();
      await row.evaluate((link) => (link as HTMLElement).click());
      await expect(page.getByRole("heading", { level: 1, name: /Service request #/ })).toBeVisible();
      await page.goBack();
      await expect(requestList(page)).toBeVisible();
      // Back where it was: the row just opened is on screen again, not the top of the inbox. (A banner for
      // another test's request may push the page down a little: the browser keeps the rows in place.)
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled);
      await expect(row).toBeInViewport();
    });

    test("filters, search, CSV export and sign-out", async ({ page, request }) => {
      const name = uniqueName("Filter Driver");
      const id = await sendRequest(request, { ...driverFields(name), service: "Jump Start", phone: "209-555-0123" });
      // It signs out at the end: a session of its own, not the one the worker's other tests reuse.
      await signInToDeskWithOwnSession(page);

      await search(page, "555-0123");
      await expect(requestList(page).getByRole("link").filter({ hasText: name })).toBeVisible();
      await search(page, name);
      await page.getByLabel("Service", { exact: true }).selectOption("Jump Start");
      await expect(requestList(page).getByRole("link").filter({ hasText: name })).toBeVisible();
      await page.getByLabel("Service", { exact: true }).selectOption("Towing");
      await expect(page.getByText("No service requests match these filters.")).toBeVisible();
      await page.getByLabel("Service", { exact: true }).selectOption("");
      await page.getByLabel("Status", { exact: true }).selectOption("new");
      await expect(requestList(page).getByRole("link").filter({ hasText: name })).toBeVisible();
      await page.getByLabel("Status", { exact: true }).selectOption("completed");
      await expect(page.getByText("No service requests match these filters.")).toBeVisible();
      await page.getByLabel("Status", { exact: true }).selectOption("");
      await page.getByLabel("From", { exact: true }).fill(businessToday(-1));
      await page.getByLabel("To", { exact: true }).fill(businessToday(1));
      await expect(requestList(page).getByRole("link").filter({ hasText: name })).toBeVisible();
      await page.getByLabel("To", { exact: true }).fill(businessToday(-2));
      await page.getByLabel("From", { exact: true }).fill(businessToday(-3));
      await expect(page.getByText("No service requests match these filters.")).toBeVisible();
      await page.getByRole("button", { name: "Clear filters" }).click();

      await search(page, name);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^service-requests-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync(await download.path(), "utf8");
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toContain("Received (America/Los_Angeles)");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`${id},`);
      expect(lines[1]).toContain(name);
      expect(lines[1]).toContain("Jump Start");

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      expect((await page.request.get("/api/desk/requests")).status()).toBe(401);
      await page.reload();
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    });

    test("HTML and script typed by a visitor show as inert text", async ({ page, request }) => {
      const marker = uniqueName("Inert");
      const payloads = {
        name: `<img src=x onerror="window.__deskXss=1">${marker}`,
        email: "xss@example.com",
        phone: "<b>209</b> 555-0100",
        service: "Towing",
        pickupLocation: `<script>window.__deskXss=2</script>`,
        dropoffLocation: `"><svg onload="window.__deskXss=3">`,
      };
      let dialogs = 0;
      page.on("dialog", async (d) => {
        dialogs++;
        await d.dismiss();
      });
      const id = await sendRequest(request, payloads);
      await signInToDesk(page);
      await search(page, marker);
      const row = requestList(page).getByRole("link").filter({ hasText: marker });
      await expect(row).toContainText(payloads.name);
      await expect(row).toContainText(payloads.pickupLocation);
      // Nothing but our own icons (the call buttons' Lucide phone) is an element the visitor's text made.
      await expect(requestList(page).locator("img, script, svg:not(.lucide), b")).toHaveCount(0);
      await row.click();
      await expect(page.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
      await expect(page.getByText(payloads.name, { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: payloads.phone })).toHaveAttribute("href", "tel:+12095550100");
      await expect(page.getByRole("link", { name: payloads.pickupLocation })).toBeVisible();
      await expect(page.getByRole("link", { name: payloads.dropoffLocation })).toBeVisible();
      await expect(page.locator("main img, main script, main svg[onload], main b")).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __deskXss?: number }).__deskXss)).toBeUndefined();
      expect(dialogs).toBe(0);
    });

    test("deleting asks first, then forgets the request and records only the deletion", async ({ page, request }) => {
      const name = uniqueName("Forget Me");
      const id = await sendRequest(request, driverFields(name));
      await signInToDesk(page);
      await page.goto(`/desk#/requests/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
      await page.getByRole("button", { name: "Delete request" }).click();
      const dialog = page.getByRole("alertdialog", { name: `Delete service request #${id}?` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();

      await page.getByRole("button", { name: "Delete request" }).click();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Service request #${id} was deleted.` })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
      await search(page, name);
      await expect(page.getByText("No service requests match these filters.")).toBeVisible();

      await page.getByRole("link", { name: "Activity" }).click();
      const entry = page.getByRole("listitem").filter({ hasText: `deleted service request #${id}` });
      await expect(entry).toContainText(DESK_EMAIL);
      await expect(entry).not.toContainText(name);
      await expect(page.getByRole("heading", { name: "Recent sign-ins" })).toBeVisible();
      await expect(page.getByRole("cell", { name: DESK_EMAIL }).first()).toBeVisible();
    });

    test("axe finds nothing serious on the desk's pages", async ({ page, request }) => {
      test.slow(); // a sign-in and four analysed pages: about 12 s here, more on a busy machine
      const id = await sendRequest(request, driverFields(uniqueName("Axe Driver")));
      const check = async (label: string) => expect(await seriousViolations(page, label)).toEqual([]);
      await page.goto("/desk");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await check("sign-in");
      await signInToDesk(page);
      await expect(requestList(page)).toBeVisible();
      await check("inbox");
      await page.goto(`/desk#/requests/${id}`);
      await expect(page.getByRole("heading", { level: 2, name: "Timeline" })).toBeVisible();
      await check("request");
      await page.getByRole("link", { name: "Activity" }).click();
      await expect(page.getByRole("heading", { name: "Recent sign-ins" })).toBeVisible();
      await check("activity");
      // Still a table to a screen reader where a phone shows each row as lines: named, with its headers.
      const signIns = page.getByRole("table", { name: "Recent sign-ins" });
      await expect(signIns.getByRole("columnheader")).toHaveText(["Time", "Email", "Result", "Address"]);
      await expect(signIns.getByRole("cell", { name: DESK_EMAIL }).first()).toBeVisible();
    });
  });
}

// Issue 48: on a phone the sticky header, a new request's banner shown, keeps the screen for the work:
// at most 12% of an 844 px tall phone at 100% text, with every nav link and control still there by name.
for (const width of [390, 360]) {
  test(`at ${width}x844 the sticky header with a new request's banner takes at most 12% of the screen`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.clock.install();
    // One request there before the desk opens, so its list (and the newest it has seen) is read first.
    await sendRequest(request, driverFields(uniqueName("Already There")));
    await signInToDesk(page);
    await expect(requestList(page)).toBeVisible();
    await sendRequest(request, {
      ...driverFields(uniqueName("Header Height Driver")),
      pickupLocation: "Interstate 5 northbound near the Eight Mile Road exit, Stockton",
    });
    await page.clock.runFor(15_000);
    await expect(page.getByTestId("new-request-banner")).toBeVisible();
    const header = page.getByRole("banner");
    const box = await header.boundingBox();
    test.info().annotations.push({ type: "header height", description: `${box?.height} px at ${width}px` });
    expect(box?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(0.12 * 844);
    // Every link and control is still there, by the name the owner (and a screen reader) knows it by.
    const nav = page.getByRole("navigation", { name: "Desk" });
    for (const name of ["Inbox", "Activity", "Partners", "Reviews", "Numbers"]) {
      await expect(nav.getByRole("link", { name })).toBeInViewport();
    }
    await expect(header.getByRole("button", { name: "Sign out" })).toBeInViewport();
    await expect(page.getByTestId("sound-switch")).toBeInViewport();
    await expect(page.getByTestId("new-request-banner").getByRole("link")).toBeInViewport();
    await page.screenshot({ path: `${SCREENS}/desk-header-phone-${width}.png` });
    await nav.getByRole("link", { name: "Numbers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Numbers" })).toBeVisible();
  });
}

test("no desk screen is wider than a 360 px phone, nor scrolls sideways in part, at 100% and 200% text", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const id = await sendRequest(request, {
    ...driverFields(uniqueName("Narrow Screen Driver With A Long Name")),
    pickupLocation: "Interstate 5 northbound near the Eight Mile Road exit, Stockton",
  });
  const wide: string[] = [];
  const measure = async (screen: string) => {
    for (const size of ["100%", "200%"]) {
      await page.evaluate((s) => {
        document.documentElement.style.fontSize = s;
      }, size);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) {
        // Name what sticks out, so a failure says where to look.
        const culprit = await page.evaluate(() => {
          const out = [...document.querySelectorAll("body *")].filter(
            (e) =>
              e.getBoundingClientRect().right > 361 &&
              ![...e.children].some((c) => c.getBoundingClientRect().right > 361),
          );
          return out
            .slice(0, 3)
            .map((e) => `<${e.tagName.toLowerCase()}> "${(e.textContent ?? "").trim().slice(0, 30)}"`);
        });
        wide.push(`${screen} at ${size}: ${width} px (${culprit.join(", ")})`);
      }
      // A table in an overflow-x box keeps the page 360 px wide but still makes the owner scroll it
      // sideways: any visible box that scrolls horizontally counts as too wide.
      const scrollers = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("body *")]
          .filter((e) => {
            const overflowX = getComputedStyle(e).overflowX;
            return (
              (overflowX === "auto" || overflowX === "scroll") &&
              e.checkVisibility() &&
              e.scrollWidth > e.clientWidth + 1
            );
          })
          .map(
            (e) =>
              `<${e.tagName.toLowerCase()}${e.getAttribute("aria-label") ? ` "${e.getAttribute("aria-label")}"` : ""}> scrolls ${e.scrollWidth} px in ${e.clientWidth} px`,
          ),
      );
      for (const scroller of scrollers) wide.push(`${screen} at ${size}: ${scroller}`);
      await page.screenshot({ path: `${SCREENS}/desk-${screen}-360-${size.replace("%", "")}.png` });
    }
    await page.evaluate(() => document.documentElement.style.removeProperty("font-size"));
  };
  await page.goto("/desk");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await measure("sign-in");
  await signInToDesk(page);
  await expect(requestList(page)).toBeVisible();
  await measure("inbox");
  await page.goto(`/desk#/requests/${id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Timeline" })).toBeVisible();
  await measure("request");
  await page.getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { name: "Recent sign-ins" })).toBeVisible();
  await measure("activity");
  await page.getByRole("link", { name: "Partners" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Partners" })).toBeVisible();
  await measure("partners");
  await page.getByRole("link", { name: "Add a partner" }).click();
  await expect(page.getByRole("group", { name: "Towns they cover" })).toBeVisible();
  await measure("partner-form");
  await page.goto("/desk#/partners/report?from=2026-01-01&to=2026-01-31");
  await expect(page.getByRole("heading", { level: 1, name: "Partners report" })).toBeVisible();
  await measure("partners-report");
  expect(wide).toEqual([]);
});

test("the sign-in form is in the HTML the server sends; what is typed before the script arrives is used", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  // The desk's code is held back: the form must be there, and fillable, by the HTML alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/DeskApp[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/desk");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the desk" })).toBeVisible();
  await page.getByLabel("Email").fill(DESK_EMAIL);
  await page.getByLabel("Password").fill(DESK_PASSWORD);
  // Until the script runs, the button cannot send the password anywhere (nor can Enter).
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  await expect(page.getByText("Loading the desk…")).toBeHidden();
  // The script runs but the session answer (it carries the CSRF token) is held: a tap now would be
  // refused, so the button stays disabled until the answer is in.
  let releaseSession = () => {};
  const sessionHeld = new Promise<void>((resolve) => {
    releaseSession = resolve;
  });
  let sessionAsked = () => {};
  const sessionSeen = new Promise<void>((resolve) => {
    sessionAsked = resolve;
  });
  await page.route("**/api/desk/session", async (route) => {
    sessionAsked();
    await sessionHeld;
    await route.continue();
  });
  release();
  await sessionSeen;
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  releaseSession();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

  // Signed in, the next visit shows "Loading the desk…" while the code loads, never a sign-in form.
  const heldAgain = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.unrouteAll();
  await page.route(/\/_astro\/DeskApp[^/]*\.js$/, async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText("Loading the desk…")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in to the desk" })).toBeHidden();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
});

test("the desk is kept out of search: noindex, not in the sitemap, disallowed in robots.txt", async ({
  page,
  request,
}) => {
  const res = await page.goto("/desk");
  expect(res?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(res?.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/desk");
  expect(await (await request.get("/robots.txt")).text()).toMatch(/^Disallow: \/desk$/m);
  const api = await request.get("/api/desk/requests");
  expect(api.status()).toBe(401);
  expect(api.headers()["content-security-policy"]).toBeTruthy();
});
