import { describe, expect, it } from "vitest";
import { pairedDifference } from "../../bench/support/bench-data";

describe("the benches' paired difference", () => {
  it("gives the mean of a[i] - b[i] with a 95% interval and how many pairs were later", () => {
    // Differences 1, 2, 3, 4, 5: mean 3, sample standard deviation sqrt(2.5), margin 1.96 * sqrt(2.5 / 5).
    const d = pairedDifference([11, 22, 33, 44, 55], [10, 20, 30, 40, 50]);
    expect(d.mean).toBe(3);
    expect(d.low).toBeCloseTo(3 - 1.96 * Math.sqrt(0.5), 10);
    expect(d.high).toBeCloseTo(3 + 1.96 * Math.sqrt(0.5), 10);
    expect(d).toMatchObject({ later: 5, n: 5 });
  });

  it("holds 0 when the pairs go both ways, and leaves out a round that has no reading", () => {
    const d = pairedDifference([10, 30, Number.NaN, 20], [20, 20, 15, 20]);
    expect(d.n).toBe(3);
    expect(d.later).toBe(1);
    expect(d.low).toBeLessThan(0);
    expect(d.high).toBeGreaterThan(0);
  });

  it("leaves out a pair whose other reading is missing, and gives no interval for fewer than two pairs", () => {
    expect(pairedDifference([10, 20, 30], [5]).n).toBe(1);
    expect(pairedDifference([10, 20, 30], [5]).low).toBeNaN();
    expect(pairedDifference([10], [5])).toMatchObject({ mean: 5, n: 1, later: 1 });
  });
});
