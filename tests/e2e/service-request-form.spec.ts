import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { InboxPage, InboxRow } from "../../src/shared/desk-schema";
import { DESK_EMAIL, DESK_PASSWORD, signInToDesk } from "../support/desk-e2e";
import { copyE2eDatabase } from "../support/e2e-database";
import { endWithTest } from "../support/processes";
import { freePort, type ServerProcess, startServer, stopServer, waitHealthy } from "../support/server-process";

const ERROR_TEXT = "Failed to send request. Please try again.";
const SUCCESS_TEXT = "We'll get back to you as soon as possible.";

const driver = {
  Name: "Dana Driver",
  Phone: "209-555-0199",
  Email: "dana@example.com",
  "Pickup location": "Hammer Ln & West Ln, Stockton",
  "Drop-off location": "2100 Pacific Ave, Stockton",
};

const form = (page: Page) => page.getByTestId("contact-form");
const field = (page: Page, label: string) =>
  form(page).getByRole(label === "Service" ? "combobox" : "textbox", { name: label, exact: true });
const sendButton = (page: Page) => form(page).getByRole("button", { name: /Send Request|Sending\.\.\./ });
/** Radix renders each toast as an item of the notification region's list. */
const toasts = (page: Page) => page.getByRole("region", { name: /Notification/ }).locator("li");

/** Opens a page and waits until its form island has hydrated (otherwise a click posts the plain form). */
async function openForm(page: Page, url: string) {
  await page.goto(url);
  await form(page).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const island = document.querySelector("[data-testid=contact-form]")?.closest("astro-island");
    return island !== null && island !== undefined && !island.hasAttribute("ssr");
  });
}

async function fillValid(page: Page, service = "Towing") {
  for (const [label, value] of Object.entries(driver)) await field(page, label).fill(value);
  await field(page, "Service").selectOption(service);
}

async function expectKept(page: Page, service: string) {
  for (const [label, value] of Object.entries(driver)) await expect(field(page, label)).toHaveValue(value);
  await expect(field(page, "Service")).toHaveValue(service);
}

/** After a stored request the confirmation takes the form's place; the reset form is one tap away. */
async function expectReset(page: Page, service = "") {
  await expect(page.getByTestId("request-confirmation")).toBeVisible();
  await page.getByRole("button", { name: "Send another request" }).click();
  for (const label of Object.keys(driver)) await expect(field(page, label)).toHaveValue("");
  await expect(field(page, "Service")).toHaveValue(service);
}

/** The requests stored under a name, as the owner's desk lists them (signed in through its API). */
async function storedRequestsNamed(request: APIRequestContext, name: string): Promise<InboxRow[]> {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const session = await request.get("/api/desk/session");
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const signedIn = await request.post("/api/desk/sign-in", {
    data: { email: DESK_EMAIL, password: DESK_PASSWORD },
    headers: { origin, "x-csrf-token": csrfToken },
  });
  expect(signedIn.status()).toBe(200);
  const inbox = await request.get(`/api/desk/requests?q=${encodeURIComponent(name)}`);
  expect(inbox.status()).toBe(200);
  return ((await inbox.json()) as InboxPage).items;
}

