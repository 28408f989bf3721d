/**
 * The one rule for the words of an offer's time left ("6 min left", "under 1 min left", "time is up"):
 * the server writes them as of the moment it serves the page (JobTop.tsx), the page's script counts them
 * down (src/scripts/offer-deadline.ts). Pure and without words of its own, so the browser's bundle
 * carries no English and no translations.
 */

export interface TimeLeftWords {
  /** "{minutes} min left". */
  minutes: string;
  under: string;
  up: string;
}

export function timeLeft(msLeft: number, words: TimeLeftWords): string {
  if (msLeft <= 0) return words.up;
  if (msLeft < 60_000) return words.under;
  return words.minutes.replace("{minutes}", String(Math.floor(msLeft / 60_000)));
}
