import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { LOCATION_MESSAGE, PHONE_DIGITS_MESSAGE } from "../../src/shared/service-request-schema";
import { serviceRadiusMiles, site } from "../../src/shared/site";
import { waitForIsland } from "../support/islands";
import { layoutProblems, scrollToEnd } from "../support/layout-audit";
import { allRoutes, englishTemplateSample, sweepAll } from "../support/routes";

/**
 * A stranded driver on a phone (and a desktop), with and without JavaScript: every screen works at
 * first touch. Issue 11.
 */
const viewports = [
  { name: "375x667", width: 375, height: 667, phone: true },
  { name: "390x844", width: 390, height: 844, phone: true },
  { name: "1366x900", width: 1366, height: 900, phone: false },
] as const;
const scripting = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;

/** Where the phone-size screenshots go, to be looked at by a person (SCREENSHOT_DIR to choose). */
const SCREENS = process.env.SCREENSHOT_DIR ?? "test-results/screens";
mkdirSync(SCREENS, { recursive: true });

async function open(browser: Browser, vp: (typeof viewports)[number], javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    isMobile: vp.phone,
    hasTouch: vp.phone,
    javaScriptEnabled,
    baseURL: test.info().project.use.baseURL,
  });
  return { context, page: await context.newPage() };
}

/** The top of the call band on phones, the bottom of the screen on a desktop: the first screen's end. */
async function firstScreenEnd(page: Page, vp: (typeof viewports)[number]) {
  if (!vp.phone) return vp.height;
  const band = await page.getByTestId("mobile-call-band").boundingBox();
  expect(band).not.toBeNull();
  return band?.y ?? 0;
}

async function expectOnFirstScreen(page: Page, vp: (typeof viewports)[number], selector: ReturnType<Page["locator"]>) {
  const box = await selector.boundingBox();
  expect(box, "on the page and shown").not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(await firstScreenEnd(page, vp));
}

/**
 * Every route at every size, with and without JavaScript. One load per route serves both phone
 * sizes (the page is resized in place, as a phone turned or zoomed would be): loading each page
 * again per size doubled the sweep's time without seeing anything new.
 */
