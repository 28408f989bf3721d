/**
 * When the "How did it go?" e-mail may go out: about two hours after the request was done, and never
 * in the quiet hours (21:00 to 08:00 on the business's clock), which move it to 08:00 the next
 * morning. Pure: the clock and the time zone are passed in, so tests can try any day, DST ones included.
 */

/** How long after Done the driver is asked: the tow is over and the car is home or at the shop. */
export const REVIEW_REQUEST_DELAY_MS = 2 * 60 * 60 * 1000;
/** The quiet hours, on the business's clock: from 21:00 (included) to 08:00 (excluded). */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockFor(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The wall clock in `timeZone` at `at`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    clockFor(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** True from 21:00:00 to 07:59:59 on the business's clock. */
export function isQuietHour(at: Date, timeZone: string): boolean {
  const { hour } = localTime(at, timeZone);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** The zone's offset from UTC at `at`, in milliseconds (-7 h or -8 h for Los Angeles). */
function offsetMs(at: Date, timeZone: string): number {
  const t = localTime(at, timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant the wall clock of `timeZone` shows `hour`:00 on the given local day. Two passes settle
 * the offset on a day the clocks change (08:00 itself is never skipped or repeated: DST moves at 02:00).
 */
function atLocalHour(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** Out of the quiet hours: the time itself if it is not in them, else 08:00 at the end of that night. */
export function outOfQuietHours(at: Date, timeZone: string): Date {
  if (!isQuietHour(at, timeZone)) return at;
  const t = localTime(at, timeZone);
  // Late evening: the morning is tomorrow's (Date.UTC rolls a month's last day over).
  const next = new Date(Date.UTC(t.year, t.month - 1, t.day + (t.hour >= QUIET_FROM_HOUR ? 1 : 0)));
  return atLocalHour(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), QUIET_UNTIL_HOUR, timeZone);
}

/** When to send the review request of a request done at `doneAt`. */
export function reviewRequestTime(doneAt: Date, timeZone: string): Date {
  return outOfQuietHours(new Date(doneAt.getTime() + REVIEW_REQUEST_DELAY_MS), timeZone);
}
