import { centsToLbp, discountPercent, formatMoney } from "~/utils/money.ts";
import { Lira } from "~/ui/lira.tsx";

type PriceProps = {
  priceCents: number;
  /** The price shown struck through, as the model decided it (null: none, so no badge either). */
  oldPriceCents: number | null;
  size?: "card" | "page";
  /** The shop's lira rate: the page shows the price in lira beside the dollars; null or absent when off. */
  lbpRate?: number | null;
};

/** Price, the price new struck through and the '-N%' badge (spec §9) when there is one; on the page, "You save". */
export function Price({ priceCents, oldPriceCents, size = "card", lbpRate = null }: PriceProps) {
  const oldCents = oldPriceCents ?? 0;
  const discount = discountPercent(priceCents, oldCents);
  const large = size === "page";
  const price = (
    <p className="tabular flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-bold text-slate-900 ${large ? "text-3xl" : "text-lg"}`}>
        <span className="sr-only">Price: </span>
        {formatMoney(priceCents)}
      </span>
      {lbpRate ? (
        <Lira
          lbp={centsToLbp(priceCents, lbpRate)}
          className={`font-semibold text-slate-700 ${large ? "text-lg" : "text-sm"}`}
          data-testid="price-lbp"
        />
      ) : null}
      {oldCents > priceCents ? (
        <>
          <s className={`text-slate-500 ${large ? "text-lg" : "text-sm"}`}>
            <span className="sr-only">Price new </span>
            {formatMoney(oldCents)}
          </s>
          <span className="rounded bg-danger-700 px-1.5 py-0.5 text-xs font-bold text-white">-{discount}%</span>
        </>
      ) : null}
    </p>
  );
  if (!large || oldCents <= priceCents) return price;
  return (
    <div>
      {price}
      <p className="tabular mt-1 text-sm text-slate-700">
        Price new {formatMoney(oldCents)}.{" "}
        <span className="font-semibold text-success-700">
          You save {formatMoney(oldCents - priceCents)} ({discount}%)
        </span>
      </p>
    </div>
  );
}
