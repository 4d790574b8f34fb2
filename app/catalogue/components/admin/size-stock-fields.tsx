import type { FieldMetadata } from "@conform-to/react";
import type { ButtonHTMLAttributes } from "react";
import { SIZES } from "~/catalogue/options.ts";
import { buttonClass } from "~/ui/button.tsx";
import { ErrorList } from "~/ui/field.tsx";
import type { StockBySize } from "~/catalogue/views.ts";

type Meta<T> = FieldMetadata<T, Record<string, unknown>, string[]>;

/** The sizes ticked on the form (as typed, or as the server sent them back), in the spec's order. */
export function chosenSizes(value: unknown): string[] {
  const ticked = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return SIZES.filter((size) => ticked.includes(size));
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The sum of the sizes' stock as typed; a blank or unreadable field counts 0, as the server counts it. */
export function typedStockTotal(value: unknown, sizes: string[]) {
  const typed = asRecord(value);
  return sizes.reduce((total, size) => {
    const count = Number(typed[size]);
    return total + (Number.isInteger(count) && count > 0 ? count : 0);
  }, 0);
}

/**
 * 'Update sizes' without JavaScript: a submit that only validates the sizes, so the server sends
 * the form back as typed with a stock field for each ticked size (with JavaScript they appear as
 * sizes are ticked, and the button is not there).
 */
export function UpdateSizesButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <button type="submit" {...props} className={buttonClass("secondary", "sm", "min-h-11")}>
        Update sizes
      </button>
      <p className="text-sm text-slate-600">Tick the sizes, then Update sizes to give each its stock.</p>
    </div>
  );
}

/**
 * A stock field per chosen size, posted as `stockBySize.S`, `stockBySize.M`… (blank counts 0).
 * Values come from the form (Conform's initial value: the product's, or what was typed before a
 * round trip), so nothing typed is lost when the server sends the form back.
 */
export function SizeStockFields({
  meta,
  sizes,
  saved,
}: {
  meta: Meta<unknown> | undefined;
  sizes: string[];
  /** The product's stock per size as saved (Edit), shown until the form comes back as typed. */
  saved: StockBySize | null;
}) {
  if (sizes.length === 0) return null;
  const name = meta?.name ?? "stockBySize";
  const id = meta?.id ?? "stock-by-size";
  const initial = asRecord(meta?.initialValue ?? saved);
  const errorId = `${id}-error`;
  const errors = meta?.errors;
  return (
    <fieldset className="md:col-span-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Stock per size</legend>
      <ul className="flex flex-wrap gap-2">
        {sizes.map((size) => {
          const fieldName = `${name}.${size}`;
          const fieldId = `${id}-${size}`;
          const fieldErrors = meta?.allErrors[fieldName];
          const start = initial[size];
          return (
            <li key={size} className="flex flex-col gap-0.5">
              <label htmlFor={fieldId} className="text-xs font-semibold text-slate-700">
                <span className="sr-only">Stock of </span>
                {size}
              </label>
              <input
                id={fieldId}
                name={fieldName}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="0"
                defaultValue={typeof start === "string" || typeof start === "number" ? String(start) : ""}
                aria-invalid={fieldErrors?.length ? true : undefined}
                aria-describedby={fieldErrors?.length ? `${fieldId}-error` : undefined}
                className="tabular min-h-11 w-20 rounded-md border border-slate-300 bg-white px-2 text-center aria-[invalid=true]:border-danger-700"
              />
              <ErrorList id={`${fieldId}-error`} errors={fieldErrors} />
            </li>
          );
        })}
      </ul>
      <p className="mt-1 text-sm text-slate-600">A blank field counts as 0: that size shows as sold out.</p>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
