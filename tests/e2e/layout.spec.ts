import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { services } from "../../src/shared/services";
import { waitForIsland } from "../support/islands";
import { allRoutes, englishTemplateSample, spanishRoutes, spanishTemplateSample, sweepAll } from "../support/routes";

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the Services dropdown lists the ten service pages and opens on hover and keyboard", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Blog", "About", "Chat with Us", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const trigger = nav.getByRole("button", { name: "Services" });
    await trigger.hover();
    for (const s of services) {
      await expect(nav.getByRole("link", { name: s.name, exact: true })).toBeVisible();
    }
    await page.mouse.move(5, 700);
    await expect(nav.getByRole("link", { name: "Jump Start", exact: true })).toBeHidden();

    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Flat Tire", exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Flat Tire", exact: true })).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.keyboard.press("Enter");
    await nav.getByRole("link", { name: "Flat Tire", exact: true }).click();
    await expect(page).toHaveURL(/\/services\/flat-tire$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flat Tire");
  });

  test("without JavaScript a click on Services opens the same list", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Services" }).click();
    await nav.getByRole("link", { name: "Towing", exact: true }).click();
    await expect(page).toHaveURL(/\/services\/towing$/);
    await context.close();
  });

  test("hover delays: opens after 200 ms, closes 150 ms after the pointer leaves, reopens at once within 300 ms", async ({
    page,
  }) => {
    // The page's clock is the test's: the delays are measured in its time, not the busy machine's.
    await page.clock.install();
    await page.goto("/");
    await page.clock.pauseAt(Date.now() + 60_000);
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("link", { name: "Jump Start", exact: true });
    await nav.getByRole("button", { name: "Services" }).hover();
    await page.clock.runFor(190);
    await expect(menu).toBeHidden();
    await page.clock.runFor(20);
    await expect(menu).toBeVisible();

    // The way down into the list does not close it.
    await menu.hover();
    await page.clock.runFor(500);
    await expect(menu).toBeVisible();

    await page.mouse.move(5, 700);
    await page.clock.runFor(140);
    await expect(menu).toBeVisible();
    await page.clock.runFor(20);
    await expect(menu).toBeHidden();

    // Back within the skip delay: no wait.
    await page.clock.runFor(100);
    await nav.getByRole("button", { name: "Services" }).hover();
    await page.clock.runFor(1);
    await expect(menu).toBeVisible();

    // Back after it: the 200 ms again.
    await page.mouse.move(5, 700);
    await page.clock.runFor(160 + 400);
    await expect(menu).toBeHidden();
    await nav.getByRole("button", { name: "Services" }).hover();
    await page.clock.runFor(100);
    await expect(menu).toBeHidden();
    await page.clock.runFor(110);
    await expect(menu).toBeVisible();
  });

  test("the phone button shows on desktop and the thumb call bar does not", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "(209) 555-0142" })).toBeVisible();
    await expect(page.getByTestId("mobile-call-bar")).toBeHidden();
  });
});

