import { expect, type Page, test } from "@playwright/test";
import { services } from "../../src/lib/services";
import { hydrateByTouch, waitForHydration } from "../support/hydration";

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the Services dropdown lists the ten service pages and opens on hover and keyboard", async ({ page }) => {
    await page.goto("/");
    await hydrateByTouch(page, "SiteHeader", page.getByRole("banner").getByRole("link").first());
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
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: "Flat Tire", exact: true }).click();
    await expect(page).toHaveURL(/\/services\/flat-tire$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flat Tire");
  });

  test("the hover opens only after the 200 ms delay", async ({ page }) => {
    // The page's clock is the test's: the delay is measured in its time, not the busy machine's.
    await page.clock.install();
    await page.goto("/");
    await hydrateByTouch(page, "SiteHeader", page.getByRole("banner").getByRole("link").first());
    await page.clock.pauseAt(Date.now() + 60_000);
    const services = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" });
    await services.hover();
    await page.clock.runFor(150);
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await page.clock.runFor(100);
    await expect(services).toHaveAttribute("aria-expanded", "true");
  });

  test("the phone button shows on desktop and the thumb call bar does not", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "(209) 555-0142" })).toBeVisible();
    await expect(page.getByTestId("mobile-call-bar")).toBeHidden();
  });
});

test.describe("phone layout", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("the drawer opens on the right, Services collapses, and choosing a link closes it", async ({ page }) => {
    await page.goto("/");
    await hydrateByTouch(page, "SiteHeader", page.getByRole("banner").getByRole("link").first());
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box).not.toBeNull();
    if (box) expect(Math.round(box.x + box.width)).toBe(375);

    const toggle = drawer.getByRole("button", { name: "Services" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(drawer.getByRole("link", { name: "Towing", exact: true })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const s of services) await expect(drawer.getByRole("link", { name: s.name, exact: true })).toBeVisible();

    await drawer.getByRole("link", { name: "Motorcycle Towing", exact: true }).click();
    await expect(page).toHaveURL(/\/services\/motorcycle-towing$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Motorcycle Towing");
  });

  test("Escape closes the drawer and returns focus to the menu button", async ({ page }) => {
    await page.goto("/about");
    await hydrateByTouch(page, "SiteHeader", page.getByRole("banner").getByRole("link").first());
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("the header does not move while the page is still arriving", async ({ page, request }) => {
    // The browser may paint a frame with only part of the page parsed. Cut right after the menu's
    // <details>, the browser draws its own "Details" summary there: the menu's box must not change
    // when the real summary arrives (that change was a layout shift in Lighthouse's CLS).
    const html = await (await request.get("/about")).text();
    const start = html.indexOf('<details data-testid="disclosure-menu"');
    expect(start, "the phone menu's <details> is in the page").toBeGreaterThan(0);
    const partial = html.slice(0, html.indexOf(">", start) + 1);
    await page.route("**/page-still-arriving", (route) =>
      route.fulfill({ contentType: "text/html; charset=utf-8", body: partial }),
    );
    await page.goto("/page-still-arriving");
    const arriving = await page.getByTestId("disclosure-menu").boundingBox();
    await page.goto("/about");
    const complete = await page.getByTestId("disclosure-menu").boundingBox();
    expect(complete).not.toBeNull();
    expect(arriving).toEqual(complete);
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

test.describe("testimonials carousel", () => {
  async function stepsToEnd(page: Page) {
    const carousel = page.getByTestId("testimonials-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await waitForHydration(page, "TestimonialsCarousel");
    const prev = carousel.getByRole("button", { name: "Previous testimonials" });
    const next = carousel.getByRole("button", { name: "Next testimonials" });
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();
    let steps = 0;
    while (await next.isEnabled()) {
      await next.click();
      steps += 1;
      await page.waitForTimeout(350);
      if (steps > 10) break;
    }
    await expect(next).toBeDisabled();
    await expect(prev).toBeEnabled();
    return steps;
  }

  test("one testimonial per step on a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    expect(await stepsToEnd(page)).toBe(6);
  });

  test("three per step from 768 px (1024 px screen)", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/");
    expect(await stepsToEnd(page)).toBe(2);
  });

  test("arrow keys move it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const carousel = page.getByTestId("testimonials-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await waitForHydration(page, "TestimonialsCarousel");
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
    await waitForHydration(page, "TestimonialsCarousel");
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
for (const width of [375, 768, 1280]) {
  test(`footer at ${width} px: skipped until near, reachable meanwhile, and kept at its real height`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/about");
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
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true })).toHaveCount(1);
    // Its real height: the same footer laid out in full.
    const real = await footer.evaluate((el) => {
      el.style.contentVisibility = "visible";
      return el.getBoundingClientRect().height;
    });
    expect(real).toBeGreaterThan(kept.height * 0.95);
    expect(real).toBeLessThan(kept.height * 1.05);
  });
}