test.describe("with JavaScript, on a 360 px touch phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("offline: a lasting message beside the button; back online the form as it is then goes by itself, stored once", async ({
    page,
    context,
    request,
  }) => {
    await openForm(page, "/contact");
    await fillValid(page, "Towing");
    // A name of its own, to find this request among the other tests' in the desk.
    const name = `Offline Driver ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await field(page, "Name").fill(name);
    await context.setOffline(true);
    await sendButton(page).tap();
    const failure = page.getByTestId("send-failure");
    await expect(failure).toContainText("Your request was not sent.");
    await expect(failure).toContainText("Your answers are kept below.");
    await expect(failure).toContainText("It will be sent again by itself once your phone is back online.");
    await expect(failure.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(failure.getByRole("link", { name: "Call (209) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+12095550142",
    );
    // The specification's toast still appears as well.
    await expect(toasts(page).first()).toContainText(ERROR_TEXT);
    await expect(field(page, "Name")).toHaveValue(name);
    await expect(field(page, "Pickup location")).toHaveValue(driver["Pickup location"]);

    // Still offline, the driver corrects where the car is: the resend must carry the correction.
    await field(page, "Pickup location").fill("Eight Mile Rd & I-5 northbound, Stockton");
    await context.setOffline(false);
    const confirmation = page.getByTestId("request-confirmation");
    await expect(confirmation).toContainText("Sent when your connection came back.");
    await expect(confirmation.getByTestId("request-number")).toHaveText(/#\d+/);

    // What the owner sees: exactly one request, with the answers as they were when it went.
    const stored = await storedRequestsNamed(request, name);
    expect(stored.map((r) => ({ name: r.name, pickupLocation: r.pickupLocation }))).toEqual([
      { name, pickupLocation: "Eight Mile Rd & I-5 northbound, Stockton" },
    ]);
    await expect(confirmation.getByTestId("request-number")).toHaveText(`#${stored[0]?.id}`);
  });
});