test.describe("phone layout", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  for (const javaScriptEnabled of [true, false]) {
    test(`${javaScriptEnabled ? "with" : "without"} JavaScript: the Menu button opens the drawer on the right, Services collapses, a link leads on`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: { width: 375, height: 740 },
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await page.getByRole("button", { name: "Menu" }).tap();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await expect(drawer).toBeVisible();
      // It slides in from the right edge, and stays against it.
      await expect
        .poll(async () => {
          const box = await drawer.boundingBox();
          return box && Math.round(box.x + box.width);
        })
        .toBe(375);

      await expect(drawer.getByRole("link", { name: "Towing", exact: true })).toBeHidden();
      await drawer.getByText("Services", { exact: true }).tap();
      for (const s of services) await expect(drawer.getByRole("link", { name: s.name, exact: true })).toBeVisible();

      await expect(drawer.getByRole("link", { name: "Areas", exact: true })).toHaveAttribute("href", "/areas");
      await drawer.getByRole("link", { name: "Motorcycle Towing", exact: true }).tap();
      await expect(page).toHaveURL(/\/services\/motorcycle-towing$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Motorcycle Towing");
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
      // On a service page the drawer opens with its Services list already open.
      await page.getByRole("button", { name: "Menu" }).tap();
      await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Flat Tire" })).toBeVisible();
      await context.close();
    });
  }

  test("the Menu button is a button in the HTML itself, before any script", async ({ request }) => {
    const html = await (await request.get("/about")).text();
    expect(html).toMatch(/<button type="button" popovertarget="site-menu"[^>]*aria-label="Menu"/);
  });

  test("choosing a link closes the drawer, so Back shows the page without it", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Menu" }).tap();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Blog", exact: true }).tap();
    await expect(page).toHaveURL(/\/blog$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("Escape and the close button close the drawer and return focus to the menu button", async ({ page }) => {
    await page.goto("/about");
    const open = page.getByRole("button", { name: "Menu" });
    await open.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(open).toBeFocused();
    await open.press("Enter");
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("a call button stays in thumb reach at the bottom of the screen", async ({ page }) => {
    await page.goto("/services");
    const bar = page.getByTestId("mobile-call-bar");
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("href", "tel:+12095550142");
    await page.mouse.wheel(0, 2000);
    const box = await bar.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThan(740 - 20);
  });

  test("the call band's label stays inside its button on a 320 px phone with enlarged text", async ({ page }) => {
    interface Box {
      top: number;
      right: number;
      bottom: number;
      left: number;
    }
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/about");
    const measure = () =>
      page.evaluate(() => {
        const box = (r: DOMRect) => ({ top: r.top, right: r.right, bottom: r.bottom, left: r.left });
        const element = (testId: string) => {
          const found = document.querySelector(`[data-testid="${testId}"]`);
          if (!found) throw new Error(`${testId} is missing`);
          return found;
        };
        const range = document.createRange();
        range.selectNodeContents(element("mobile-call-bar")); // the label's text and its icon, as drawn
        return {
          band: box(element("mobile-call-band").getBoundingClientRect()),
          link: box(element("mobile-call-bar").getBoundingClientRect()),
          ink: box(range.getBoundingClientRect()),
          // The room the page keeps free at its end for the band (the footer's bottom padding).
          keptFree: Number.parseFloat(getComputedStyle(document.querySelector("footer") as Element).paddingBottom),
        };
      });
    const inside = (inner: Box, outer: Box) =>
      inner.top >= outer.top - 0.5 &&
      inner.bottom <= outer.bottom + 0.5 &&
      inner.left >= outer.left - 0.5 &&
      inner.right <= outer.right + 0.5;

    const atDefaultSize = await measure();
    expect(atDefaultSize.link.bottom - atDefaultSize.link.top).toBe(48);
    expect(atDefaultSize.band.bottom - atDefaultSize.band.top).toBe(73);
    // The browser's text size setting scales the root font, as this does.
    for (const size of ["125%", "150%"]) {
      await page.addStyleTag({ content: `html { font-size: ${size} }` });
      const m = await measure();
      expect(inside(m.ink, m.link), `the label inside its button at ${size}`).toBe(true);
      expect(inside(m.link, m.band), `the button inside the band at ${size}`).toBe(true);
      expect(m.band.bottom).toBe(640);
      expect(m.band.bottom - m.band.top, `the band within the room the page keeps at ${size}`).toBeLessThanOrEqual(
        m.keptFree,
      );
    }
  });
});

/**
 * With SCREENSHOT_DIR set, every page at 360 px and 100% text is saved there as it loads in the sweep
 * below, to be looked at by a person (no page is loaded for it alone). Unset, nothing is written.
 */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
if (SCREENSHOT_DIR) mkdirSync(SCREENSHOT_DIR, { recursive: true });
const screenshotName = (routePath: string) =>
  `page-${routePath === "/" ? "home" : routePath.slice(1).replaceAll("/", "-")}-360.png`;

// The Spanish pages too: their words are longer, and they wrap or overflow where the English do not.
for (const [language, routes] of [
  ["English", sweepAll ? allRoutes : englishTemplateSample],
  ["Spanish", sweepAll ? spanishRoutes : spanishTemplateSample],
] as const) {
  test(`${language} pages: with text at 100%, 150% and 200% on a 360 px phone, no page is wider than the screen, the menu and call band stay in reach, and at 100% no link splits a number inside its seven digits (and, with SCREENSHOT_DIR, a screenshot of each at 100%)`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(route.path);
      if (SCREENSHOT_DIR) {
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${screenshotName(route.path)}`, fullPage: true });
      }
      for (const size of ["100%", "150%", "200%"]) {
        // The browser's text size setting scales the root font, as this does.
        await page.evaluate((fontSize) => {
          document.documentElement.style.fontSize = fontSize;
        }, size);
        const m = await page.evaluate(() => {
          const rect = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().toJSON();
          return {
            width: document.documentElement.scrollWidth,
            menu: rect('button[popovertarget="site-menu"]'),
            call: rect('[data-testid="mobile-call-bar"]'),
            // A number split inside its seven digits ("(209) 555-" / "0142") in any link that dials it.
            splitNumbers: [...document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:+"]')]
              .filter((a) => a.getClientRects().length > 0)
              .flatMap((a) => {
                const texts = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
                const split: string[] = [];
                for (let node = texts.nextNode(); node; node = texts.nextNode()) {
                  const number = /\d{3}-\d{4}/.exec(node.textContent ?? "");
                  if (!number) continue;
                  const range = document.createRange();
                  range.setStart(node, number.index);
                  range.setEnd(node, number.index + number[0].length);
                  // What a person sees: a screen reader's copy, clipped to a pixel, is not a line of text.
                  const seen = [...range.getClientRects()].filter((r) => r.width > 2 && r.height > 2);
                  const lines = new Set(seen.map((r) => Math.round(r.top)));
                  if (lines.size > 1) split.push(a.innerText.replace(/\s+/g, " ").trim());
                }
                return split;
              }),
          };
        });
        const where = `${route.path} at ${size}`;
        if (m.width > 360) found.push(`${where}: the page is ${m.width} px wide`);
        const inReach = (r: DOMRect | undefined) =>
          r !== undefined &&
          r.left >= 0 &&
          r.right <= 360 &&
          r.top >= 0 &&
          r.bottom <= 740 &&
          r.width >= 24 &&
          r.height >= 24;
        if (!inReach(m.menu)) found.push(`${where}: the menu button is at ${JSON.stringify(m.menu)}`);
        if (!inReach(m.call)) found.push(`${where}: the call band's button is at ${JSON.stringify(m.call)}`);
        // At the size most phones use, a number is never split; larger text may wrap one (the form's
        // narrow call link) rather than push the page wider than the screen, which would be worse.
        if (size === "100%") {
          for (const link of m.splitNumbers) found.push(`${where}: the number breaks across lines in "${link}"`);
        }
      }
    }
    expect(found).toEqual([]);
    await context.close();
  });
}

