/**
 * When a failed alert is tried again: exponential backoff with jitter, so a receiver that was down
 * is not hit by every waiting alert at the same instant when it comes back.
 */
const FIRST_RETRY_BASE_MS = 20_000;
export const MAX_RETRY_DELAY_MS = 15 * 60_000;
/** After this long since the request was stored, an alert that still fails is given up as failed. */
export const GIVE_UP_AFTER_MS = 48 * 60 * 60_000;

/**
 * The wait after failed attempt number `attempt` (1, 2, ...): between half and all of
 * 20 s x 2^(attempt-1), never more than 15 min. So the first retry comes within 10-20 s.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
