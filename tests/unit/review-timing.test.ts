import { describe, expect, it } from "vitest";
import {
  isQuietHour,
  localTime,
  REVIEW_REQUEST_DELAY_MS,
  reviewRequestTime,
} from "../../server/features/reviews/timing";
import { site } from "../../src/shared/site";

/**
 * The "How did it go?" e-mail's time on an injected clock: two hours after Done, never from 21:00 to
 * 08:00 on the business's clock (America/Los_Angeles), including the days the clocks change.
 */
const zone = site.timeZone;
const at = (iso: string) => new Date(iso);
const sendFor = (doneIso: string) => reviewRequestTime(at(doneIso), zone).toISOString();

describe("review request timing", () => {
  it("is the business's zone", () => {
    expect(zone).toBe("America/Los_Angeles");
  });

  it("goes two hours after Done in the day", () => {
    // 10:00 PDT -> 12:00 PDT
    expect(sendFor("2026-06-10T17:00:00Z")).toBe("2026-06-10T19:00:00.000Z");
    // 18:59:59 PDT -> 20:59:59 PDT, the last second before the quiet hours
    expect(sendFor("2026-06-11T01:59:59Z")).toBe("2026-06-11T03:59:59.000Z");
  });

  it("treats exactly 21:00 as quiet and exactly 08:00 as not", () => {
    expect(isQuietHour(at("2026-06-11T04:00:00Z"), zone)).toBe(true); // 21:00 PDT
    expect(isQuietHour(at("2026-06-11T15:00:00Z"), zone)).toBe(false); // 08:00 PDT
    expect(isQuietHour(at("2026-06-11T14:59:59Z"), zone)).toBe(true); // 07:59:59 PDT
    // Done 19:00 PDT: two hours later is exactly 21:00, so 08:00 the next morning.
    expect(sendFor("2026-06-11T02:00:00Z")).toBe("2026-06-11T15:00:00.000Z");
    // Done 06:00 PDT: two hours later is exactly 08:00, which is allowed.
    expect(sendFor("2026-06-10T13:00:00Z")).toBe("2026-06-10T15:00:00.000Z");
  });

  it("moves a late evening or a night to 08:00 the next morning", () => {
    // Done 23:30 PDT on the 10th: due 01:30 on the 11th, sent 08:00 on the 11th.
    expect(sendFor("2026-06-11T06:30:00Z")).toBe("2026-06-11T15:00:00.000Z");
    // Done 05:59 PDT: due 07:59, sent 08:00 the same morning.
    expect(sendFor("2026-06-10T12:59:00Z")).toBe("2026-06-10T15:00:00.000Z");
    // Done 20:00 PST on 31 January: 08:00 PST on 1 February.
    expect(sendFor("2026-02-01T04:00:00Z")).toBe("2026-02-01T16:00:00.000Z");
    // Done 22:00 PST on 31 December: 08:00 PST on New Year's Day.
    expect(sendFor("2027-01-01T06:00:00Z")).toBe("2027-01-01T16:00:00.000Z");
  });

  it("keeps 08:00 on the business's clock across the spring and autumn clock changes", () => {
    // Spring forward (8 March 2026, 02:00 PST -> 03:00 PDT). Done 22:00 PST on the 7th: 08:00 PDT on the 8th.
    expect(sendFor("2026-03-08T06:00:00Z")).toBe("2026-03-08T15:00:00.000Z");
    // Done 00:30 PST: due in the skipped hour's morning, still 08:00 PDT.
    expect(sendFor("2026-03-08T08:30:00Z")).toBe("2026-03-08T15:00:00.000Z");
    // Fall back (1 November 2026, 02:00 PDT -> 01:00 PST). Done 23:00 PDT on 31 October: 08:00 PST.
    expect(sendFor("2026-11-01T06:00:00Z")).toBe("2026-11-01T16:00:00.000Z");
    // Done 19:30 PST on the 1st (a 25-hour day): 08:00 PST on the 2nd.
    expect(sendFor("2026-11-02T03:30:00Z")).toBe("2026-11-02T16:00:00.000Z");
    // The day after spring forward, 14:00 PDT: simply 16:00 PDT.
    expect(sendFor("2026-03-09T21:00:00Z")).toBe("2026-03-09T23:00:00.000Z");
  });

  it("over a whole year of Done times: never quiet, never early, and 08:00 sharp when moved", () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    const end = Date.parse("2027-01-01T00:00:00Z");
    // 37 minutes apart: every minute of the hour comes round, on every day of the year.
    const wrong: string[] = [];
    for (let t = start; t < end; t += 37 * 60 * 1000) {
      const due = t + REVIEW_REQUEST_DELAY_MS;
      const send = reviewRequestTime(new Date(t), zone);
      const wall = localTime(send, zone);
      const ok =
        !isQuietHour(send, zone) &&
        send.getTime() >= due &&
        (isQuietHour(new Date(due), zone)
          ? wall.hour === 8 && wall.minute === 0 && wall.second === 0 && send.getTime() - due <= 12 * 3_600_000
          : send.getTime() === due);
      if (!ok) wrong.push(`${new Date(t).toISOString()} -> ${send.toISOString()}`);
    }
    expect(wrong).toEqual([]);
  });
});