test.describe("testimonials carousel", () => {
  /**
   * Next takes the carousel to its end in exactly `steps` clicks: enabled before each (so never fewer),
   * disabled after the last (so never more). Each assertion waits for the state it names, not for a time.
   */
  async function expectStepsToEnd(page: Page, steps: number) {
    const carousel = page.getByTestId("testimonials-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await waitForIsland(page, "TestimonialsCarousel");
    const prev = carousel.getByRole("button", { name: "Previous testimonials" });
    const next = carousel.getByRole("button", { name: "Next testimonials" });
    await expect(prev).toBeDisabled();
    for (let step = 1; step <= steps; step += 1) {
      await expect(next, `next is still enabled before step ${step}`).toBeEnabled();
      await next.click();
      await expect(prev).toBeEnabled();
    }
    await expect(next).toBeDisabled();
  }

  test("one testimonial per step on a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await expectStepsToEnd(page, 6);
  });

  test("three per step from 768 px (1024 px screen)", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/");
    await expectStepsToEnd(page, 2);
  });

  test("arrow keys move it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const carousel = page.getByTestId("testimonials-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await waitForIsland(page, "TestimonialsCarousel");
    await carousel.getByRole("button", { name: "Next testimonials" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(carousel.getByRole("button", { name: "Previous testimonials" })).toBeEnabled();
    await page.keyboard.press("ArrowLeft");
    await expect(carousel.getByRole("button", { name: "Previous testimonials" })).toBeDisabled();
  });

  test("a swipe to the left moves it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const carousel = page.getByTestId("testimonials-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await waitForIsland(page, "TestimonialsCarousel");
    const box = await carousel.locator("li").first().boundingBox();
    if (!box) throw new Error("no slide");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, y, { steps: 8 });
    await page.mouse.up();
    await expect(carousel.getByRole("button", { name: "Previous testimonials" })).toBeEnabled();
  });
});

