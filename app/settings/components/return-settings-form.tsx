import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { ErrorList, Field } from "~/ui/field.tsx";
import { MAX_RETURN_DAYS, returnSettingsSchema } from "~/settings/settings-schema.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

type Props = {
  returnDays: number;
  lastResult: SubmissionResult<string[]> | undefined;
  pending: boolean;
};

/** The Returns section of `/admin/settings`: how many days after delivery a shopper may ask to return items. */
export function ReturnSettingsForm({ returnDays, lastResult, pending }: Props) {
  const [form, fields] = useZodForm(returnSettingsSchema, {
    id: "return-settings",
    lastResult,
    defaultValue: { returnDays: String(returnDays) },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="returns-heading"
    >
      <input type="hidden" name="intent" value="returns" />
      <h2 id="returns-heading" className="text-lg font-bold">
        Returns
      </h2>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        className="mt-3 sm:max-w-xs"
        label="Return window (days)"
        hint={`How many days after delivery a customer may ask to return items from the order's tracking page, 0 to ${MAX_RETURN_DAYS}. 0: no returns.`}
        errors={fields.returnDays.errors}
        inputMode="numeric"
        {...getInputProps(fields.returnDays, { type: "text" })}
      />
      <Button type="submit" pending={pending} className="mt-4">
        {pending ? "Saving..." : "Save return window"}
      </Button>
    </Form>
  );
}
