import type { Page } from "@playwright/test";

/**
 * Resolves once every island of `component` on the page is hydrated (an Astro island, or a root marked
 * data-island="component" that a page's script hydrates): React has committed it, so its
 * handlers answer. Astro's removing `ssr` is not enough: its React renderer hydrates inside
 * startTransition, so React commits later, and a click in between is queued and replayed when
 * hydration ends (on a busy machine, after the test had filled the form, which then sent itself).
 * React marks its root dehydrated until that commit; if a React upgrade moves that mark, this waits
 * and the test fails loudly rather than racing.
 */
export async function waitForIsland(page: Page, component: string) {
  await page.waitForFunction((name) => {
    // Astro's islands, and the roots a page's own script hydrates (data-island, the driver's request page).
    const islands = [
      ...[...document.querySelectorAll("astro-island")].filter((el) =>
        (el.getAttribute("component-url") ?? "").includes(name),
      ),
      ...document.querySelectorAll(`[data-island="${name}"]`),
    ];
    const committed = (island: Element) => {
      const key = Object.keys(island).find((k) => k.startsWith("__reactContainer$"));
      const hostRoot = key ? (island as unknown as Record<string, { stateNode?: unknown }>)[key] : undefined;
      const root = hostRoot?.stateNode as { current?: { memoizedState?: { isDehydrated?: boolean } } } | undefined;
      return root?.current?.memoizedState?.isDehydrated === false;
    };
    return islands.length > 0 && islands.every((el) => !el.hasAttribute("ssr") && committed(el));
  }, component);
}

/**
 * Collects what `page` says is wrong from now on: console errors and warnings (a hydration mismatch is
 * one: React says so, or throws its minified error #418 in production) and uncaught errors.
 */
export function consoleProblems(page: Page): string[] {
  const said: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") said.push(message.text());
  });
  page.on("pageerror", (error) => said.push(error.message));
  return said;
}
