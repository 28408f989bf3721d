import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { load } from "cheerio";
import { countablePages } from "../../server/features/events/pages";
import { readSiteFiles } from "../../server/site-files";
import { callPlacements } from "../../src/shared/event-schema";
import type { DeskNumbers } from "../../src/shared/numbers-schema";
import { telHref } from "../../src/shared/site";
import { seriousViolations } from "../support/axe";
import { signInToDesk } from "../support/desk-e2e";

const dist = process.env.ASTRO_OUT_DIR ?? "dist";

/** The desk's numbers for the last 7 days, read with the signed-in page's session. */
const numbersOf = (desk: Page) =>
  desk.evaluate(async () => (await (await fetch("/api/desk/numbers?days=7")).json()) as DeskNumbers);
const tally = (list: { key: string; count: number }[], key: string) => list.find((t) => t.key === key)?.count ?? 0;

test("every page names itself as a countable page, and every call link to the business says where it sits", () => {
  const site = readSiteFiles(dist);
  const pages = countablePages(site);
  const files = [
    ...site.routes.values(),
    site.notFoundPage,
    site.spanishNotFoundPage,
    "request.html",
    "es/request.html",
  ]
    .filter((f): f is string => typeof f === "string" && f.endsWith(".html"))
    .filter((f) => !f.startsWith("desk"));
  expect(files.length).toBeGreaterThan(50);
  const missing: string[] = [];
  for (const file of files) {
    const $ = load(readFileSync(path.join(dist, file), "utf8"));
    const page = $("html").attr("data-event-page");
    if (!page || !pages.has(page)) missing.push(`${file}: data-event-page ${page} is not a countable page`);
    $(`a[href="${telHref}"]`).each((_, a) => {
      const placement = $(a).attr("data-placement");
      if (!callPlacements.includes(placement as never))
        missing.push(`${file}: a call link with placement ${placement}`);
    });
  }
  expect(missing).toEqual([]);
});

test("the privacy page says what is counted and that nothing personal is kept, in both languages", () => {
  const text = (file: string) => load(readFileSync(path.join(dist, file), "utf8"))("main").text();
  const en = text("privacy.html");
  expect(en).toContain("a tap on our phone number (which page, where on the page, and the page's language)");
  expect(en).toContain("the request form started and sent, the chat opened, and “Use my location” used");
  expect(en).toContain("no cookie, no identifier, no IP address, nothing you typed");
  expect(en).toContain("With JavaScript off, nothing is counted.");
  const es = text("es/privacy.html");
  expect(es).toContain("ninguna cookie, ningún identificador, ninguna dirección IP, nada de lo que usted escribe");
  expect(es).toContain("Con JavaScript desactivado, no se cuenta nada.");
});

test("a tap on the header's call link counts once, and the desk's numbers page shows it at 360 px", async ({
  page,
  browser,
}) => {
  const desk = await (await browser.newContext()).newPage();
  await signInToDesk(desk);
  const before = await numbersOf(desk);

  await page.goto("/es/about");
  // A phone would open its dialler: the test keeps the page where it is, after the page's own listener ran.
  await page.evaluate(() =>
    window.addEventListener("click", (e) => {
      if ((e.target as Element).closest('a[href^="tel:"]')) e.preventDefault();
    }),
  );
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/events") && r.method() === "POST");
  await page.locator('header a[data-placement="header"]').click();
  const sent = await beacon;
  expect(JSON.parse(sent.postData() ?? "{}")).toEqual({
    name: "call_tap",
    placement: "header",
    page: "/es/about",
    language: "es",
  });
  expect(await page.context().cookies()).toEqual([]);

  await expect
    .poll(
      async () =>
        tally((await numbersOf(desk)).callTaps.byPage, "/es/about") - tally(before.callTaps.byPage, "/es/about"),
    )
    .toBe(1);
  const after = await numbersOf(desk);
  expect(tally(after.callTaps.byPlacement, "header") - tally(before.callTaps.byPlacement, "header")).toBe(1);

  // The numbers page: every figure a chart with its table, on a phone without sideways scrolling.
  await desk.setViewportSize({ width: 360, height: 740 });
  await desk.goto("/desk#/numbers");
  await expect(desk.getByRole("heading", { level: 1, name: "Numbers" })).toBeVisible();
  const byPage = desk.getByRole("figure", { name: "Call taps by page" });
  await byPage.getByText("Show as a table").click();
  await expect(byPage.getByRole("row", { name: /\/es\/about/ })).toBeVisible();
  await desk.getByText("Last 30 days").click();
  await expect(desk.getByText(/to .* \(today\)/)).toBeVisible();
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(desk, "numbers")).toEqual([]);
});
