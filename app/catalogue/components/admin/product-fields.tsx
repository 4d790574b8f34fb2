import {
  type FieldMetadata,
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import { type ButtonHTMLAttributes, useEffect, useRef, useState } from "react";
import { MinusIcon, PlusIcon } from "~/ui/icons.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { ErrorList, Field, SelectField, TextareaField } from "~/ui/field.tsx";
import {
  CONDITION_NOTES_MAX,
  GRADE_INFO,
  GRADES,
  IN_THE_BOX_ITEM_MAX,
  IN_THE_BOX_MAX_ITEMS,
  PACKAGING_INFO,
  PACKAGINGS,
} from "~/catalogue/condition.ts";
import { CATEGORY_OPTIONS, SIZES } from "~/catalogue/options.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import {
  chosenSizes,
  SizeStockFields,
  typedStockTotal,
  UpdateSizesButton,
} from "~/catalogue/components/admin/size-stock-fields.tsx";
import type { StockBySize } from "~/catalogue/views.ts";
import { ArabicTextFields } from "~/catalogue/components/admin/arabic-text-fields.tsx";

type Meta<T> = FieldMetadata<T, Record<string, unknown>, string[]>;

export type ProductFieldsMeta = {
  title: Meta<string>;
  price: Meta<number>;
  quantity: Meta<number>;
  category: Meta<string>;
  size: Meta<string[]>;
  description: Meta<string>;
  oldPrice: Meta<number | null>;
  costPrice: Meta<number | null>;
  packaging: Meta<string>;
  grade: Meta<string>;
  conditionNotes: Meta<string>;
  inTheBox: Meta<unknown>;
  titleAr: Meta<string | null>;
  descriptionAr: Meta<string | null>;
  /** The stock of each chosen size (`stockBySize.S`…); errors come back on `stockBySize`. */
  stockBySize?: Meta<unknown>;
};

export type ProductFieldsProps = {
  fields: ProductFieldsMeta;
  /** The form's 'Update sizes' submit without JavaScript (Conform's validate intent for `size`). */
  updateSizes: ButtonHTMLAttributes<HTMLButtonElement>;
  /** The stock per size of the product being edited, until the form comes back from the server. */
  stockBySize?: StockBySize | null;
  /** The product being edited keeps one stock shared by its sizes: the form keeps it that way until asked. */
  sharedStock?: boolean;
  /** The submit that gives each size its own stock (Conform's update intent for `stockBySize`). */
  onePerSize?: (sizes: string[]) => ButtonHTMLAttributes<HTMLButtonElement>;
};

/**
 * A product's own fields, the same on the Add and Edit forms: title, price, stock, category, sizes
 * and description. Their defaults come from the form (Conform's defaultValue), so a reset returns to them.
 * A product with sizes gets a stock field per size, and Stock Quantity is then their sum.
 */
