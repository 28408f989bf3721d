/**
 * Runs `then` once the browser has shown the page's first content: when its first-contentful-paint
 * entry is recorded, which is after that frame was presented, so nothing `then` starts can hold the
 * first paint back. A browser without paint entries runs it in a task after the next frame (its
 * animation frame callback comes before that frame's paint). A page that is not shown paints nothing
 * until it is: there `then` runs at once.
 */
export function afterFirstPaint(then: () => void): void {
  if (document.visibilityState !== "visible") {
    then();
    return;
  }
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: "paint", buffered: true });
}
