import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { Field, FormErrors } from "~/ui/field.tsx";
import { liraSettingsSchema } from "~/settings/settings-schema.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

type Props = {
  lbpRate: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
  pending: boolean;
};

/** The Lira section of `/admin/settings`: the day's rate; empty turns the lira off. */
export function LiraSettingsForm({ lbpRate, lastResult, pending }: Props) {
  const [form, fields] = useZodForm(liraSettingsSchema, {
    id: "lira-settings",
    lastResult,
    defaultValue: { lbpRate: lbpRate === null ? "" : String(lbpRate) },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="lira-heading"
    >
      <input type="hidden" name="intent" value="lira" />
      <h2 id="lira-heading" className="text-lg font-bold">
        Lira
      </h2>
      <FormErrors id={form.errorId} errors={form.errors} className="mt-3 rounded-md px-3 py-2 text-sm" />
      <Field
        className="mt-3 sm:max-w-xs"
        label="Lira rate"
        hint="LBP for one dollar, a whole number. Shoppers see totals in lira beside the dollars; each order keeps the rate it was placed at. Leave empty to show dollars only."
        errors={fields.lbpRate.errors}
        inputMode="numeric"
        {...getInputProps(fields.lbpRate, { type: "text" })}
      />
      <Button type="submit" pending={pending} className="mt-4">
        {pending ? "Saving..." : "Save lira rate"}
      </Button>
    </Form>
  );
}
