import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { Field, FormErrors, TextareaField } from "~/ui/field.tsx";
import { MAX_POLICY_LENGTH, type ShopDetails, shopDetailsSchema } from "~/settings/settings-schema.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

type Props = { details: ShopDetails; lastResult: SubmissionResult<string[]> | undefined; pending: boolean };

/** The Shop details section of `/admin/settings`: what the footer, product pages and order tracking show. */
export function ShopDetailsForm({ details, lastResult, pending }: Props) {
  const [form, fields] = useZodForm(shopDetailsSchema, {
    id: "shop-details",
    lastResult,
    defaultValue: {
      contactPhone: details.contactPhone,
      whatsappNumber: details.whatsappNumber,
      ...details.socialLinks,
      returnsPolicy: details.returnsPolicy,
    },
  });
  const link = (field: typeof fields.facebook, label: string) => (
    <Field label={label} errors={field.errors} placeholder="https://" {...getInputProps(field, { type: "url" })} />
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="shop-details-heading"
    >
      <input type="hidden" name="intent" value="shop" />
      <h2 id="shop-details-heading" className="text-lg font-bold">
        Shop details
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Shown in the footer of every page; the policy also on every product page. An empty link is not shown.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} className="mt-3 rounded-md px-3 py-2 text-sm" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          label="Contact phone"
          errors={fields.contactPhone.errors}
          {...getInputProps(fields.contactPhone, { type: "tel" })}
        />
        <Field
          label="WhatsApp number"
          hint="Optional. Shown as a WhatsApp link."
          errors={fields.whatsappNumber.errors}
          {...getInputProps(fields.whatsappNumber, { type: "tel" })}
        />
        {link(fields.facebook, "Facebook")}
        {link(fields.whatsappGroup, "WhatsApp group")}
        {link(fields.instagram, "Instagram")}
        {link(fields.tiktok, "TikTok")}
        <TextareaField
          label="Returns and warranty"
          hint={`Optional, at most ${MAX_POLICY_LENGTH} characters, in plain words.`}
          className="sm:col-span-2"
          rows={4}
          dir="auto"
          errors={fields.returnsPolicy.errors}
          {...getTextareaProps(fields.returnsPolicy)}
        />
      </div>
      <Button type="submit" pending={pending} className="mt-4">
        {pending ? "Saving..." : "Save shop details"}
      </Button>
    </Form>
  );
}
