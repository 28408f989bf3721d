import { timeLeft } from "@/screens/offer/time-left";

/**
 * Counts down the answer deadline on a partner's offer page ("Answer by 2:43 AM, 6 min left"). The
 * server writes the words as of the moment it served the page (src/screens/offer/JobTop.tsx), by the
 * same function as here, and hands the words over in data-* attributes, so this holds no English.
 */
const TICK_MS = 1_000;

function start(deadline: HTMLElement) {
  const time = deadline.querySelector("time");
  const left = deadline.querySelector<HTMLElement>("[data-offer-left]");
  const until = Date.parse(time?.getAttribute("datetime") ?? "");
  if (!left || Number.isNaN(until)) return;
  const tick = () => {
    const { wordsMinutes = "", wordsUnder = "", wordsUp = "" } = left.dataset;
    const words = timeLeft(until - Date.now(), { minutes: wordsMinutes, under: wordsUnder, up: wordsUp });
    if (left.textContent !== words) left.textContent = words;
    if (until - Date.now() > 0) window.setTimeout(tick, TICK_MS);
  };
  tick();
}

for (const deadline of document.querySelectorAll<HTMLElement>("[data-offer-deadline]")) start(deadline);
