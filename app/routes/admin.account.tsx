import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PasswordForm } from "~/staff/components/password-form.tsx";
import { adminAction } from "~/staff/admin-action.server.ts";
import { requireAdmin, sessionIdOf } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { TooManyAttempts } from "~/platform/security/login-limits.server.ts";
import { homePath, ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/staff/permissions.ts";
import { changePasswordFormSchema } from "~/staff/staff-schema.ts";
import { changeOwnPassword, PasswordRefused } from "~/staff/staff.server.ts";
import { useIsPending } from "~/ui/hooks/use-is-pending.ts";

export const meta: MetaFunction = () => [
  { title: "My account | OpenBox Admin" },
  { name: "robots", content: "noindex" },
];

/** Everyone's page, also before the first password is changed (it is the only one then). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, "/admin/account");
  return { username: admin.username, role: admin.role, mustChangePassword: admin.mustChangePassword };
}

/** Passwords are never sent back, whatever happens. */
const HIDDEN = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };

export const action = adminAction(
  "/admin/account",
  async ({ request, context, actor, admin, parse }) => {
    const submission = parse(await request.formData(), changePasswordFormSchema);
    if (submission.status !== "success") return data(submission.reply(HIDDEN), { status: 400 });
    try {
      await changeOwnPassword(context.db, admin, submission.value, actor, await sessionIdOf(request, context));
    } catch (error) {
      if (error instanceof PasswordRefused)
        return data(submission.reply({ ...HIDDEN, fieldErrors: { [error.field]: [error.message] } }), { status: 400 });
      if (error instanceof TooManyAttempts)
        return data(submission.reply({ ...HIDDEN, formErrors: [error.message] }), {
          status: 429,
          headers: { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) },
        });
      throw error;
    }
    return redirectWithToast(homePath(admin.role), { type: "success", message: "Password changed" }, context.cookies);
  },
  (unavailable, submission, _args: ActionFunctionArgs) =>
    data(submission?.reply({ ...HIDDEN, formErrors: [unavailable.message] }) ?? null, {
      status: 503,
      headers: unavailable.headers,
    }),
);

export default function AdminAccount() {
  const { username, role, mustChangePassword } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() ?? undefined;
  const pending = useIsPending({ formAction: "/admin/account", state: "submitting" });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">My account</h1>
      {mustChangePassword ? (
        <p role="status" className="rounded-md border-l-4 border-warning-700 bg-warning-50 px-3 py-2 text-warning-700">
          Choose your own password before you start: the first one was chosen for you.
        </p>
      ) : null}
      <section aria-label="Who you are" className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
        <p>
          Signed in as <span className="font-semibold">{username}</span>, role{" "}
          <span className="font-semibold">{ROLE_LABELS[role]}</span>.
        </p>
        <p className="mt-1 text-sm text-slate-600">{ROLE_DESCRIPTIONS[role]}</p>
      </section>
      <PasswordForm lastResult={lastResult} pending={pending} />
    </div>
  );
}
