import { describe, expect, it } from "vitest";
import { seededRandom } from "~/utils/seeded-random.ts";

const draw = (seed: string, count: number) => Array.from({ length: count }, seededRandom(seed));

describe("seededRandom", () => {
  it("gives the same stream for the same seed and another for another seed", () => {
    expect(draw("1234:Women", 50)).toEqual(draw("1234:Women", 50));
    expect(draw("1235:Women", 50)).not.toEqual(draw("1234:Women", 50));
    expect(draw("1234:Men", 50)).not.toEqual(draw("1234:Women", 50));
  });

  it("spreads its numbers evenly over [0, 1)", () => {
    const numbers = draw("spread", 20_000);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers)).toBeLessThan(1);
    const tenths = Array.from({ length: 10 }, () => 0);
    for (const n of numbers) tenths[Math.floor(n * 10)]! += 1;
    for (const count of tenths) expect(Math.abs(count - 2_000)).toBeLessThan(200);
  });
});
