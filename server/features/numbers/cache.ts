import { dayIn } from "../../../src/shared/business-day";
import type { DeskNumbers, NumbersPeriod } from "../../../src/shared/numbers-schema";

interface Entry {
  value: DeskNumbers;
  /** When it was computed (ms) and for which business day: a new day is a new period. */
  at: number;
  today: string;
  refreshing?: Promise<void>;
}

interface NumbersCacheOptions {
  compute: (days: NumbersPeriod, now: Date) => Promise<DeskNumbers>;
  /** How long an answer is fresh; after that it is still given once more while a new one is computed. 0: never kept. */
  freshMs: number;
  now: () => Date;
  timeZone: string;
  onRefreshError: (error: unknown) => void;
}

/**
 * The numbers page's answers, kept a short while per period. The figures read daily rollups and the
 * period's site events (tens of milliseconds for a year), and they change slowly: so an answer is given again for `freshMs`, and after that the kept answer is
 * still given at once while the next one is computed in the background (stale-while-revalidate). Only
 * the first look at a period each day waits for the database. The answer says when it was computed.
 */
export function numbersCache(opts: NumbersCacheOptions) {
  const entries = new Map<NumbersPeriod, Entry>();
  const computing = new Map<NumbersPeriod, Promise<DeskNumbers>>();

  const computeInto = (days: NumbersPeriod, now: Date, today: string): Promise<DeskNumbers> => {
    const running = computing.get(days);
    if (running) return running;
    const promise = opts
      .compute(days, now)
      .then((value) => {
        if (opts.freshMs > 0) entries.set(days, { value, at: now.getTime(), today });
        return value;
      })
      .finally(() => computing.delete(days));
    computing.set(days, promise);
    return promise;
  };

  return async function numbersFor(days: NumbersPeriod): Promise<DeskNumbers> {
    const now = opts.now();
    const today = dayIn(opts.timeZone, now);
    const kept = entries.get(days);
    if (!kept || kept.today !== today || opts.freshMs <= 0) return computeInto(days, now, today);
    if (now.getTime() - kept.at >= opts.freshMs && !kept.refreshing) {
      kept.refreshing = computeInto(days, now, today).then(
        () => undefined,
        (error: unknown) => {
          kept.refreshing = undefined;
          opts.onRefreshError(error);
        },
      );
    }
    return kept.value;
  };
}
