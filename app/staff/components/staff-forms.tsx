import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/ui/button.tsx";
import { Field, FormErrors, SelectField } from "~/ui/field.tsx";
import { SHOP_TIME_ZONE } from "~/utils/shop-time.ts";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "~/staff/permissions.ts";
import { addStaffSchema, MIN_PASSWORD_LENGTH, staffPageSchema } from "~/staff/staff-schema.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

type Result = SubmissionResult<string[]> | undefined;

const roleOptions = ROLES.map((role) => (
  <option key={role} value={role}>
    {ROLE_LABELS[role]}
  </option>
));

/** Add a member: a username, a role and a first password they must change when they first sign in. */
export function AddStaffForm({ lastResult, pending }: { lastResult: Result; pending: boolean }) {
  const [form, fields] = useZodForm(staffPageSchema, {
    id: "add-staff",
    lastResult,
    defaultValue: { role: "orders" },
    constraintsFrom: addStaffSchema,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="add-staff-heading"
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
    >
      <input type="hidden" name="intent" value="add" />
      <h2 id="add-staff-heading" className="text-lg font-bold">
        Add a staff member
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Give them the username and the first password yourself; they choose their own when they first sign in.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} className="mt-3 rounded-md px-3 py-2 text-sm" />
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <Field
          label="Username"
          autoComplete="off"
          errors={fields.username.errors}
          {...getInputProps(fields.username, { type: "text" })}
        />
        <SelectField label="Role" errors={fields.role.errors} {...getSelectProps(fields.role)}>
          {roleOptions}
        </SelectField>
        <Field
          label="First password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          autoComplete="new-password"
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: "password" })}
        />
      </div>
      <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-600">
        {ROLES.map((role) => (
          <li key={role}>
            <span className="font-semibold">{ROLE_LABELS[role]}</span>: {ROLE_DESCRIPTIONS[role]}
          </li>
        ))}
      </ul>
      <Button type="submit" pending={pending} className="mt-4">
        {pending ? "Adding..." : "Add staff member"}
      </Button>
    </Form>
  );
}

/** A row's role: a select and a button, a plain POST. */
function RoleForm({ username, role, lastResult }: { username: string; role: Role; lastResult: Result }) {
  const [form, fields] = useZodForm(staffPageSchema, {
    id: `role-${username}`,
    lastResult,
    defaultValue: { role },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    constraintsFrom: false,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="username" value={username} />
      <label htmlFor={fields.role.id} className="sr-only">
        Role of {username}
      </label>
      <select
        {...getSelectProps(fields.role)}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-base"
      >
        {roleOptions}
      </select>
      <Button type="submit" variant="secondary" className="min-h-11" aria-label={`Change the role of ${username}`}>
        Change role
      </Button>
      <FormErrors id={form.errorId} errors={form.errors} className="basis-full rounded-md px-3 py-2 text-sm" />
    </Form>
  );
}

const added = new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, dateStyle: "medium" });

export type StaffRow = { username: string; role: Role; createdAt: string; mustChangePassword: boolean };

/** The staff, one card each: role, when added, whether the first password is still to change, and the actions. */
export function StaffList({
  staff,
  me,
  roleResult,
}: {
  staff: StaffRow[];
  me: string;
  /** The last refused role change, `id` telling one submission from the next. */
  roleResult: { username: string; result: Result; id: string } | null;
}) {
  return (
    <ul aria-label="Staff" className="flex flex-col gap-2">
      {staff.map((member) => (
        <li
          key={member.username}
          data-testid="staff-member"
          className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-slate-200 bg-white p-4"
        >
          <div>
            <p className="font-semibold">
              {member.username}
              {member.username === me ? <span className="ml-1 text-sm font-normal text-slate-600">(you)</span> : null}
            </p>
            <p className="text-sm text-slate-600">
              {ROLE_LABELS[member.role]} · added {added.format(new Date(member.createdAt))}
              {member.mustChangePassword ? " · has not chosen a password yet" : ""}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            {/* A refused change shows until the next submission of the page: then the row starts afresh. */}
            <RoleForm
              key={`${member.username}-${member.role}-${roleResult?.username === member.username ? roleResult.id : ""}`}
              username={member.username}
              role={member.role}
              lastResult={roleResult?.username === member.username ? roleResult.result : undefined}
            />
            {/* One's own account is not removed from here (another owner can). */}
            {member.username === me ? null : (
              <Link
                to={`?remove=${encodeURIComponent(member.username)}`}
                preventScrollReset
                className={buttonClass("ghost", "md", "text-danger-700")}
                aria-label={`Remove ${member.username}`}
              >
                Remove
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The step before a removal: who, and what it does. */
export function RemoveConfirmation({ username, lastResult }: { username: string; lastResult: Result }) {
  const [form] = useZodForm(staffPageSchema, {
    id: "remove-staff",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    constraintsFrom: false,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      role="alertdialog"
      aria-labelledby="remove-heading"
      className="rounded-card border-2 border-danger-700 bg-white p-4 sm:p-6"
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="username" value={username} />
      <h2 id="remove-heading" className="text-lg font-bold">
        Remove {username}?
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        They are signed out at once and can no longer sign in. What they did stays in the activity log.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} className="mt-3 rounded-md px-3 py-2 text-sm" />
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" variant="danger">
          Remove {username}
        </Button>
        <Link to="/admin/staff" className={buttonClass("secondary")}>
          Keep
        </Link>
      </div>
    </Form>
  );
}