test("a service image that fails to load is logged and replaced by the default towing image", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.route("**/images/services/jump-start.svg", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/services/jump-start");
  const img = page.locator("main img").first();
  await expect(img).toHaveAttribute("src", "/images/services/tow-truck.svg");
  await expect(img).toHaveAttribute("alt", /towing service vehicle/);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  expect(errors.some((e) => e.includes("jump-start.svg"))).toBe(true);
});

test("footer: quick links, contact lines, and a map that loads only when asked", async ({ page }) => {
  const outside: string[] = [];
  page.on("request", (r) => {
    const host = new URL(r.url()).hostname;
    if (!["127.0.0.1", "localhost"].includes(host) && !r.url().startsWith("data:")) outside.push(r.url());
  });
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
  );
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const quick = footer.getByRole("navigation", { name: "Quick links" }).getByRole("link");
  expect(await quick.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
    "/",
    "/services",
    "/blog",
    "/about",
    "/contact",
  ]);
  await expect(footer.locator('a[href="tel:+12095550142"]')).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
  await expect(footer).toContainText("Available 24/7");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  // The credit line names the chat's vendor (site.ts), as a link.
  await expect(footer.getByText(/Chat assistant powered by/)).toBeVisible();
  await expect(footer.getByText(/Chat assistant powered by/).getByRole("link")).toBeVisible();
  await expect(footer.getByRole("link", { name: /Open in your maps app/ })).toHaveAttribute("href", /maps/);

  await footer.scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(outside).toEqual([]);
  await footer.getByTestId("show-map").click();
  await expect(footer.locator("iframe")).toHaveAttribute("src", /openstreetmap\.org\/export\/embed/);
  // The frame's request can start a moment after its src is set: wait for it rather than read once.
  await expect.poll(() => outside.some((u) => u.includes("openstreetmap.org"))).toBe(true);
});

/**
 * Issue 14: the browser skips the footer's layout until it comes near (content-visibility: auto).
 * Meanwhile its links stay in the accessibility tree, and the height kept for it is
 * its real one, so the page's length does not jump when it is laid out.
 */
for (const [width, path] of [375, 768, 1280].flatMap((w) => [[w, "/about"] as const, [w, "/es/about"] as const])) {
  test(`footer of ${path} at ${width} px: skipped until near, reachable meanwhile, and kept at its real height`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    const footer = page.locator("footer");
    const kept = await footer.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        visibility: style.contentVisibility,
        height: Number.parseFloat(style.containIntrinsicHeight.replace("auto ", "")),
      };
    });
    expect(kept.visibility).toBe("auto");
    // Skipped, and still named in the accessibility tree.
    await expect(
      page
        .getByRole("contentinfo")
        .getByRole("link", { name: path === "/about" ? "Contact" : "Contacto", exact: true }),
    ).toHaveCount(1);
    // Its real height: the same footer laid out in full.
    const real = await footer.evaluate((el) => {
      el.style.contentVisibility = "visible";
      return el.getBoundingClientRect().height;
    });
    expect(real).toBeGreaterThan(kept.height * 0.95);
    expect(real).toBeLessThan(kept.height * 1.05);
  });
}
