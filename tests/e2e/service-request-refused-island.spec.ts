import { expect, type Page, test } from "@playwright/test";
import type { Locale } from "../../src/i18n/locales";
import { ui } from "../../src/i18n/ui";
import { consoleProblems, waitForIsland } from "../support/islands";

/**
 * A form posted plainly while its island had not run yet (a slow phone, a script that failed) and
 * refused comes back drawn by the server: the same ServiceRequestForm, with what was sent and each
 * error. With JavaScript the page's script hydrates that very markup with the props the server wrote
 * beside it; were the two drawn differently (another element, another text), React would say so (a
 * hydration mismatch, error #418 in a production build) and throw the server's markup away. A
 * production React says nothing of an attribute that differs: tests/server/service-request-refused-form.test.ts
 * compares the server's markup with the island's, byte for byte.
 */
for (const [locale, path] of [
  ["en", "/contact"],
  ["es", "/es/contact"],
] as const satisfies readonly (readonly [Locale, string])[]) {
  const t = ui[locale].form;
  const textbox = (page: Page, name: string) =>
    page.getByTestId("contact-form").getByRole("textbox", { name, exact: true });

  test(`${path}: the refused form the server drew is the one the island hydrates, and it then sends with JavaScript`, async ({
    page,
  }) => {
    await page.goto(path);
    await textbox(page, t.name).fill("<b>Dana</b> Hydrated");
    await textbox(page, t.phone).fill("12");
    const problems = consoleProblems(page);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.status() === 400),
      // A plain post, as a browser sends it before the island runs (submit() skips the island's handler).
      page.getByTestId("contact-form").evaluate((f: HTMLFormElement) => f.submit()),
    ]);
    await waitForIsland(page, "ServiceRequestForm");
    // The browser's own line for the 400 is expected; anything else (a mismatch) is not.
    expect(problems.filter((said) => !/status of 400/.test(said))).toEqual([]);

    // The hydrated form kept the answers and the server's errors, and now checks as the driver types.
    const phone = textbox(page, t.phone);
    await expect(textbox(page, t.name)).toHaveValue("<b>Dana</b> Hydrated");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await phone.fill("(209) 555-0199");
    await expect(phone).not.toHaveAttribute("aria-invalid");
    await textbox(page, t.email).fill("dana@example.com");
    await page.getByTestId("contact-form").getByRole("combobox", { name: t.service }).selectOption("Towing");
    await textbox(page, t.pickup).fill("Hammer Ln & West Ln, Stockton");
    await textbox(page, t.dropoff).fill("2100 Pacific Ave, Stockton");
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST"),
      page.getByTestId("contact-form").getByRole("button", { name: t.send }).click(),
    ]);
    // The island sends JSON and stays on the page: its confirmation takes the form's place.
    expect(post.headers()["content-type"]).toContain("application/json");
    await expect(page.getByTestId("request-confirmation")).toBeVisible();
    expect(page.url()).toMatch(/\/api\/contact$/);
    expect(problems.filter((said) => !/status of 400/.test(said))).toEqual([]);
  });
}
