import { expect, type Page, test } from "@playwright/test";
import { waitForIsland } from "../support/islands";

const FAILURE = "Sorry, something went wrong. Please try again.";

async function openChatPage(page: Page) {
  await page.goto("/chat");
  await waitForIsland(page, "ChatPage");
  return {
    input: page.getByTestId("chat-input"),
    send: page.getByRole("button", { name: "Send message" }),
    log: page.getByTestId("chat-messages"),
  };
}

test.describe("/chat page", () => {
  test("starts empty with the welcome text, the placeholder and the note about history", async ({ page }) => {
    const { input, log } = await openChatPage(page);
    await expect(log).toContainText("Welcome! How can we help you today?");
    await expect(input).toHaveAttribute("placeholder", "Type your message...");
    await expect(page.getByText(/history is lost when you refresh/)).toBeVisible();
    // The page is the chat: the floating widget is left out of it.
    await expect(page.getByTestId("chat-toggle")).toHaveCount(0);
    await expect(page.getByTestId("chat-panel")).toHaveCount(0);
  });

  test("Enter sends to the built-in assistant and the reply comes back formatted", async ({ page }) => {
    const { input, log } = await openChatPage(page);
    await input.fill("My battery is dead");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(log.getByTestId("user-message")).toHaveText("You: My battery is dead");
    const reply = log.getByTestId("bot-message");
    await expect(reply).toContainText("Jump Start");
    await expect(reply.locator("strong")).toHaveText("Jump Start");
    // Our own page, named by its title rather than its path.
    await expect(reply.getByRole("link", { name: "Jump Start", exact: true })).toHaveAttribute(
      "href",
      "/services/jump-start",
    );
    await expect(log).not.toContainText("Welcome! How can we help you today?");
  });

  test("a danger reply opens with 911 as a tap-to-call link, then the action for the hazard", async ({ page }) => {
    const { input, log } = await openChatPage(page);
    await input.fill("my car died on the train tracks and the gates are coming down");
    await input.press("Enter");
    const reply = log.getByTestId("bot-message");
    await expect(reply).toContainText("Call 911 now. Get everyone out of the car and away from the tracks");
    await expect(reply).not.toContainText("buckled");
    await expect(reply.getByRole("link", { name: "911", exact: true })).toHaveAttribute("href", "tel:911");
  });

  test("Shift+Enter adds a line instead of sending", async ({ page }) => {
    const { input, log } = await openChatPage(page);
    await input.fill("first line");
    await input.press("Shift+Enter");
    await input.pressSequentially("second line");
    await expect(input).toHaveValue("first line\nsecond line");
    await expect(log.getByTestId("user-message")).toHaveCount(0);
    await input.press("Enter");
    await expect(log.getByTestId("user-message")).toHaveText("You: first line\nsecond line");
  });

  test("whitespace alone is not sent", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/chat", (route) => {
      calls += 1;
      return route.continue();
    });
    const { input, send, log } = await openChatPage(page);
    await input.fill("   \n  ");
    await expect(send).toBeDisabled();
    await input.press("Enter");
    await expect(log.getByTestId("user-message")).toHaveCount(0);
    // A real message after it: had the blank one gone out, it would be the first call and the first message.
    const answered = page.waitForResponse(
      (r) => r.url().endsWith("/api/chat") && !!r.request().postData()?.includes("tow"),
    );
    await input.fill("tow");
    await input.press("Enter");
    await answered;
    await expect(log.getByTestId("user-message")).toHaveText(["You: tow"]);
    expect(calls).toBe(1);
  });

  test("while a reply is pending: typing indicator, box and button disabled, nothing else sent", async ({ page }) => {
    let calls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/chat", async (route) => {
      calls += 1;
      await held;
      await route.continue();
    });
    const { input, send, log } = await openChatPage(page);
    await input.fill("Are you open 24/7?");
    await input.press("Enter");
    await expect(page.getByTestId("typing-indicator")).toBeVisible();
    await expect(input).toBeDisabled();
    await expect(send).toBeDisabled();
    // The request reaches this test's route a moment after the page shows it is waiting: wait for it.
    await expect.poll(() => calls).toBe(1);
    await input.press("Enter", { force: true } as never).catch(() => {});
    release();
    await expect(log.getByTestId("bot-message")).toContainText("24/7");
    await expect(page.getByTestId("typing-indicator")).toHaveCount(0);
    await expect(input).toBeEnabled();
    await expect(input).toBeFocused();
    expect(calls).toBe(1);
  });

  test("a failure shows the apology and lets the driver try again", async ({ page }) => {
    await page.route("**/api/chat", (route) => route.fulfill({ status: 500, body: "down" }));
    const { input, log } = await openChatPage(page);
    await input.fill("hello");
    await input.press("Enter");
    await expect(log.getByTestId("bot-message")).toHaveText(`Assistant: ${FAILURE}`);
    await expect(input).toBeEnabled();
  });

  test("a reply with markup shows as text; links open safely in a new tab", async ({ page }) => {
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await page.route("**/api/chat", (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/plain",
        body: '<img src=x onerror="alert(1)"><script>alert(2)</script> *bold* _it_ https://example.com/x javascript:alert(3)',
      }),
    );
    const { input, log } = await openChatPage(page);
    await input.fill("test");
    await input.press("Enter");
    const reply = log.getByTestId("bot-message");
    await expect(reply.locator("strong")).toHaveText("bold");
    await expect(reply.locator("em")).toHaveText("it");
    await expect(reply.locator("img, script")).toHaveCount(0);
    await expect(reply).toContainText('<img src=x onerror="alert(1)">');
    const link = reply.getByRole("link");
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute("href", "https://example.com/x");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    // A script runs when inserted and an onerror needs an element: with no img or script above, no dialog can come.
    expect(dialogs).toBe(0);
  });

  test("the message area keeps a fixed height and shows each new reply from its first line", async ({ page }) => {
    let n = 0;
    await page.route("**/api/chat", (route) => {
      n += 1;
      return route.fulfill({
        status: 200,
        contentType: "text/plain",
        body: `Answer ${n} starts here. ${"More detail follows. ".repeat(40)}Call (209) 555-0142 and tell the dispatcher.`,
      });
    });
    const { input, log } = await openChatPage(page);
    const before = (await log.boundingBox())?.height;
    for (let i = 1; i <= 3; i++) {
      await input.fill(`question ${i}`);
      await input.press("Enter");
      await expect(log.getByTestId("bot-message")).toHaveCount(i);
      // The reply's first words are on screen inside the area, not scrolled away above it.
      await expect(log.getByText(`Answer ${i} starts here.`)).toBeInViewport();
      const first = await log.getByText(`Answer ${i} starts here.`).boundingBox();
      const area = await log.boundingBox();
      expect(first && area && first.y >= area.y && first.y < area.y + area.height / 2).toBe(true);
    }
    expect((await log.boundingBox())?.height).toBe(before);
    expect(await log.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  });

  test("the text box grows from 32 px to at most 80 px", async ({ page }) => {
    const { input } = await openChatPage(page);
    expect((await input.boundingBox())?.height).toBe(32);
    await input.fill("one\ntwo");
    await expect.poll(async () => (await input.boundingBox())?.height ?? 0).toBeGreaterThan(32);
    await input.fill("1\n2\n3\n4\n5\n6\n7\n8");
    await expect.poll(async () => (await input.boundingBox())?.height).toBe(80);
  });
});

