import { Trans } from "@lingui/react/macro";
import { formatMoney } from "~/utils/money.ts";
import { shownTitle } from "~/catalogue/shown-text.ts";
import { useLocale } from "~/i18n/use-locale.ts";
import { SizeNote } from "./line-notes.tsx";

export type CheckoutLine = {
  productId: number;
  title: string;
  titleAr: string | null;
  size: string | null;
  quantity: number;
  unitPriceCents: number;
};

/** 'Order Items': what will be ordered, each line's total. */
export function CheckoutItems({ lines }: { lines: CheckoutLine[] }) {
  const locale = useLocale();
  return (
    <section aria-labelledby="order-items-heading" className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="order-items-heading" className="text-lg font-bold">
        <Trans>Order Items</Trans>
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {lines.map((line) => (
          <li key={`${line.productId}-${line.size ?? ""}`} className="flex justify-between gap-3 py-2">
            <span dir="auto">
              {shownTitle(line, locale)}
              {line.size ? <SizeNote size={line.size} /> : null}
              <span className="text-slate-600"> × {line.quantity}</span>
            </span>
            <bdi dir="ltr" className="tabular shrink-0">
              {formatMoney(line.unitPriceCents * line.quantity)}
            </bdi>
          </li>
        ))}
      </ul>
    </section>
  );
}
