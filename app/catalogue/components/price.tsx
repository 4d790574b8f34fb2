import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { discountPercent, formatMoney } from "~/utils/money.ts";

type PriceProps = {
  priceCents: number;
  /** The price shown struck through, as the model decided it (null: none, so no badge either). */
  oldPriceCents: number | null;
  size?: "card" | "page";
  /** Shown right after the price (the product page: the price in lira), kept out of the cards' JavaScript. */
  children?: ReactNode;
};

/** Price, the price new struck through and the '-N%' badge (discountPercent in money.ts) when there is one; on the page, "You save". */
export function Price({ priceCents, oldPriceCents, size = "card", children }: PriceProps) {
  const oldCents = oldPriceCents ?? 0;
  const discount = discountPercent(priceCents, oldCents);
  const large = size === "page";
  const price = (
    <p className="tabular flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-bold text-slate-900 ${large ? "text-3xl" : "text-lg"}`}>
        <span className="sr-only">
          <Trans>Price:</Trans>{" "}
        </span>
        <bdi dir="ltr">{formatMoney(priceCents)}</bdi>
      </span>
      {children}
      {oldCents > priceCents ? (
        <>
          <s className={`text-slate-500 ${large ? "text-lg" : "text-sm"}`}>
            <span className="sr-only">
              <Trans>Price new</Trans>{" "}
            </span>
            <bdi dir="ltr">{formatMoney(oldCents)}</bdi>
          </s>
          <span dir="ltr" className="rounded bg-danger-700 px-1.5 py-0.5 text-xs font-bold text-white">
            -{discount}%
          </span>
        </>
      ) : null}
    </p>
  );
  if (!large || oldCents <= priceCents) return price;
  return (
    <div>
      {price}
      <p className="tabular mt-1 text-sm text-slate-700">
        <Trans>
          Price new <bdi dir="ltr">{formatMoney(oldCents)}</bdi>.
        </Trans>{" "}
        <span className="font-semibold text-success-700">
          <Trans>
            You save <bdi dir="ltr">{formatMoney(oldCents - priceCents)}</bdi> (<bdi dir="ltr">{discount}%</bdi>)
          </Trans>
        </span>
      </p>
    </div>
  );
}
