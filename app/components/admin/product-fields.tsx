import { type FieldMetadata, getCollectionProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useRef } from "react";
import { MinusIcon, PlusIcon } from "~/components/icons.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { ErrorList, Field, SelectField, TextareaField } from "~/components/ui/field.tsx";
import { CATEGORY_OPTIONS, SIZES } from "~/lib/options.ts";

type Meta<T> = FieldMetadata<T, Record<string, unknown>, string[]>;

export type ProductFieldsMeta = {
  title: Meta<string>;
  price: Meta<number>;
  quantity: Meta<number>;
  category: Meta<string>;
  size: Meta<string[]>;
  description: Meta<string>;
};

/**
 * A product's own fields, the same on the Add and Edit forms: title, price, stock, category, sizes
 * and description. Their defaults come from the form (Conform's defaultValue), so a reset returns to them.
 */
export function ProductFields({ fields }: { fields: ProductFieldsMeta }) {
  return (
    <>
      <Field label="Product Title" errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} />
      <Field label="Price ($)" errors={fields.price.errors} step="0.01" {...getInputProps(fields.price, { type: "number" })} min={0} />
      <StockField meta={fields.quantity} />
      <SelectField label="Category" errors={fields.category.errors} {...getSelectProps(fields.category)}>
        <option value="">Select a category</option>
        {CATEGORY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <fieldset className="md:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Size</legend>
        <div className="flex flex-wrap gap-1.5">
          {getCollectionProps(fields.size, { type: "checkbox", options: [...SIZES] }).map(({ key, ...props }) => (
            <label key={key} className="inline-flex min-h-9 cursor-pointer items-center gap-1 rounded border border-slate-300 px-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
              <input {...props} className="size-4" />
              {props.value}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.size.errors} />
      </fieldset>
      <TextareaField label="Description" errors={fields.description.errors} className="md:col-span-2" rows={3} {...getTextareaProps(fields.description)} />
    </>
  );
}

/**
 * Stock with − and + beside it. The input stays uncontrolled, so a form reset puts its default back;
 * the buttons step it and announce the change like typing would (Conform validates on input).
 */
function StockField({ meta }: { meta: Meta<number> }) {
  const input = useRef<HTMLInputElement>(null);
  const step = (direction: 1 | -1) => {
    const element = input.current;
    if (!element) return;
    if (direction > 0) element.stepUp();
    else element.stepDown();
    element.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const errorId = `${meta.id}-error`;
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-800">
        Stock Quantity
      </label>
      <div className="flex items-center gap-1">
        <button type="button" onClick={() => step(-1)} className={buttonClass("secondary", "icon")} aria-label="Decrease stock">
          <MinusIcon />
        </button>
        <input
          ref={input}
          {...getInputProps(meta, { type: "number" })}
          min={0}
          step={1}
          aria-describedby={meta.errors?.length ? errorId : undefined}
          className="tabular min-h-11 w-24 rounded-md border border-slate-300 px-3 text-center aria-[invalid=true]:border-danger-700"
        />
        <button type="button" onClick={() => step(1)} className={buttonClass("secondary", "icon")} aria-label="Increase stock">
          <PlusIcon />
        </button>
      </div>
      <ErrorList id={errorId} errors={meta.errors} />
    </div>
  );
}
