/**
 * Runs `then` once the browser has painted the page: in a task after the next frame (its animation
 * frame callback comes before that frame's paint, a task queued from it after). A page that is not shown
 * paints nothing and runs no frames until it is, so there `then` runs at once.
 */
export function afterFirstPaint(then: () => void): void {
  if (document.visibilityState !== "visible") {
    then();
    return;
  }
  requestAnimationFrame(() => setTimeout(then, 0));
}
