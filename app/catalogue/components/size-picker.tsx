import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { type ProductPageState, withParam } from "~/catalogue/product-page-links.ts";

/**
 * 'Choose Size': a link per size (the size lives in the URL). A size with none left is shown but
 * not choosable: struck through, and named 'out of stock' to screen readers. Once the whole
 * product is sold out every size is shown that way, as it always was.
 */
export function SizePicker({
  sizes,
  selectedSize,
  soldOut,
  soldOutSizes,
  state,
}: {
  sizes: string[];
  selectedSize: string | null;
  soldOut: boolean;
  /** Sizes with none left of their own (products that keep stock per size). */
  soldOutSizes: string[];
  state: ProductPageState;
}) {
  const { t } = useLingui();
  if (sizes.length === 0) return null;
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-800">
        <Trans>Choose Size</Trans>
      </h2>
      <ul className="flex flex-wrap gap-2">
        {sizes.map((size) => {
          const chosen = size === selectedSize;
          const shape = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 font-medium";
          const classes = `${shape} ${
            chosen
              ? "border-brand-700 bg-brand-50 text-brand-800"
              : "border-slate-300 bg-white text-slate-800 hover:border-slate-500"
          }`;
          return (
            <li key={size}>
              {soldOutSizes.includes(size) ? (
                // A link that cannot be followed: listed with the other sizes, announced as unavailable.
                <span
                  role="link"
                  aria-disabled="true"
                  // The size and the cards' words for it (one message, which the cards' shared code already carries).
                  aria-label={size + t`, out of stock`}
                  aria-current={chosen ? "true" : undefined}
                  className={`${shape} cursor-not-allowed border-dashed bg-slate-50 text-slate-600 line-through ${chosen ? "border-brand-700" : "border-slate-300"}`}
                >
                  {size}
                </span>
              ) : soldOut ? (
                <span aria-disabled="true" className={`${classes} cursor-not-allowed opacity-50`}>
                  {size}
                </span>
              ) : (
                <Link
                  to={withParam(state, { size })}
                  replace
                  preventScrollReset
                  aria-current={chosen ? "true" : undefined}
                  className={classes}
                >
                  {size}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
