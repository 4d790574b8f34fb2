import { describe, expect, it } from "vitest";
import { formatMoney, groupThousands } from "~/utils/money.ts";
import { formatLbp } from "~/utils/lira.ts";

// The hand-written formats against the Intl formats they replace, over the amounts a shop shows.
const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const lira = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

const amounts = [
  0, 1, 5, 9, 10, 99, 100, 101, 999, 1_000, 1_005, 9_999, 10_000, 99_999, 100_000, 123_456, 999_999, 1_000_000,
  12_345_678, 100_000_000, 987_654_321, 1_234_567_890,
];

describe("money formats", () => {
  it("writes cents as en-US dollars, as Intl.NumberFormat does", () => {
    for (const cents of [...amounts, ...amounts.map((amount) => -amount)])
      expect(formatMoney(cents), String(cents)).toBe(dollars.format(cents / 100));
    for (let cents = 0; cents < 200_000; cents += 37) expect(formatMoney(cents)).toBe(dollars.format(cents / 100));
    // Averages and shares (the overview's) are not whole cents: rounded the same way, half-cents included.
    for (const cents of [0.4, 0.5, -0.4, 1_234.5, 100.5, 2_345.5, 99_999.5, 12_345.678, -1_234.5, 1e12 + 0.5])
      expect(formatMoney(cents), String(cents)).toBe(dollars.format(cents / 100));
  });

  it("writes lira in groups of three, as Intl.NumberFormat does", () => {
    for (const lbp of [...amounts, ...amounts.map((amount) => -amount).filter(Boolean)])
      expect(formatLbp(lbp), String(lbp)).toBe(`LBP ${lira.format(lbp)}`);
    for (const lbp of [5_338_675.4, 5_338_675.5, 0.5, -0.4, -2.5, 1_499.5])
      expect(formatLbp(lbp), String(lbp)).toBe(`LBP ${lira.format(lbp)}`);
    expect(groupThousands(5_339_000)).toBe("5,339,000");
  });
});
