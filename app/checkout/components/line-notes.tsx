import { Trans, useLingui } from "@lingui/react/macro";

/** ' · Size M' after an item's title (cart, checkout, receipt, tracking), in the page's language. */
export function SizeNote({ size }: { size: string }) {
  const { t } = useLingui();
  return (
    <span className="text-slate-600">
      {" · "}
      {t`Size ${size}`}
    </span>
  );
}

/** 'Discount (SPRING10)': the code kept left-to-right inside Arabic text. */
export function DiscountLabel({ code }: { code: string }) {
  return (
    <Trans>
      Discount (<bdi dir="ltr">{code}</bdi>)
    </Trans>
  );
}
