import type { ClientDirective } from "astro";
import visible from "astro/client/visible.js";

/**
 * `client:visible-split`: Astro's `client:visible` (its observer, its options), but in two tasks
 * instead of one: the code's modules run in the first, the island renders in the next. For the
 * islands that are a page's purpose and hydrate at load (the request form, the testimonials
 * carousel, the chat page). On a slow phone one task of both blocks input for well over 50 ms (the
 * request form: Preact, the form and tailwind-merge's first-call setup, measured in
 * `npm run bench:lighthouse`); shorter ones let the browser paint and answer a tap in between.
 *
 * The turn is a timer, not `scheduler.yield()`: a yield's continuation would run ahead of tasks the
 * modules queued while they ran (tailwind-merge's setup, see `cn`), which would then land in the
 * render's task.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * The task after the next frame: the island's code is asked for once the page is on screen, so on a
 * weak signal its download never holds back the first paint. Lighthouse counts a script requested
 * before the first paint as blocking it: on /contact and /chat this wait took LCP from 1386 and 1230 ms
 * to 774 and 1013 ms (`npm run bench:lighthouse`, medians of 3).
 */
const afterPaint = () => new Promise((resolve) => requestAnimationFrame(resolve)).then(nextTask);

const visibleSplit: ClientDirective = (load, options, el) =>
  visible(
    () =>
      afterPaint()
        .then(load)
        .then(
          (hydrate) => async () => {
            await nextTask();
            await hydrate();
          },
          (error: unknown) => {
            // Said once, with the island it belongs to; its pre-rendered HTML (a plain form, links) stays.
            console.error(`[client:visible-split] ${el.getAttribute("component-url")} could not load.`, error);
            return async () => {};
          },
        ),
    options,
    el,
  );

export default visibleSplit;
