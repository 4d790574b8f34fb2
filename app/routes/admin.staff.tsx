import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AddStaffForm, RemoveConfirmation, StaffList } from "~/staff/components/staff-forms.tsx";
import { adminAction } from "~/staff/admin-action.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { ROLE_LABELS } from "~/staff/permissions.ts";
import { staffPageSchema } from "~/staff/staff-schema.ts";
import { addStaff, changeRole, listStaff, removeStaff, StaffConflict, StaffNotFound } from "~/staff/staff.server.ts";

export const meta: MetaFunction = () => [{ title: "Staff | OpenBox Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, "/admin/staff");
  const staff = listStaff(context.db).map((member) => ({ ...member, createdAt: member.createdAt.toISOString() }));
  const remove = new URL(request.url).searchParams.get("remove");
  return {
    me: admin.username,
    staff,
    removing: staff.some((member) => member.username === remove) ? remove : null,
  };
}

type Intent = "add" | "role" | "remove";
const intentOf = (value: unknown): Intent => (value === "role" || value === "remove" ? value : "add");

export const action = adminAction(
  "/admin/staff",
  async ({ request, context, actor, parse }) => {
    const submission = parse(await request.formData(), staffPageSchema);
    const reply = (status: number, options: Parameters<typeof submission.reply>[0] = {}) =>
      data(
        {
          intent: intentOf(submission.payload.intent),
          username: String(submission.payload.username ?? ""),
          id: crypto.randomUUID(),
          result: submission.reply({ ...options, hideFields: ["password"] }),
        },
        { status },
      );
    if (submission.status !== "success") return reply(400);
    const input = submission.value;
    try {
      if (input.intent === "add") {
        await addStaff(context.db, input, actor);
        return redirectWithToast(
          "/admin/staff",
          {
            type: "success",
            message: `Added ${input.username}: they choose their own password when they first sign in`,
          },
          context.cookies,
        );
      }
      if (input.intent === "role") {
        const member = changeRole(context.db, input.username, input.role, actor);
        return redirectWithToast(
          "/admin/staff",
          { type: "success", message: `${member.username} now has the ${ROLE_LABELS[member.role]} role` },
          context.cookies,
        );
      }
      removeStaff(context.db, input.username, actor);
      return redirectWithToast(
        "/admin/staff",
        { type: "success", message: `Removed ${input.username}: their sessions have ended` },
        context.cookies,
      );
    } catch (error) {
      if (error instanceof StaffConflict)
        return input.intent === "add"
          ? reply(409, { fieldErrors: { username: [error.message] } })
          : reply(409, { formErrors: [error.message] });
      if (error instanceof StaffNotFound) return reply(404, { formErrors: [error.message] });
      throw error;
    }
  },
  (unavailable, submission, _args: ActionFunctionArgs) =>
    data(
      {
        intent: intentOf(submission?.payload.intent),
        username: String(submission?.payload.username ?? ""),
        id: crypto.randomUUID(),
        result: submission?.reply({ formErrors: [unavailable.message], hideFields: ["password"] }),
      },
      { status: 503, headers: unavailable.headers },
    ),
);

export default function AdminStaff() {
  const { me, staff, removing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  // Only the answer to the page's last submission: after any other action the row's error is gone.
  const roleResult =
    actionData?.intent === "role"
      ? { username: actionData.username, result: actionData.result, id: actionData.id }
      : null;
  // A refused removal keeps its confirmation open with the reason.
  const removeFor = actionData?.intent === "remove" ? actionData.username : removing;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Staff ({staff.length})</h1>
      {removeFor ? (
        <RemoveConfirmation
          key={removeFor}
          username={removeFor}
          lastResult={actionData?.intent === "remove" ? actionData.result : undefined}
        />
      ) : null}
      <StaffList staff={staff} me={me} roleResult={roleResult} />
      {/* A new form once a member is added: the typed name and password are not kept. */}
      <AddStaffForm
        key={staff.length}
        lastResult={actionData?.intent === "add" ? actionData.result : undefined}
        pending={adding}
      />
    </div>
  );
}
