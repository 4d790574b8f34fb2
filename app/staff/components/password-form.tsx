import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { Field, FormErrors } from "~/ui/field.tsx";
import { changePasswordFormSchema, MIN_PASSWORD_LENGTH } from "~/staff/staff-schema.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

type Props = { lastResult: SubmissionResult<string[]> | undefined; pending: boolean };

/** /admin/account's form: the current password, then a new one of at least 12 characters, typed twice. */
export function PasswordForm({ lastResult, pending }: Props) {
  const [form, fields] = useZodForm(changePasswordFormSchema, {
    id: "change-password",
    lastResult,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="password-heading"
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="password-heading" className="text-lg font-bold">
        Change password
      </h2>
      <FormErrors id={form.errorId} errors={form.errors} className="mt-3 rounded-md px-3 py-2 text-sm" />
      <div className="mt-4 grid max-w-md gap-4">
        <Field
          label="Current password"
          autoComplete="current-password"
          errors={fields.currentPassword.errors}
          {...getInputProps(fields.currentPassword, { type: "password" })}
        />
        <Field
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          autoComplete="new-password"
          errors={fields.newPassword.errors}
          {...getInputProps(fields.newPassword, { type: "password" })}
        />
        <Field
          label="Confirm new password"
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
          {...getInputProps(fields.confirmPassword, { type: "password" })}
        />
      </div>
      <Button type="submit" pending={pending} className="mt-4">
        {pending ? "Saving..." : "Change password"}
      </Button>
    </Form>
  );
}