for (const js of scripting) {
  // Phones in `npm test`; the desktop size too with SWEEP_ALL=1 (`npm run test:sweeps-all`).
  for (const sizes of [viewports.filter((v) => v.phone), ...(sweepAll ? [viewports.filter((v) => !v.phone)] : [])]) {
    test(`${sizes.map((v) => v.name).join(" and ")} ${js.name}, ${sweepAll ? "every route" : "one page of each template"}: nothing fixed covers text or a control, and every tap target is 24 x 24 px or spaced`, async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const [first] = sizes;
      if (!first) throw new Error("no viewport");
      const { context, page } = await open(browser, first, js.javaScriptEnabled);
      const found: string[] = [];
      for (const route of sweepAll ? allRoutes : englishTemplateSample) {
        await page.goto(route.path);
        for (const vp of sizes) {
          if (vp !== first) {
            await page.setViewportSize({ width: vp.width, height: vp.height });
            await page.evaluate(() => window.scrollTo(0, 0));
          }
          // The first screen, then the very end of the page (where the footer must clear the call bar).
          for (const problem of await layoutProblems(page)) {
            if (problem.kind !== "covered") found.push(`${vp.name} ${route.path} (top): ${problem.what}`);
          }
          await scrollToEnd(page);
          for (const problem of await layoutProblems(page))
            found.push(`${vp.name} ${route.path} (end): ${problem.what}`);
        }
        if (sizes.length > 1) await page.setViewportSize({ width: first.width, height: first.height });
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
}

for (const vp of viewports) {
  for (const js of scripting) {
    test.describe(`${vp.name} ${js.name}`, () => {
      test("service pages open with the call button and a Request service jump to the form", async ({ browser }) => {
        const { context, page } = await open(browser, vp, js.javaScriptEnabled);
        await page.goto("/services/jump-start");
        const main = page.getByRole("main");
        const call = main.getByRole("link", { name: `Call ${site.phone.display}` }).first();
        const request = main.locator('a[href="#request-service"]');
        await expect(request).toHaveText("Request service");
        await expectOnFirstScreen(page, vp, call);
        await expectOnFirstScreen(page, vp, request);
        await expect(call).toHaveAttribute("href", `tel:${site.phone.e164}`);
        await request.click();
        await expect(page).toHaveURL(/#request-service$/);
        await expect(page.getByRole("heading", { name: "Request Service" })).toBeInViewport();
        await context.close();
      });

      test("/chat: the box and the send button on the first screen, no floating chat button", async ({ browser }) => {
        const { context, page } = await open(browser, vp, js.javaScriptEnabled);
        await page.goto("/chat");
        if (js.javaScriptEnabled) await waitForIsland(page, "ChatPage");
        const box = page.getByRole("textbox", { name: "Your message" });
        // The page is the chat: no floating chat button.
        await expect(page.getByTestId("chat-toggle")).toHaveCount(0);
        if (js.javaScriptEnabled) {
          await expectOnFirstScreen(page, vp, box);
          await expectOnFirstScreen(page, vp, page.getByRole("button", { name: "Send message" }));
          await expect(box).toBeEnabled();
          await expect(page.getByTestId("chat-needs-javascript")).toBeHidden();
        } else {
          // Said plainly, with the two ways that work without a script.
          const note = page.getByTestId("chat-needs-javascript");
          await expect(note).toContainText("The chat needs JavaScript");
          await expect(note.getByRole("link", { name: site.phone.display })).toHaveAttribute(
            "href",
            `tel:${site.phone.e164}`,
          );
          await expect(note.getByRole("link", { name: "send a service request" })).toHaveAttribute("href", "/contact");
          await expectOnFirstScreen(page, vp, note);
          await expect(box).toBeDisabled();
          await expect(box).toHaveAccessibleDescription(/The chat needs JavaScript/);
        }
        await context.close();
      });

      test("the chat button leads to the chat, and the footer names the chat vendor from site.ts", async ({
        browser,
      }) => {
        const { context, page } = await open(browser, vp, js.javaScriptEnabled);
        await page.goto("/about");
        const toggle = page.getByRole(js.javaScriptEnabled ? "button" : "link", { name: "Chat with us", exact: true });
        if (js.javaScriptEnabled) {
          await toggle.click(); // the first click opens it
          await expect(page.getByRole("dialog", { name: "Chat with Us" })).toBeVisible();
        } else {
          await expect(toggle).toHaveAttribute("href", "/chat");
          await toggle.click();
          await expect(page).toHaveURL(/\/chat$/);
        }
        const footer = page.getByRole("contentinfo");
        await expect(footer).toContainText(`Chat assistant powered by ${site.chatVendor.name}`);
        await expect(footer.getByRole("link", { name: site.chatVendor.name })).toHaveAttribute(
          "href",
          site.chatVendor.href,
        );
        await expect(footer).not.toContainText("in-house");
        await context.close();
      });

      test("home and /services send each service to the same page; distances in miles; the e-mail wraps whole", async ({
        browser,
      }) => {
        const { context, page } = await open(browser, vp, js.javaScriptEnabled);
        await page.goto("/services");
        const overview = new Map<string, string>();
        for (const card of await page
          .getByRole("main")
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { level: 2 }) })
          .all()) {
          const title = (await card.getByRole("heading", { level: 2 }).textContent())?.trim() ?? "";
          const href = await card.getByRole("link", { name: `More about ${title}` }).getAttribute("href");
          if (href) overview.set(title, href);
        }
        expect(overview.size).toBe(3);
        // The overview's call and request links are buttons, not bare links.
        const callBox = await page
          .getByRole("main")
          .getByRole("link", { name: `Call ${site.phone.display}` })
          .boundingBox();
        expect(callBox?.height).toBeGreaterThanOrEqual(44);

        await page.goto("/");
        let shared = 0;
        for (const [title, href] of overview) {
          const card = page.getByRole("link", { name: `Learn more about ${title}` });
          if ((await card.count()) === 0) continue;
          shared++;
          await expect(card).toHaveAttribute("href", href);
        }
        expect(shared).toBe(3);
        await expect(page.getByText(`within about ${serviceRadiusMiles} miles of downtown`)).toBeVisible();
        await expect(page.locator("body")).not.toContainText(/\d+\s?km\b/);

        // The e-mail breaks, if at all, only at the @: each half stays on one line.
        const email = page.getByRole("contentinfo").locator(`a[href="mailto:${site.email}"]`);
        await email.scrollIntoViewIfNeeded();
        const lines = await email.locator("span").evaluateAll((spans) => spans.map((s) => s.getClientRects().length));
        expect(lines).toEqual([1, 1]);
        await context.close();
      });

      test("the request form: kinder checks, Same as pickup, a confirmation that stays", async ({ browser }) => {
        const { context, page } = await open(browser, vp, js.javaScriptEnabled);
        await page.goto("/services/jump-start");
        const form = page.getByTestId("contact-form");
        const field = (label: string) =>
          form.getByRole(label === "Service" ? "combobox" : "textbox", { name: label, exact: true });
        if (js.javaScriptEnabled) {
          await form.scrollIntoViewIfNeeded();
          await waitForIsland(page, "ServiceRequestForm");
        }
        await field("Name").fill("Dana Driver");
        await field("Email").fill("dana@example.com");
        await field("Phone").fill("12");
        await field("Pickup location").fill("x");
        await form.getByRole("button", { name: "Send Request" }).click();

        if (!js.javaScriptEnabled) {
          // The form comes back as itself: the answers in place, each error beside its field and a summary
          // linking to them. Corrected there, it is sent: no Back button, nothing typed twice.
          const refused = page.getByTestId("contact-form");
          const problems = page.getByTestId("contact-problems");
          await expect(problems).toContainText(`Phone: ${PHONE_DIGITS_MESSAGE}`);
          await expect(problems).toContainText(`Pickup location: ${LOCATION_MESSAGE}`);
          await expect(problems).toContainText("Drop-off location: Required");
          await expect(refused.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Dana Driver");
          await expect(refused.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("dana@example.com");
          await expect(refused.getByRole("combobox", { name: "Service" })).toHaveValue("Jump Start");
          const phone = refused.getByRole("textbox", { name: "Phone", exact: true });
          await expect(phone).toHaveValue("12");
          await expect(phone).toHaveAccessibleDescription(PHONE_DIGITS_MESSAGE);
          if (vp.width === 375)
            await page.screenshot({ path: `${SCREENS}/refused-form-no-js-375.png`, fullPage: true });
          // The summary's link takes the driver to the field.
          await problems.getByRole("link", { name: `Phone: ${PHONE_DIGITS_MESSAGE}` }).click();
          const phoneId = await phone.getAttribute("id");
          await expect(page).toHaveURL((url) => url.hash === `#${phoneId}`);
          await expect(phone).toBeInViewport();
          await phone.fill("(209) 555-0199");
          await refused.getByRole("textbox", { name: "Pickup location" }).fill("Hammer Ln & West Ln, Stockton");
          await refused.getByRole("textbox", { name: "Drop-off location" }).fill("Hammer Ln & West Ln, Stockton");
          await refused.getByRole("button", { name: "Send Request" }).click();
          await expect(page).toHaveURL(/\/contact\/sent\?id=\d+&token=[A-Za-z0-9_-]{43}$/);
          const id = new URL(page.url()).searchParams.get("id");
          await expect(page.getByTestId("request-number")).toHaveText(`Your request number is #${id}.`);
          if (vp.width === 375) await page.screenshot({ path: `${SCREENS}/confirmation-no-js-375.png` });
          await context.close();
          return;
        }

        await expect(form.getByText(PHONE_DIGITS_MESSAGE)).toBeVisible();
        await expect(form.getByText(LOCATION_MESSAGE)).toBeVisible();
        await expect(form.getByText("Required", { exact: true })).toHaveCount(1); // the drop-off
        await field("Phone").fill("(209) 555-0199");
        await expect(form.getByText(PHONE_DIGITS_MESSAGE)).toHaveCount(0);
        await field("Pickup location").fill("Hammer Ln & West Ln, Stockton");

        // One tap fills the drop-off for a service done on the spot; a tow has no such button.
        await form.getByRole("button", { name: "Same as pickup" }).click();
        await expect(field("Drop-off location")).toHaveValue("Hammer Ln & West Ln, Stockton");
        await expect(form.getByRole("alert")).toHaveCount(0);
        await field("Service").selectOption("Towing");
        await expect(form.getByRole("button", { name: "Same as pickup" })).toHaveCount(0);
        await field("Service").selectOption("Vehicle Lockouts");

        const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
        await form.getByRole("button", { name: "Send Request" }).click();
        const created = (await (await answer).json()) as { id: number; requestPage: string };
        const confirmation = page.getByTestId("request-confirmation");
        await expect(confirmation.getByTestId("request-number")).toHaveText(`#${created.id}`);
        await expect(confirmation.getByRole("link", { name: "your request page" })).toHaveAttribute(
          "href",
          created.requestPage,
        );
        await expect(confirmation).toContainText("We'll call you at (209) 555-0199.");
        await expect(confirmation.getByRole("link", { name: `Call ${site.phone.display}` })).toHaveAttribute(
          "href",
          `tel:${site.phone.e164}`,
        );
        await expect(page.getByRole("region", { name: /Notification/ }).locator("li")).toContainText("Request Sent");
        // It stays after the toast has gone (5 s): the clock is not needed, the toast is closed by hand.
        await page
          .getByRole("region", { name: /Notification/ })
          .getByRole("button")
          .click();
        await expect(page.getByRole("region", { name: /Notification/ }).locator("li")).toHaveCount(0);
        await expect(confirmation).toBeVisible();
        await expect(form).toBeHidden();
        if (vp.width === 375) {
          await confirmation.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SCREENS}/confirmation-375.png` });
        }
        // The reset form comes back for another request.
        await confirmation.getByRole("button", { name: "Send another request" }).click();
        await expect(form).toBeVisible();
        await expect(field("Name")).toHaveValue("");
        await expect(field("Service")).toHaveValue("Jump Start");
        await context.close();
      });
    });
  }

  test.describe(`${vp.name} phone menu and hero`, () => {
    test("the desktop hero uses its space: the phone, the services and the towns", async ({ browser }) => {
      const { context, page } = await open(browser, vp, true);
      await page.goto("/");
      const glance = page.getByTestId("hero-glance");
      if (vp.phone) {
        await expect(glance).toBeHidden();
        await expectOnFirstScreen(
          page,
          vp,
          page
            .getByRole("main")
            .getByRole("link", { name: `Call ${site.phone.display}` })
            .first(),
        );
        // The towns served are named in the hero, one tap from their pages.
        const towns = page.getByTestId("hero-towns").getByRole("link");
        for (const town of site.areas) await expect(towns).toContainText(town);
        await towns.click();
        await expect(page).toHaveURL(/\/areas$/);
      } else {
        await expectOnFirstScreen(page, vp, glance);
        await expect(glance.getByRole("link", { name: site.phone.display })).toHaveAttribute(
          "href",
          `tel:${site.phone.e164}`,
        );
        await expect(glance.getByRole("link")).toHaveCount(11);
        for (const town of site.areas) await expect(glance).toContainText(town);
      }
      await context.close();
    });
  });
}

test.describe("chat replies", () => {
  test("phone numbers become call links and our pages are named by their titles", async ({ page }) => {
    await page.route("**/api/chat", (route) =>
      route.fulfill({
        contentType: "text/plain",
        body: "Call *(209) 555-0142* now, or read /services/jump-start and /blog/flat-towing-guide. <b>no</b>",
      }),
    );
    await page.goto("/chat");
    await waitForIsland(page, "ChatPage");
    const input = page.getByRole("textbox", { name: "Your message" });
    await input.fill("help");
    await input.press("Enter");
    const reply = page.getByTestId("bot-message");
    const call = reply.getByRole("link", { name: "(209) 555-0142" });
    await expect(call).toHaveAttribute("href", "tel:+12095550142");
    await expect(reply.locator("strong")).toHaveText("(209) 555-0142");
    await expect(reply.getByRole("link", { name: "Jump Start", exact: true })).toHaveAttribute(
      "href",
      "/services/jump-start",
    );
    const blog = reply.getByRole("link", { name: /flat tow/i });
    await expect(blog).toHaveAttribute("href", "/blog/flat-towing-guide");
    await expect(reply).not.toContainText("/services/jump-start");
    await expect(reply).toContainText("<b>no</b>");
    await expect(reply.locator("b")).toHaveCount(0);
  });
});

test.describe("phone size, as a driver first sees it", () => {
  test("home, a service page and /chat: the page's heading and the call band's number on the first screen (screenshots of each for a person)", async ({
    browser,
  }) => {
    const [phone] = viewports;
    const { context, page } = await open(browser, phone, true);
    for (const [file, path, heading, island] of [
      ["home-375.png", "/", "Towing Service in Stockton, CA", undefined],
      ["service-375.png", "/services/jump-start", "Jump Start", undefined],
      ["chat-375.png", "/chat", "Chat with Us", "ChatPage"],
    ] as const) {
      await page.goto(path);
      if (island) await waitForIsland(page, island);
      await expectOnFirstScreen(page, phone, page.getByRole("heading", { level: 1, name: heading }));
      const call = page.getByTestId("mobile-call-band").getByRole("link").first();
      await expect(call, path).toBeInViewport();
      await expect(call, path).toHaveAttribute("href", `tel:${site.phone.e164}`);
      await page.screenshot({ path: `${SCREENS}/${file}` });
    }
    // The end of the home page, for a person to look at (the sweep above checks every page's end).
    await page.goto("/");
    await scrollToEnd(page);
    await page.screenshot({ path: `${SCREENS}/home-end-375.png` });
    await context.close();
  });
});
