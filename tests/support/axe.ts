import type { Page } from "@playwright/test";
import axe from "axe-core";

/** The rule sets every page is held to: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe-core's serious and critical violations on the page as it is now, one line each.
 *
 * axe is put into the page once per document and then run as often as asked: compiling its
 * 550 KB source costs this machine about as much as three runs, and @axe-core/playwright
 * compiles it again for every analysis. None of our pages has a frame when analysed (the footer
 * map's iframe is made only on request), so one frame is the whole page; a frame fails loudly.
 */
export async function seriousViolations(page: Page, label = ""): Promise<string[]> {
  // A frame not shown (the footer map in its closed <details>) is not loaded, and has nothing to read.
  const frames = await page.locator("iframe:visible").count();
  if (frames > 0) throw new Error(`seriousViolations reads one frame; ${label || page.url()} has ${frames} iframes`);
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.evaluate(axe.source);
    // axe cannot read the colours of a subtree the browser skips (the footer, `content-visibility:
    // auto` below the first screen; dequelabs/axe-core issue 2768, open): now and then it read the
    // "Show map" button's text as black on the footer's background, a failure no visitor sees (1 of
    // 40 loads of /blog). Drawn in full, the page looks as it does where it is seen.
    await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  }
  // Drawing the footer restyles it, and its buttons fade to their colours (`transition-colors`): axe
  // reads the colours once they have arrived (read mid-fade, 1 of 80 loads failed; waited for, 0 of 100).
  // (getAnimations brings the styles up to date first; no animation frame is awaited, as a test's
  // page.clock may hold those.)
  await page.evaluate(async () => {
    const fades = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(fades.map((a) => a.finished.catch(() => undefined)));
  });
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((r) => r.violations),
    AXE_TAGS,
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${label ? `${label}: ` : ""}${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
}
