import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { Field, FormErrors } from "~/ui/field.tsx";
import { discountSchema, type DiscountView } from "~/discounts/discount-schema.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

/** Cents as the field shows them: "50.00". */
const asDollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

type Props = {
  /** The code being edited, or null to add one. */
  editing: DiscountView | null;
  lastResult: SubmissionResult<string[]> | undefined;
  pending: boolean;
};

function Check({
  name,
  id,
  label,
  defaultChecked,
}: {
  name: string;
  id: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} className="size-5" />
      {label}
    </label>
  );
}

/**
 * Add or edit a discount code on /admin/discounts: one schema with the action and `/api/discount/*`.
 * A percentage or a fixed amount; the rest optional; dates are Beirut days (the end day included).
 */
export function DiscountForm({ editing, lastResult, pending }: Props) {
  const [form, fields] = useZodForm(discountSchema, {
    id: editing ? `discount-${editing.id}` : "discount-new",
    lastResult,
    defaultValue: editing
      ? {
          code: editing.code,
          percent: editing.percent === null ? "" : String(editing.percent),
          amount: asDollars(editing.amountCents),
          minSubtotal: asDollars(editing.minSubtotalCents),
          startsAt: editing.startsOn ?? "",
          endsAt: editing.endsOn ?? "",
          maxUses: editing.maxUses === null ? "" : String(editing.maxUses),
        }
      : undefined,
    constraintsFrom: false,
  });
  const heading = editing ? `Edit ${editing.code}` : "Add a discount code";
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="discount-form-heading"
    >
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <h2 id="discount-form-heading" className="text-lg font-bold">
        {heading}
      </h2>
      <FormErrors id={form.errorId} errors={form.errors} className="mt-3 rounded-md px-3 py-2 text-sm" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field
          label="Code"
          hint="3 to 32 letters, digits or dashes; shoppers may type it in any case."
          errors={fields.code.errors}
          autoCapitalize="characters"
          {...getInputProps(fields.code, { type: "text" })}
        />
        <Field
          label="Percentage off (%)"
          hint="1 to 90. Or give a fixed amount instead."
          errors={fields.percent.errors}
          inputMode="numeric"
          {...getInputProps(fields.percent, { type: "text" })}
        />
        <Field
          label="Or a fixed amount off ($)"
          errors={fields.amount.errors}
          inputMode="decimal"
          {...getInputProps(fields.amount, { type: "text" })}
        />
        <Field
          label="Minimum subtotal ($)"
          hint="Optional."
          errors={fields.minSubtotal.errors}
          inputMode="decimal"
          {...getInputProps(fields.minSubtotal, { type: "text" })}
        />
        <Field
          label="Starts on (Beirut)"
          hint="Optional."
          errors={fields.startsAt.errors}
          {...getInputProps(fields.startsAt, { type: "date" })}
        />
        <Field
          label="Ends on (Beirut, included)"
          hint="Optional."
          errors={fields.endsAt.errors}
          {...getInputProps(fields.endsAt, { type: "date" })}
        />
        <Field
          label="Total uses"
          hint="Optional: empty for no limit."
          errors={fields.maxUses.errors}
          inputMode="numeric"
          {...getInputProps(fields.maxUses, { type: "text" })}
        />
      </div>
      <div className="mt-2 flex flex-wrap gap-x-6">
        <Check
          name="oncePerPhone"
          id={`${form.id}-once`}
          label="Once per phone number"
          defaultChecked={editing?.oncePerPhone ?? false}
        />
        <Check name="active" id={`${form.id}-active`} label="On" defaultChecked={editing?.active ?? true} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" pending={pending}>
          {pending ? "Saving..." : editing ? "Save changes" : "Add code"}
        </Button>
        {editing ? (
          <Link to="/admin/discounts" className="min-h-11 content-center text-sm font-medium text-brand-700">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