test.describe("floating widget", () => {
  const conversationCode = /ChatWidgetConversation/;

  test("opens at the first click, before its conversation's code has loaded, which then loads", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (r) => {
      if (conversationCode.test(r.url())) requested.push(r.url());
    });
    await page.goto("/about");
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
    // Its code is held back: the panel must still open at the first click, by the platform alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(conversationCode, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Chat with us" }).click();
    const panel = page.getByRole("dialog", { name: "Chat with Us" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Welcome! How can we help you today?");
    await expect.poll(() => requested.length).toBeGreaterThan(0);

    // What the driver types while the code is on its way is kept, and is what gets sent.
    const input = page.getByTestId("chat-input");
    await expect(input).toBeFocused();
    await input.pressSequentially("Do you serve Lodi?");
    release();
    await waitForIsland(page, "ChatWidgetConversation");
    await expect(input).toHaveValue("Do you serve Lodi?");
    await input.press("Enter");
    await expect(panel.getByTestId("user-message")).toHaveText("You: Do you serve Lodi?");
    await expect(panel.getByTestId("bot-message")).toContainText("Yes, we serve Lodi");
  });

  test("without JavaScript the chat button leads to /chat", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/services");
    const link = page.getByRole("link", { name: "Chat with us", exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", "/chat");
    await expect(page.getByRole("button", { name: "Chat with us" })).toBeHidden();
    await link.click();
    await expect(page).toHaveURL(/\/chat$/);
    await context.close();
  });

  test("opens 320 x 384, minimizes to its 64 px header, and opening again resets minimized", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const toggle = page.getByTestId("chat-toggle");
    await toggle.click();
    const panel = page.getByTestId("chat-panel");
    await expect(panel).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Chat with Us" })).toBeVisible();
    await expect(page.getByTestId("chat-input")).toBeFocused();
    let box = await panel.boundingBox();
    expect([box?.width, box?.height]).toEqual([320, 384]);

    await page.getByRole("button", { name: "Minimize chat" }).click();
    await expect(panel).toHaveAttribute("data-state", "minimized");
    box = await panel.boundingBox();
    expect(box?.height).toBe(64);
    await expect(page.getByTestId("chat-input")).toBeHidden();
    await expect(page.getByRole("button", { name: "Expand chat" })).toBeFocused();

    await toggle.click(); // close
    await expect(panel).toBeHidden();
    await toggle.click(); // open again: expanded
    await expect(panel).toHaveAttribute("data-state", "expanded");
    expect((await panel.boundingBox())?.height).toBe(384);
  });

  test("Escape or its close button closes it, and focus returns to the chat button", async ({ page }) => {
    await page.goto("/services");
    const toggle = page.getByTestId("chat-toggle");
    await toggle.click();
    await expect(page.getByTestId("chat-input")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("chat-panel")).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.press("Enter");
    await expect(page.getByTestId("chat-input")).toBeFocused();
    await page.getByRole("button", { name: "Close chat" }).click();
    await expect(page.getByTestId("chat-panel")).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("keeps its conversation while the visitor moves to another page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page.getByTestId("chat-toggle").click();
    await waitForIsland(page, "ChatWidgetConversation");
    const input = page.getByTestId("chat-input");
    await input.fill("Do you serve Lodi?");
    await input.press("Enter");
    await expect(page.getByTestId("chat-panel").getByTestId("bot-message")).toContainText("Yes, we serve Lodi");

    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    // Back open where it was, with no click on this page, and without taking the page's focus.
    const panel = page.getByTestId("chat-panel");
    await expect(panel.getByTestId("user-message")).toHaveText("You: Do you serve Lodi?");
    await expect(panel.getByTestId("bot-message")).toContainText("Yes, we serve Lodi");
    await expect(panel).toHaveAttribute("data-state", "expanded");
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // The same conversation goes on here.
    await waitForIsland(page, "ChatWidgetConversation");
    await page.getByTestId("chat-input").fill("Do you serve Tracy?");
    await page.getByTestId("chat-input").press("Enter");
    await expect(panel.getByTestId("bot-message")).toHaveCount(2);
    await expect(panel.getByTestId("user-message")).toHaveText(["You: Do you serve Lodi?", "You: Do you serve Tracy?"]);
  });

  test("minimized stays minimized on the next page; closed stays closed, with the conversation kept", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const toggle = page.getByTestId("chat-toggle");
    await toggle.click();
    await waitForIsland(page, "ChatWidgetConversation");
    await page.getByTestId("chat-input").fill("Do you serve Lodi?");
    await page.getByTestId("chat-input").press("Enter");
    const panel = page.getByTestId("chat-panel");
    await expect(panel.getByTestId("bot-message")).toContainText("Yes, we serve Lodi");
    await page.getByRole("button", { name: "Minimize chat" }).click();

    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute("data-state", "minimized");
    await expect(page.getByTestId("chat-input")).toBeHidden();
    await toggle.click(); // close

    const quickLinks = page.getByRole("contentinfo").getByRole("navigation", { name: "Quick links" });
    await quickLinks.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(panel).toBeHidden();
    await toggle.click(); // open: expanded, the conversation still there
    await expect(panel).toHaveAttribute("data-state", "expanded");
    await expect(panel.getByTestId("user-message")).toHaveText("You: Do you serve Lodi?");
    await expect(page.getByTestId("chat-input")).toBeFocused();
  });

  test("a question still waiting for its reply when the visitor moves on is answered on the next page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The first reply never comes on the first page: as on a weak signal, the visitor leaves before it does.
    let asked = 0;
    await page.route("**/api/chat", async (route) => {
      asked += 1;
      if (asked === 1) return; // left hanging; the page that asked goes away
      await route.continue();
    });
    await page.goto("/");
    await page.getByTestId("chat-toggle").click();
    await waitForIsland(page, "ChatWidgetConversation");
    await page.getByTestId("chat-input").fill("Do you serve Lodi?");
    await page.getByTestId("chat-input").press("Enter");
    await expect(page.getByTestId("typing-indicator")).toBeVisible();

    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    const panel = page.getByTestId("chat-panel");
    await expect(panel.getByTestId("bot-message")).toContainText("Yes, we serve Lodi");
    await expect(panel.getByTestId("user-message")).toHaveText("You: Do you serve Lodi?"); // asked once, shown once
    expect(asked).toBe(2);
  });

  test("a new tab starts with no conversation, and a garbled session does not break the widget", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page.getByTestId("chat-toggle").click();
    await waitForIsland(page, "ChatWidgetConversation");
    await page.getByTestId("chat-input").fill("Do you serve Lodi?");
    await page.getByTestId("chat-input").press("Enter");
    await expect(page.getByTestId("chat-panel").getByTestId("bot-message")).toContainText("Yes, we serve Lodi");

    const other = await context.newPage();
    await other.goto("/about");
    await other.waitForLoadState("networkidle");
    await expect(other.getByTestId("chat-panel")).toBeHidden();
    await other.getByTestId("chat-toggle").click();
    await expect(other.getByTestId("chat-panel")).toBeVisible();
    await expect(other.getByTestId("chat-panel").getByTestId("user-message")).toHaveCount(0);

    await page.evaluate(() => {
      sessionStorage.setItem("chat-widget-conversation", '[{"id":"x","text":1}');
      sessionStorage.setItem("chat-widget-panel", "sideways");
    });
    await page.reload();
    const panel = page.getByTestId("chat-panel");
    await expect(panel).toBeHidden();
    await page.getByTestId("chat-toggle").click();
    await expect(panel).toHaveAttribute("data-state", "expanded");
    await waitForIsland(page, "ChatWidgetConversation");
    await expect(panel.getByTestId("user-message")).toHaveCount(0);
    await page.getByTestId("chat-input").fill("Do you serve Tracy?");
    await page.getByTestId("chat-input").press("Enter");
    await expect(panel.getByTestId("bot-message")).toContainText("Tracy");
  });

  test("on a phone the panel takes the screen, with the box on it and a long reply from its first line", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route("**/api/chat", (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/plain",
        body: `Sacramento is outside the towns we cover. ${"Here is what to do meanwhile. ".repeat(30)}Call (209) 555-0142.`,
      }),
    );
    await page.goto("/about");
    await page.getByTestId("chat-toggle").click();
    const panel = page.getByTestId("chat-panel");
    const box = await panel.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(0.8 * 844);
    await waitForIsland(page, "ChatWidgetConversation");
    const input = page.getByTestId("chat-input");
    await expect(input).toBeInViewport();
    await input.fill("Can you tow me from Sacramento?");
    await input.press("Enter");
    await expect(panel.getByText("Sacramento is outside the towns we cover.")).toBeInViewport();
    await page.getByRole("button", { name: "Close chat" }).click();
    await expect(panel).toBeHidden();
  });

  test("sits at the right end of the phone's call bar, beside the call link and not over it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const toggle = await page.getByTestId("chat-toggle").boundingBox();
    const call = await page.getByTestId("mobile-call-bar").boundingBox();
    const band = await page.getByTestId("mobile-call-band").boundingBox();
    if (!toggle || !call || !band) throw new Error("the chat button and the call bar must both show");
    expect(toggle.x).toBeGreaterThanOrEqual(call.x + call.width);
    expect(toggle.y).toBeGreaterThanOrEqual(band.y);
    expect(toggle.y + toggle.height).toBeLessThanOrEqual(740);
  });
});
