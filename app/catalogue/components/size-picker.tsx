import { Link } from "@remix-run/react";
import { type ProductPageState, withParam } from "~/catalogue/product-page-links.ts";

/** 'Choose Size': a link per size (the size lives in the URL); shown but not choosable once sold out. */
export function SizePicker({
  sizes,
  selectedSize,
  soldOut,
  state,
}: {
  sizes: string[];
  selectedSize: string | null;
  soldOut: boolean;
  state: ProductPageState;
}) {
  if (sizes.length === 0) return null;
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-800">Choose Size</h2>
      <ul className="flex flex-wrap gap-2">
        {sizes.map((size) => {
          const chosen = size === selectedSize;
          const classes = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 font-medium ${
            chosen
              ? "border-brand-700 bg-brand-50 text-brand-800"
              : "border-slate-300 bg-white text-slate-800 hover:border-slate-500"
          }`;
          return (
            <li key={size}>
              {soldOut ? (
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