test.describe("with JavaScript", () => {
  test("shows Required for every empty field on submit, then re-validates on change", async ({ page }) => {
    let posted = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/contact")) posted++;
    });
    await openForm(page, "/contact");
    for (const label of ["Name", "Email", "Phone", "Service", "Pickup location", "Drop-off location"]) {
      await expect(field(page, label)).toHaveAttribute("aria-required", "true");
    }
    // Nothing is checked before the first submit.
    await field(page, "Name").fill("x");
    await field(page, "Name").fill("");
    await expect(form(page).getByRole("alert")).toHaveCount(0);

    await sendButton(page).click();
    await expect(form(page).getByRole("alert")).toHaveCount(6);
    await expect(
      form(page)
        .getByRole("alert")
        .filter({ hasText: /^Required$/ }),
    ).toHaveCount(6);
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");

    // After a submit, each change re-validates at once, without another submit.
    await field(page, "Name").fill("Dana");
    await expect(form(page).getByRole("alert")).toHaveCount(5);
    await expect(field(page, "Name")).not.toHaveAttribute("aria-invalid", "true");
    await field(page, "Email").fill("not-an-email");
    await expect(form(page).getByText("Invalid email", { exact: true })).toBeVisible();
    await field(page, "Email").fill("dana@example.com");
    await expect(form(page).getByText("Invalid email", { exact: true })).toHaveCount(0);
    await field(page, "Service").selectOption("Flat Tire");
    await expect(form(page).getByRole("alert")).toHaveCount(3);
    await field(page, "Name").fill("");
    await expect(form(page).getByRole("alert")).toHaveCount(4);
    expect(posted).toBe(0);
  });

  test("sending state, then the success toast and a reset form; the request reaches our API", async ({ page }) => {
    await openForm(page, "/contact");
    await fillValid(page, "Gasoline Delivery");
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold our own server's answer back so the sending state can be seen, then pass it on unchanged.
    let answered!: (value: { status: number; body: unknown; sent: unknown }) => void;
    const answer = new Promise<{ status: number; body: unknown; sent: unknown }>((resolve) => {
      answered = resolve;
    });
    await page.route("**/api/contact", async (route) => {
      await held;
      const response = await route.fetch();
      answered({ status: response.status(), body: await response.json(), sent: route.request().postDataJSON() });
      await route.fulfill({ response });
    });
    await sendButton(page).click();
    await expect(sendButton(page)).toHaveText("Sending...");
    await expect(sendButton(page)).toBeDisabled();
    await expectKept(page, "Gasoline Delivery");
    release();

    const { status, body, sent } = await answer;
    expect(status).toBe(201);
    expect(Object.keys(body as object).sort()).toEqual(["createdAt", "id", "requestPage"]);
    expect(sent).toEqual({
      name: driver.Name,
      email: driver.Email,
      phone: driver.Phone,
      service: "Gasoline Delivery",
      pickupLocation: driver["Pickup location"],
      dropoffLocation: driver["Drop-off location"],
      // The page's language, so the owner knows which language to call back in.
      language: "en",
    });

    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page).first()).toContainText("Request Sent");
    await expect(toasts(page).first()).toContainText(SUCCESS_TEXT);
    await expectReset(page);
    await expect(sendButton(page)).toHaveText("Send Request");
    await expect(sendButton(page)).toBeEnabled();
  });

  test("a server failure is said beside the button until the next try, and Try again sends it", async ({ page }) => {
    await openForm(page, "/contact");
    let failures = 2;
    const keys: string[] = [];
    await page.route("**/api/contact", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (failures > 0) {
        failures--;
        return route.fulfill({ status: 503, contentType: "application/json", body: "{}" });
      }
      return route.continue();
    });
    await fillValid(page, "Towing");
    await sendButton(page).click();
    const failure = page.getByTestId("send-failure");
    await expect(failure).toContainText("Your request was not sent.");
    await expect(failure).not.toContainText("back online");
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => keys.length).toBe(2);
    await expect(failure).toContainText("Your request was not sent.");
    // The driver corrects an answer, then tries again.
    await field(page, "Pickup location").fill("Eight Mile Rd & I-5, Stockton");
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("request-confirmation")).toBeVisible();
    await expect(page.getByTestId("send-failure")).toHaveCount(0);
    // Tries of the same answers carry the same key, so the server can store them once; changed
    // answers are another request to the server, so they are not answered with the first one.
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test("our API failing: the destructive Error toast, the error logged, every field kept", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") logged.push(m.text());
    });
    await openForm(page, "/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal Server Error"}' }),
    );
    await fillValid(page, "Jump Start");
    await sendButton(page).click();
    const toast = toasts(page).first();
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText(ERROR_TEXT);
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await expectKept(page, "Jump Start");
    await expect(sendButton(page)).toBeEnabled();
    expect(logged.some((t) => t.includes("Service request failed") && t.includes("500"))).toBe(true);

    // A refusal by the rate limit (429) reads the same to the driver.
    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 429, headers: { "Retry-After": "60" }, contentType: "application/json", body: "{}" }),
    );
    await sendButton(page).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page).first()).toContainText(ERROR_TEXT);
  });

  test("one toast at a time: a new result replaces the toast on screen", async ({ page }) => {
    await openForm(page, "/contact");
    let fail = true;
    await page.route("**/api/contact", (route) =>
      fail ? route.fulfill({ status: 500, body: "down" }) : route.continue(),
    );
    await fillValid(page);
    await sendButton(page).click();
    await expect(toasts(page).first()).toContainText(ERROR_TEXT);
    await sendButton(page).click();
    await expect(toasts(page).first()).toContainText(ERROR_TEXT);
    await expect(toasts(page)).toHaveCount(1);
    fail = false;
    await sendButton(page).click();
    await expect(toasts(page).filter({ hasText: "Request Sent" })).toHaveCount(1);
    await expect(toasts(page).filter({ hasText: ERROR_TEXT })).toHaveCount(0);
    await expect(toasts(page)).toHaveCount(1);
  });

  test("the toast closes by itself after 5 seconds, and F8 focuses the notification area", async ({ page }) => {
    // The page's clock is the test's: five seconds of its time, whatever the machine is doing.
    await page.clock.install();
    await openForm(page, "/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "down" }));
    await fillValid(page);
    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    await sendButton(page).click();
    await expect(toasts(page)).toHaveCount(1);
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: /Notification/ }).locator("ol")).toBeFocused();
    await page.locator("h1").click(); // move focus and pointer away, so the timer runs
    await page.clock.runFor(4_800);
    await expect(toasts(page)).toHaveCount(1);
    await page.clock.runFor(400);
    await expect(toasts(page)).toHaveCount(0);
  });

  test("a swipe to the right dismisses the toast past 50 px, and not before", async ({ page }) => {
    await openForm(page, "/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "down" }));
    await fillValid(page);
    await sendButton(page).click();
    const toast = toasts(page).first();
    await expect(toast).toContainText(ERROR_TEXT);
    const swipe = async (dx: number) => {
      const box = await toast.boundingBox();
      if (!box) throw new Error("no toast on screen");
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + dx, y, { steps: 10 });
      await page.mouse.up();
    };
    await swipe(30); // under the threshold: Radix cancels the swipe, and the toast stays open
    await expect(toast).toHaveAttribute("data-swipe", "cancel");
    await expect(toast).toHaveAttribute("data-state", "open");
    await expect(toasts(page)).toHaveCount(1);
    await swipe(120); // past it: gone
    await expect(toasts(page)).toHaveCount(0);
  });

  test("a service page preselects its own service, sends it, and keeps it after the reset", async ({ page }) => {
    await openForm(page, "/services/roadside-assistance");
    await expect(field(page, "Service")).toHaveValue("Roadside Assistance");
    for (const [label, value] of Object.entries(driver)) await field(page, label).fill(value);
    const response = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
    await sendButton(page).click();
    const res = await response;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON().service).toBe("Roadside Assistance");
    await expect(toasts(page).first()).toContainText("Request Sent");
    await expectReset(page, "Roadside Assistance");
  });

  test("the home page's Contact Us form sends a request", async ({ page }) => {
    await openForm(page, "/");
    await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
    await fillValid(page, "Vehicle Lockouts");
    const response = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
    await sendButton(page).click();
    expect((await response).status()).toBe(201);
    await expect(toasts(page).first()).toContainText(SUCCESS_TEXT);
  });
});

