/**
 * Counts down the answer deadline on a partner's offer page ("Answer by 2:43 AM, 6 min left"). The
 * server writes the words as of the moment it served the page (src/screens/offer/JobTop.tsx,
 * same rule as timeLeft below) and hands the words over in data-* attributes, so this holds no English.
 */
const TICK_MS = 1_000;

function timeLeft(msLeft: number, words: DOMStringMap): string {
  if (msLeft <= 0) return words.wordsUp ?? "";
  if (msLeft < 60_000) return words.wordsUnder ?? "";
  return (words.wordsMinutes ?? "").replace("{minutes}", String(Math.floor(msLeft / 60_000)));
}

function start(deadline: HTMLElement) {
  const time = deadline.querySelector("time");
  const left = deadline.querySelector<HTMLElement>("[data-offer-left]");
  const until = Date.parse(time?.getAttribute("datetime") ?? "");
  if (!left || Number.isNaN(until)) return;
  const tick = () => {
    const words = timeLeft(until - Date.now(), left.dataset);
    if (left.textContent !== words) left.textContent = words;
    if (until - Date.now() > 0) window.setTimeout(tick, TICK_MS);
  };
  tick();
}

for (const deadline of document.querySelectorAll<HTMLElement>("[data-offer-deadline]")) start(deadline);
