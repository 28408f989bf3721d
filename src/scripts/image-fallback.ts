/**
 * Any <img data-fallback="…"> whose file fails to load is logged and swapped for the fallback
 * image and alt text. Runs as a plain module script so it also catches images that failed before
 * any React island hydrated; the `error` event does not bubble, so it listens in the capture phase.
 */
function swap(img: HTMLImageElement) {
  const fallback = img.dataset.fallback;
  if (!fallback || img.dataset.fellBack === "true") return;
  console.error(`Image failed to load: ${img.currentSrc || img.src}; showing the default image instead.`);
  img.dataset.fellBack = "true";
  img.removeAttribute("srcset");
  img.src = fallback;
  if (img.dataset.fallbackAlt) img.alt = img.dataset.fallbackAlt;
}

function sweep() {
  for (const img of document.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
    // Complete with no width: the browser already gave up on it, before this script ran.
    if (img.complete && img.naturalWidth === 0) swap(img);
  }
}

document.addEventListener(
  "error",
  (event) => {
    if (event.target instanceof HTMLImageElement) swap(event.target);
  },
  true,
);
// A module script runs once the page is parsed: every image is in the document by then.
sweep();