export function ProductFields({
  fields,
  updateSizes,
  stockBySize = null,
  sharedStock = false,
  onePerSize,
}: ProductFieldsProps) {
  const hydrated = useHydrated();
  const sizes = chosenSizes(fields.size.value);
  // `fields` is Conform's proxy: it has metadata for `stockBySize` whatever the schema's type says.
  const sizeStock = fields.stockBySize;
  // A shared stock stays shared until the form carries a stock per size ('Give each size its own stock').
  const shared = sharedStock && sizeStock?.initialValue === undefined;
  const perSize = sizes.length > 0 && !shared;
  const intentButtons = !hydrated || (shared && sizes.length > 0 && onePerSize !== undefined);
  return (
    <>
      {intentButtons ? (
        // Enter in a field submits with the form's first submit button: let that be a plain save,
        // not 'Update sizes' or 'Give each size its own stock' further down.
        <button type="submit" hidden tabIndex={-1} />
      ) : null}
      <Field label="Product Title" errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} />
      <Field
        label="Price ($)"
        errors={fields.price.errors}
        step="0.01"
        {...getInputProps(fields.price, { type: "number" })}
        min={0}
      />
      {perSize ? (
        <SizedStockTotal
          meta={fields.quantity}
          total={hydrated ? typedStockTotal(sizeStock?.value ?? stockBySize, sizes) : null}
        />
      ) : (
        <StockField meta={fields.quantity} />
      )}
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
            <label
              key={key}
              className="inline-flex min-h-9 cursor-pointer items-center gap-1 rounded border border-slate-300 px-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input {...props} className="size-4" />
              {props.value}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.size.errors} />
        {shared && sizes.length > 0 ? (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <p className="text-sm text-slate-600">These sizes share the one Stock Quantity.</p>
            {onePerSize ? (
              <button type="submit" {...onePerSize(sizes)} className={buttonClass("secondary", "sm", "min-h-11")}>
                Give each size its own stock
              </button>
            ) : null}
          </div>
        ) : null}
        {hydrated || shared ? null : <UpdateSizesButton {...updateSizes} />}
      </fieldset>
      {perSize ? <SizeStockFields meta={sizeStock} sizes={sizes} saved={stockBySize} /> : null}
      <TextareaField
        label="Description"
        errors={fields.description.errors}
        className="md:col-span-2"
        rows={3}
        {...getTextareaProps(fields.description)}
      />
      <ArabicTextFields title={fields.titleAr} description={fields.descriptionAr} />
      <Field
        label="Price new ($)"
        hint="Optional: the usual price of this item new, shown struck through."
        errors={fields.oldPrice.errors}
        step="0.01"
        {...getInputProps(fields.oldPrice, { type: "number" })}
        min={0}
      />
      <Field
        label="Cost ($)"
        hint="Optional: what you paid for it, for the margin. Never shown to shoppers."
        errors={fields.costPrice.errors}
        step="0.01"
        {...getInputProps(fields.costPrice, { type: "number" })}
        min={0}
      />
      <SelectField label="Packaging" errors={fields.packaging.errors} {...getSelectProps(fields.packaging)}>
        {PACKAGINGS.map((value) => (
          <option key={value} value={value}>
            {PACKAGING_INFO[value].label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Grade" errors={fields.grade.errors} {...getSelectProps(fields.grade)}>
        {GRADES.map((value) => (
          <option key={value} value={value}>
            {GRADE_INFO[value].label}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Condition notes"
        hint="What is missing, marked or different, e.g. “Missing the original charger; a generic one is included”."
        errors={fields.conditionNotes.errors}
        className="md:col-span-2"
        rows={2}
        maxLength={CONDITION_NOTES_MAX}
        dir="auto"
        {...getTextareaProps(fields.conditionNotes)}
      />
      <InTheBoxField meta={fields.inTheBox} />
    </>
  );
}

function initialLines(value: unknown): string[] {
  if (typeof value === "string") return value.split(/\r?\n/);
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : ""));
  return [];
}

/**
 * 'In the box': with JavaScript a list of lines to add and remove; without it a textarea, one item a
 * line. Both post `inTheBox` (the schema splits lines and drops blank ones). A form reset puts the
 * starting lines back.
 */
function InTheBoxField({ meta }: { meta: Meta<unknown> }) {
  const starting = initialLines(meta.initialValue);
  const [lines, setLines] = useState(starting.length ? starting : [""]);
  // The lines typed into the textarea before the scripts arrived become the list's lines when
  // React swaps the one for the other (not useHydrated: the swap must wait for this read).
  const [hydrated, setHydrated] = useState(false);
  const textareaId = meta.id;
  useEffect(() => {
    const textarea = document.getElementById(textareaId);
    if (textarea instanceof HTMLTextAreaElement && textarea.value !== textarea.defaultValue)
      setLines(initialLines(textarea.value));
    setHydrated(true);
  }, [textareaId]);
  const list = useRef<HTMLFieldSetElement>(null);
  const startingKey = starting.join("\n");
  useEffect(() => {
    const form = list.current?.form;
    if (!form) return;
    const reset = () => setLines(startingKey ? startingKey.split("\n") : [""]);
    form.addEventListener("reset", reset);
    return () => form.removeEventListener("reset", reset);
  }, [startingKey]);
  if (!hydrated) {
    return (
      <TextareaField
        label="In the box"
        hint="One item per line, e.g. “Charger”."
        errors={meta.errors}
        className="md:col-span-2"
        rows={3}
        id={meta.id}
        name={meta.name}
        defaultValue={starting.join("\n")}
      />
    );
  }
  const setLine = (index: number, value: string) =>
    setLines((current) => current.map((line, at) => (at === index ? value : line)));
  return (
    <fieldset
      ref={list}
      className="md:col-span-2"
      aria-describedby={meta.errors?.length ? `${meta.id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">In the box</legend>
      <ul className="flex flex-col gap-1.5">
        {lines.map((line, index) => (
          <li key={index} className="flex items-center gap-1">
            <input
              name={meta.name}
              value={line}
              onChange={(event) => setLine(index, event.currentTarget.value)}
              maxLength={IN_THE_BOX_ITEM_MAX}
              dir="auto"
              aria-label={`In the box, item ${index + 1}`}
              className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base"
            />
            <button
              type="button"
              onClick={() =>
                setLines((current) => (current.length > 1 ? current.filter((_, at) => at !== index) : [""]))
              }
              className={buttonClass("secondary", "icon")}
              aria-label={`Remove item ${index + 1}`}
            >
              <MinusIcon />
            </button>
          </li>
        ))}
      </ul>
      {lines.length < IN_THE_BOX_MAX_ITEMS ? (
        <button
          type="button"
          onClick={() => setLines((current) => [...current, ""])}
          className={buttonClass("secondary", "sm", "mt-1.5 min-h-11")}
        >
          <PlusIcon /> Add item
        </button>
      ) : null}
      <ErrorList id={`${meta.id}-error`} errors={meta.errors} />
    </fieldset>
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
        <button
          type="button"
          onClick={() => step(-1)}
          className={buttonClass("secondary", "icon")}
          aria-label="Decrease stock"
        >
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
        <button
          type="button"
          onClick={() => step(1)}
          className={buttonClass("secondary", "icon")}
          aria-label="Increase stock"
        >
          <PlusIcon />
        </button>
      </div>
      <ErrorList id={errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * Stock Quantity of a product with sizes: the sum of the sizes' stock. With JavaScript a read-only
 * field that follows the typing (posted, though the server counts the sizes itself); without it a
 * sentence, since a number could not follow what is typed below.
 */
function SizedStockTotal({ meta, total }: { meta: Meta<number>; total: number | null }) {
  const hintId = `${meta.id}-hint`;
  if (total === null) {
    return (
      <div>
        <p className="mb-1 text-sm font-medium text-slate-800">Stock Quantity</p>
        <p className="text-sm text-slate-600">The sum of the stock per size, below.</p>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-800">
        Stock Quantity
      </label>
      <input
        id={meta.id}
        name={meta.name}
        type="number"
        value={total}
        readOnly
        aria-describedby={hintId}
        className="tabular min-h-11 w-24 rounded-md border border-slate-200 bg-slate-50 px-3 text-center text-slate-700"
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        The sum of the stock per size.
      </p>
    </div>
  );
}