test("sends the optional vehicle, and the confirmation puts 911 before the business's number", async ({ page }) => {
  await openForm(page, "/contact");
  await expect(field(page, "Vehicle (year, make, model, color)")).not.toHaveAttribute("aria-required", "true");
  await fillValid(page);
  await field(page, "Vehicle (year, make, model, color)").fill("2014 Honda Civic, silver");
  const [post] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST"),
    sendButton(page).click(),
  ]);
  expect(post.postDataJSON()).toMatchObject({ vehicle: "2014 Honda Civic, silver" });
  const confirmation = page.getByTestId("request-confirmation");
  await expect(confirmation).toBeVisible();
  const danger = confirmation.getByTestId("danger-first");
  await expect(danger.getByRole("link", { name: "call 911" })).toHaveAttribute("href", "tel:911");
  const links = await confirmation.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(links.indexOf("tel:911")).toBeGreaterThanOrEqual(0);
  expect(links.indexOf("tel:911")).toBeLessThan(links.findIndex((h) => h?.startsWith("tel:+1")));
  await expect(confirmation).not.toContainText("Anything urgent, or in danger on the road?");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form posts to the API and lands on the confirmation page", async ({ page }) => {
    await page.goto("/contact");
    await fillValid(page, "Flat Tire");
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(post.headers()["content-type"]).toBe("application/x-www-form-urlencoded");
    const params = new URLSearchParams(post.postData() ?? "");
    expect(params.get("service")).toBe("Flat Tire");
    expect(params.get("pickupLocation")).toBe(driver["Pickup location"]);
    // The number and the token of the request's own page (tests/e2e/request-page.spec.ts follows it).
    await expect(page).toHaveURL(/\/contact\/sent\?id=\d+&token=[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request Sent");
    await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("a service page's form has its service chosen in the HTML itself", async ({ page }) => {
    await page.goto("/services/blocked-driveway");
    await expect(field(page, "Service")).toHaveValue("Blocked Driveway Towing");
  });

  test("an incomplete plain form comes back as the form, answers kept as text, errors listed and beside their fields", async ({
    page,
  }) => {
    await page.goto("/contact");
    await field(page, "Name").fill("<b>Dana</b>");
    await field(page, "Email").fill("not-an-email");
    const response = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
    await sendButton(page).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your request was not sent");
    const problems = page.getByTestId("contact-problems").getByRole("link");
    await expect(problems).toHaveText([
      "Email: Invalid email",
      "Phone: Required",
      "Service: Required",
      "Pickup location: Required",
      "Drop-off location: Required",
    ]);
    // What was typed is back in its field, as text: no <b> element was made of it.
    await expect(field(page, "Name")).toHaveValue("<b>Dana</b>");
    await expect(page.locator("b", { hasText: "Dana" })).toHaveCount(0);
    await expect(field(page, "Email")).toHaveValue("not-an-email");
    await expect(field(page, "Email")).toHaveAccessibleDescription("Invalid email");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});

/**
 * The fallback webhook is baked into the pages at build time, so this group builds its own copy of
 * the site with PUBLIC_CONTACT_FALLBACK_URL pointing at a real HTTP receiver started here, and
 * serves it with a second production server.
 */
test.describe("fallback webhook", () => {
  test.describe.configure({ mode: "serial" });

  const outDir = `${process.env.ASTRO_OUT_DIR ?? "dist"}-fallback`;
  let receiver: http.Server;
  let received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  let answer = 200;
  let server: ServerProcess | undefined;
  let build: ChildProcess | undefined;
  let dataDir: string;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this argument.
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(240_000);
    received = [];
    receiver = http.createServer((req, res) => {
      // An automation webhook on another origin answers CORS like this.
      res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
      res.setHeader("Access-Control-Allow-Headers", "content-type");
      res.setHeader("Access-Control-Allow-Methods", "POST");
      if (req.method === "OPTIONS") return res.writeHead(204).end();
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => {
        received.push({ headers: req.headers, body: JSON.parse(raw) });
        res.writeHead(answer, { "content-type": "application/json" }).end('{"ok":true}');
      });
    });
    // On a port of the system's choosing; the build bakes the receiver's address into the pages.
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const address = receiver.address();
    const hookUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/contact-hook`;

    const code = await new Promise<number | null>((resolve) => {
      // The pages only (`astro build`): the second server runs from source and needs neither the
      // compressed copies nor a second compiled server (which would rewrite dist-server/ under the
      // servers of tests running beside this one).
      build = spawn(process.execPath, ["node_modules/astro/astro.js", "build"], {
        // Its own process group, so afterAll can end the build and its workers should the hook time out.
        detached: true,
        env: {
          ...process.env,
          ASTRO_OUT_DIR: outDir,
          PUBLIC_CONTACT_FALLBACK_URL: hookUrl,
          ASTRO_TELEMETRY_DISABLED: "1",
        },
        stdio: "ignore",
      });
      const pid = build.pid as number;
      endWithTest(build, (signal) => process.kill(-pid, signal));
      build.once("exit", resolve);
    });
    expect(code, `building ${outDir}`).toBe(0);
    dataDir = mkdtempSync(path.join(tmpdir(), "towing-e2e-fallback-"));
    // The run's database, copied: no second PGlite to create beside the build and the other tests.
    copyE2eDatabase(dataDir);
    server = startServer(await freePort(), {
      DIST_DIR: outDir,
      DATA_DIR: dataDir,
      // No PUBLIC_CONTACT_FALLBACK_URL here: the server learns it from the build, so the CSP agrees.
      CONTACT_RATE_LIMIT_MAX: "10000",
    });
    await waitHealthy(server, 120_000);
  });

  test.afterAll(async () => {
    // The build, should the hook have timed out under it (its whole group: astro's workers too).
    if (build?.pid && build.exitCode === null && build.signalCode === null) process.kill(-build.pid, "SIGKILL");
    await stopServer(server);
    await new Promise((resolve) => receiver?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const failOurApi = (page: Page) =>
    page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "database down" }));

  test("when our API fails, the request goes to the webhook with the specified payload and counts as sent", async ({
    page,
  }) => {
    answer = 200;
    await openForm(page, `${server?.url}/contact`);
    await failOurApi(page);
    await fillValid(page, "Junk Car Removal");
    const before = Date.now();
    await sendButton(page).click();
    await expect(toasts(page).first()).toContainText("Request Sent");
    await expect(toasts(page).first()).toContainText(SUCCESS_TEXT);
    // Only our own API gives a request number; the webhook's copy is confirmed without one.
    await expect(page.getByTestId("request-confirmation")).toBeVisible();
    await expect(page.getByTestId("request-number")).toHaveCount(0);
    await expect(page.getByTestId("request-page-link")).toHaveCount(0);
    await expectReset(page);

    expect(received).toHaveLength(1);
    const { body, headers } = received[0] ?? { body: {}, headers: {} };
    expect(headers["content-type"]).toBe("application/json");
    expect(body).toMatchObject({
      name: driver.Name,
      email: driver.Email,
      phone: driver.Phone,
      service: "Junk Car Removal",
      pickupLocation: driver["Pickup location"],
      dropoffLocation: driver["Drop-off location"],
      type: "contact_request",
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        "createdAt",
        "dropoffLocation",
        "email",
        "id",
        "language",
        "name",
        "phone",
        "pickupLocation",
        "service",
        "timestamp",
        "type",
      ].sort(),
    );
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const key of ["timestamp", "createdAt"] as const) {
      const t = Date.parse(String(body[key]));
      expect(t).toBeGreaterThanOrEqual(before - 1000);
      expect(t).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  test("a refusal by our server (429) is not sent to the webhook; the toast gives the server's words with the phone", async ({
    page,
  }) => {
    received = [];
    await openForm(page, `${server?.url}/contact`);
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({
          error: "Too Many Requests",
          message:
            "Too many service requests from your connection. Please try again in 60 seconds, or call us at (209) 555-0142.",
          code: "rate_limited",
        }),
      }),
    );
    await fillValid(page, "Towing");
    await sendButton(page).click();
    await expect(toasts(page).first()).toContainText("Error");
    await expect(toasts(page).first()).toContainText("call us at (209) 555-0142");
    expect(received).toHaveLength(0);
  });

  test("when the webhook also fails, the Error toast shows, 'Failed to submit form' is logged and fields are kept", async ({
    page,
  }) => {
    answer = 502;
    received = [];
    const logged: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") logged.push(m.text());
    });
    await openForm(page, `${server?.url}/contact`);
    await failOurApi(page);
    await fillValid(page, "Towing");
    await sendButton(page).click();
    await expect(toasts(page).first()).toContainText(ERROR_TEXT);
    expect(received).toHaveLength(1);
    await expectKept(page, "Towing");
    expect(logged.some((t) => t.includes("Failed to submit form"))).toBe(true);
  });

  test("when our API works, the webhook is not called", async ({ page }) => {
    answer = 200;
    received = [];
    await openForm(page, `${server?.url}/contact`);
    await fillValid(page, "Towing");
    const response = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
    await sendButton(page).click();
    expect((await response).status()).toBe(201);
    await expect(toasts(page).first()).toContainText("Request Sent");
    expect(received).toHaveLength(0);
  });
});

/** Issue 48: the optional note and the limits said as the driver types, on a 390x844 phone. */
test.describe("the note and the limits, on a 390x844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const VEHICLE = "Vehicle (year, make, model, color)";
  const NOTE = "Anything the operator should know";
  const countOf = (page: Page, label: string) =>
    form(page).getByRole("textbox", { name: label, exact: true }).locator("xpath=..").getByTestId("character-count");

  test("a long vehicle is counted, never cut, and refused with the limit until shortened", async ({ page }) => {
    let posted = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/contact")) posted++;
    });
    await openForm(page, "/contact");
    const vehicle = field(page, VEHICLE);
    const count = countOf(page, VEHICLE);
    await expect(count).toHaveText("Up to 120 characters");
    await expect(vehicle).not.toHaveAttribute("maxlength");
    await expect(vehicle).toHaveAttribute("aria-describedby", /.+/);

    // Far from the limit: the count shows, a screen reader hears nothing.
    await vehicle.fill("2014 Honda Civic");
    await expect(count).toHaveText("16 of 120");
    await expect(count.locator("[aria-live=polite]")).toHaveText("");
    // Near it: "N characters left" in the polite live region.
    await vehicle.fill("v".repeat(112));
    await expect(count).toContainText("112 of 120");
    await expect(count.locator("[aria-live=polite]")).toHaveText("8 characters left");
    // Past it: every character kept, the count says how many over, and the send is refused with the limit.
    const long = `2014 Honda Civic EX sedan, silver with a dented rear bumper and a cracked windshield, ${"x".repeat(50)}`;
    await vehicle.fill(long);
    await expect(vehicle).toHaveValue(long);
    await expect(count).toContainText(`${long.length} of 120`);
    await expect(count.locator("[aria-live=polite]")).toHaveText(`${long.length - 120} characters over the limit`);
    await fillValid(page);
    await sendButton(page).click();
    await expect(form(page).getByText("Keep the vehicle to 120 characters: year, make, model and color")).toBeVisible();
    await expect(vehicle).toBeFocused();
    expect(posted).toBe(0);
    await vehicle.fill("2014 Honda Civic EX, silver");
    await expect(form(page).getByRole("alert")).toHaveCount(0);
  });

  test("the optional note is counted to 1,000, sent with the request, and shown to the desk as text", async ({
    page,
  }) => {
    await openForm(page, "/contact");
    const note = field(page, NOTE);
    await expect(note).not.toHaveAttribute("aria-required", "true");
    await expect(countOf(page, NOTE)).toHaveText("Up to 1,000 characters");
    const text = "Gate code 4521 <b>at the back</b>\nThe car won't roll.";
    await fillValid(page);
    await note.fill(text);
    await expect(countOf(page, NOTE)).toHaveText(`${text.length} of 1,000`);
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(post.postDataJSON()).toMatchObject({ note: text });
    const id = Number(/#(\d+)/.exec((await page.getByTestId("request-number").textContent()) ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    // Sent, the next form starts empty, its count back to the limit.
    await page.getByRole("button", { name: "Send another request" }).click();
    await expect(note).toHaveValue("");
    await expect(countOf(page, NOTE)).toHaveText("Up to 1,000 characters");

    await signInToDesk(page);
    await page.goto(`/desk#/requests/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
    const shown = page.getByTestId("request-note");
    await expect(shown).toHaveText(text, { useInnerText: true });
    await expect(shown.locator("b")).toHaveCount(0);
  });

  test("in Spanish: the note's label, its limit and the count", async ({ page }) => {
    await openForm(page, "/es/contact");
    const note = form(page).getByRole("textbox", { name: "Lo que el operador debe saber", exact: true });
    const count = note.locator("xpath=..").getByTestId("character-count");
    await expect(count).toHaveText("Hasta 1,000 caracteres");
    await note.fill("Portón azul");
    await expect(count).toHaveText("11 de 1,000");
  });
});

test.describe("the note without JavaScript, on a 390x844 phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the plain form posts the note; an over-long vehicle comes back refused with the note kept", async ({
    page,
  }) => {
    await page.goto("/contact");
    await fillValid(page, "Towing");
    await field(page, "Vehicle (year, make, model, color)").fill("v".repeat(130));
    await field(page, "Anything the operator should know").fill("Behind the blue gate");
    await sendButton(page).click();
    await expect(page).toHaveURL(/\/api\/contact$/);
    await expect(page.getByTestId("contact-problems")).toContainText(
      "Vehicle: Keep the vehicle to 120 characters: year, make, model and color",
    );
    // Nothing was cut: the text comes back whole, and so does the note.
    await expect(field(page, "Vehicle (year, make, model, color)")).toHaveValue("v".repeat(130));
    await expect(field(page, "Anything the operator should know")).toHaveValue("Behind the blue gate");
    await field(page, "Vehicle (year, make, model, color)").fill("2014 Honda Civic");
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(new URLSearchParams(post.postData() ?? "").get("note")).toBe("Behind the blue gate");
    await expect(page).toHaveURL(/\/contact\/sent\?id=\d+/);
  });
});
