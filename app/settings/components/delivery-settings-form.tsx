import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { Button } from "~/ui/button.tsx";
import { Field, FormErrors } from "~/ui/field.tsx";
import { GOVERNORATES } from "~/settings/delivery.ts";
import { deliverySettingsSchema, GOVERNORATE_FIELD } from "~/settings/settings-schema.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

/** Cents as the field shows them: "4.00". */
const asDollars = (cents: number) => (cents / 100).toFixed(2);

type Props = {
  feesCents: Record<string, number>;
  freeDeliveryFromCents: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
  pending: boolean;
};

/** The Delivery section of `/admin/settings`: a fee per governorate and the free-delivery threshold. */
export function DeliverySettingsForm({ feesCents, freeDeliveryFromCents, lastResult, pending }: Props) {
  const [form, fields] = useZodForm(deliverySettingsSchema, {
    id: "delivery-settings",
    lastResult,
    defaultValue: {
      fees: Object.fromEntries(
        GOVERNORATES.map((governorate) => [GOVERNORATE_FIELD[governorate], asDollars(feesCents[governorate] ?? 0)]),
      ),
      freeDeliveryFrom: freeDeliveryFromCents === null ? "" : asDollars(freeDeliveryFromCents),
    },
  });
  const fees = fields.fees.getFieldset();
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="delivery-heading"
    >
      <input type="hidden" name="intent" value="delivery" />
      <h2 id="delivery-heading" className="text-lg font-bold">
        Delivery
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The fee in dollars for each governorate (0.00 for free). Changes apply to the next order.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} className="mt-3 rounded-md px-3 py-2 text-sm" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {GOVERNORATES.map((governorate) => {
          const field = fees[GOVERNORATE_FIELD[governorate]];
          return (
            <Fragment key={governorate}>
              <Field
                label={`${governorate} ($)`}
                errors={field.errors}
                inputMode="decimal"
                {...getInputProps(field, { type: "text" })}
              />
            </Fragment>
          );
        })}
      </div>
      <Field
        className="mt-4 sm:max-w-xs"
        label="Free delivery from ($)"
        hint="Orders whose subtotal reaches this amount pay no delivery. Leave empty for no free delivery."
        errors={fields.freeDeliveryFrom.errors}
        inputMode="decimal"
        {...getInputProps(fields.freeDeliveryFrom, { type: "text" })}
      />
      <Button type="submit" pending={pending} className="mt-4">
        {pending ? "Saving..." : "Save delivery settings"}
      </Button>
    </Form>
  );
}
