import { discountPercent, effectiveOldPriceCents, formatMoney } from "~/lib/money.ts";

type PriceProps = { priceCents: number; oldPriceCents: number | null; size?: "card" | "page" };

/** Price, the old price struck through (1.2 × price when none is stored) and the '-N%' badge (spec §9). */
export function Price({ priceCents, oldPriceCents, size = "card" }: PriceProps) {
  const oldCents = effectiveOldPriceCents(priceCents, oldPriceCents);
  const discount = discountPercent(priceCents, oldCents);
  const large = size === "page";
  return (
    <p className="tabular flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-bold text-slate-900 ${large ? "text-3xl" : "text-lg"}`}>
        <span className="sr-only">Price: </span>
        {formatMoney(priceCents)}
      </span>
      {oldCents > priceCents ? (
        <>
          <s className={`text-slate-500 ${large ? "text-lg" : "text-sm"}`}>
            <span className="sr-only">Was </span>
            {formatMoney(oldCents)}
          </s>
          <span className="rounded bg-danger-700 px-1.5 py-0.5 text-xs font-bold text-white">-{discount}%</span>
        </>
      ) : null}
    </p>
  );
}
