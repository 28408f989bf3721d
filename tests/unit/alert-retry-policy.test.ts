import { describe, expect, it } from "vitest";
import { MAX_RETRY_DELAY_MS, retryDelayMs } from "../../server/features/alerts/retry-policy";

describe("alert retry policy", () => {
  it("retries the first failure within 30 s, whatever the jitter", () => {
    for (const r of [0, 0.5, 0.999999]) {
      expect(retryDelayMs(1, () => r)).toBeLessThanOrEqual(30_000);
      expect(retryDelayMs(1, () => r)).toBeGreaterThan(0);
    }
  });

  it("grows exponentially, never waits more than 15 minutes, and spreads retries with jitter", () => {
    const highest = (n: number) => retryDelayMs(n, () => 1);
    for (let n = 1; n < 6; n++) expect(highest(n + 1)).toBe(highest(n) * 2);
    for (let n = 1; n <= 300; n++) {
      expect(retryDelayMs(n, () => 0.999999)).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
    }
    expect(highest(60)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(5, () => 0)).toBe(highest(5) / 2);
  });
});
