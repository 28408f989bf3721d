/**
 * After the client router swaps in a new page, move focus to the main content so keyboard and
 * screen-reader users start at the top of the new page instead of on a link that no longer exists.
 * (Astro's router announces the new title; it does not move focus.)
 */
let firstLoad = true;
document.addEventListener("astro:page-load", () => {
  if (firstLoad) {
    firstLoad = false;
    return;
  }
  if (location.hash) return;
  document.getElementById("main-content")?.focus({ preventScroll: true });
});
