import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "../support/hydration";

/**
 * Issue 14: the header, the floating chat button and the footer map are pre-rendered HTML that load
 * their React code only when a visitor starts to use them (`client:touch`), and the first tap or click
 * is never lost, on a slow connection too. Their scripted behaviour has its own tests (layout, chat).
 */

/** Holds every island script request made from now on until `release()`: as slow a connection as the test wants. */
async function holdScripts(page: Page) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route(/\/_astro\/.+\.js$/, async (route) => {
    held.push(route.request().url());
    await gate;
    await route.continue().catch(() => {}); // the page may be gone by then
  });
  return { held, release };
}

/** The code of the layout's touch islands and of React: what an untouched page must not request. */
async function touchIslandCode(page: Page) {
  return page
    .locator('astro-island[client="touch"]')
    .evaluateAll((islands) =>
      islands.flatMap((el) => [el.getAttribute("component-url") ?? "", el.getAttribute("renderer-url") ?? ""]),
    );
}

test.describe("an untouched page", () => {
  for (const path of ["/about", "/services", "/blog", "/blog/car-to-car-towing", "/no-such-page"]) {
    test(`${path} requests no React code, even scrolled to the footer map`, async ({ page }) => {
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      // Scrolled by script, not the mouse wheel: a pointer over an island is a touch.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState("networkidle");
      const code = new Set(await touchIslandCode(page));
      expect(code.size, "the header, chat button and map islands and React's renderer").toBe(4);
      expect(scripts.filter((s) => code.has(s))).toEqual([]);
      // Not even a small one: the page's own scripts (the islands' loader, the image fallback) are inline.
      expect(scripts, "no script file at all").toEqual([]);
    });
  }
});

test.describe("phone: the first tap on the menu button", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const menuButton = (page: Page) => page.getByRole("banner").getByTestId("disclosure-menu").locator("summary");

  test("opens the drawer", async ({ page }) => {
    await page.goto("/about");
    await menuButton(page).tap();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("opens the drawer on a slow connection, showing that it is loading meanwhile", async ({ page }) => {
    await page.goto("/blog");
    const { held, release } = await holdScripts(page);
    const summary = menuButton(page);
    await summary.tap();
    await expect.poll(() => held.some((url) => url.includes("SiteHeader"))).toBe(true);
    await expect(summary).toHaveAttribute("aria-busy", "true");
    // Held, not lost and not done twice: the no-JavaScript menu stays shut while the drawer's code comes.
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Mobile" })).toBeHidden();
    release();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(page.getByRole("banner").locator("[aria-busy]")).toHaveCount(0);
    // The drawer behaves as always once there: Services collapses, a link closes it.
    await drawer.getByRole("button", { name: "Services" }).click();
    await drawer.getByRole("link", { name: "Flat Tire", exact: true }).click();
    await expect(page).toHaveURL(/\/services\/flat-tire$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("keyboard: focus stays on the menu button as its code loads, and Enter opens the drawer", async ({ page }) => {
    await page.goto("/about");
    const summary = menuButton(page);
    await summary.focus();
    await waitForHydration(page, "SiteHeader");
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(open).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  });

  test("when its code cannot load, the menu still opens in place, as without JavaScript", async ({ page }) => {
    await page.route(/\/_astro\/SiteHeader\.[^/]+\.js$/, (route) => route.abort());
    await page.goto("/about");
    await menuButton(page).tap();
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the first click on Services opens the dropdown instead of leaving the page", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const services = nav.getByRole("link", { name: "Services" });
    await expect(services).toHaveAttribute("href", "/services");
    const { release } = await holdScripts(page);
    await services.click();
    await expect(services).toHaveAttribute("aria-busy", "true");
    release();
    await expect(nav.getByRole("link", { name: "Jump Start", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("when its code cannot load, Services is a link to /services", async ({ page }) => {
    await page.route(/\/_astro\/SiteHeader\.[^/]+\.js$/, (route) => route.abort());
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
  });
});

for (const vp of [
  { name: "phone", viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
]) {
  test.describe(`${vp.name}: the first click on the chat button`, () => {
    test.use({ viewport: vp.viewport, isMobile: vp.isMobile, hasTouch: vp.hasTouch });
    const activate = (page: Page) =>
      vp.hasTouch ? page.getByTestId("chat-toggle").tap() : page.getByTestId("chat-toggle").click();

    test("opens the panel", async ({ page }) => {
      await page.goto("/services");
      await activate(page);
      await expect(page.getByRole("dialog", { name: "Chat with Us" })).toBeVisible();
      await expect(page.getByTestId("chat-input")).toBeFocused();
      await expect(page).toHaveURL(/\/services$/);
    });

    test("opens the panel on a slow connection, showing that it is loading meanwhile", async ({ page }) => {
      await page.goto("/about");
      const { held, release } = await holdScripts(page);
      const toggle = page.getByTestId("chat-toggle");
      await activate(page);
      await expect.poll(() => held.some((url) => url.includes("ChatWidget"))).toBe(true);
      await expect(toggle).toHaveAttribute("aria-busy", "true");
      await expect(page).toHaveURL(/\/about$/); // the link to /chat did not take the visitor away
      release();
      await expect(page.getByRole("dialog", { name: "Chat with Us" })).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(toggle).not.toHaveAttribute("aria-busy");
    });

    test("when its code cannot load, the button leads to /chat", async ({ page }) => {
      await page.route(/\/_astro\/ChatWidget\.[^/]+\.js$/, (route) => route.abort());
      await page.goto("/about");
      await activate(page);
      await expect(page).toHaveURL(/\/chat$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat with Us");
    });
  });
}

test.describe("the chat button across pages", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("hidden on /chat, back on the next page, and the first click there opens it", async ({ page }) => {
    await page.goto("/chat");
    await waitForHydration(page, "ChatPage");
    await expect(page.getByTestId("chat-toggle")).toBeHidden();
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByTestId("chat-toggle").click();
    await expect(page.getByRole("dialog", { name: "Chat with Us" })).toBeVisible();
  });

  test("keeps its conversation through a visit to /chat", async ({ page }) => {
    await page.goto("/about");
    await page.getByTestId("chat-toggle").click();
    const input = page.getByTestId("chat-input");
    await input.fill("Do you serve Lodi?");
    await input.press("Enter");
    await expect(page.getByTestId("chat-panel").getByTestId("bot-message")).toContainText("Yes, we serve Lodi");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat with Us" }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId("chat-toggle")).toHaveCount(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    const panel = page.getByTestId("chat-panel");
    await expect(panel.getByTestId("user-message")).toHaveText("You: Do you serve Lodi?");
  });
});

test("footer map: the first click on Show map shows it, on a slow connection too", async ({ page }) => {
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
  );
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  const { release } = await holdScripts(page);
  await footer.getByTestId("show-map").click();
  await expect(footer.getByTestId("show-map")).toHaveAttribute("aria-busy", "true");
  release();
  await expect(footer.locator("iframe")).toHaveAttribute("src", /openstreetmap\.org\/export\/embed/);
});
