import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockedPhonesSection } from "~/orders/components/blocked-phones.tsx";
import { changeBlockedPhone, listBlockedPhones, toApiBlockedPhone } from "~/orders/customers.server.ts";
import { blockedPhoneIntentSchema, UNBLOCK_REFUSED } from "~/orders/return-schema.ts";
import { adminAction } from "~/staff/admin-action.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";

const PAGE = "/admin/blocked-phones";

export const meta: MetaFunction = () => [
  { title: "Blocked phones | OpenBox Admin" },
  { name: "robots", content: "noindex" },
];

/**
 * GET /admin/blocked-phones: the order desk's own list of blocked numbers (the Orders role has no
 * Settings page), the same list and forms as Settings shows the owner, on the same model.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/blocked-phones");
  return { blocked: listBlockedPhones(context.db).map(toApiBlockedPhone) };
}

/** POST: 'Block this number' (the form back with its errors when refused) or a row's 'Unblock'. */
export const action = adminAction(
  "/admin/blocked-phones",
  async ({ request, context, actor, parse }) => {
    const submission = parse(await request.formData(), blockedPhoneIntentSchema);
    if (submission.status !== "success") {
      if (submission.payload.intent === "block") return data({ result: submission.reply() }, { status: 400 });
      return redirectWithToast(PAGE, { type: "danger", message: UNBLOCK_REFUSED }, context.cookies);
    }
    return redirectWithToast(PAGE, changeBlockedPhone(context.db, submission.value, actor), context.cookies);
  },
  (unavailable, submission, { context }: ActionFunctionArgs) => {
    if (submission?.payload.intent === "block")
      return data(
        { result: submission.reply({ formErrors: [unavailable.message] }) },
        { status: 503, headers: unavailable.headers },
      );
    return redirectWithToast(PAGE, { type: "danger", message: unavailable.message }, context.cookies);
  },
);

export default function BlockedPhones() {
  const { blocked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Blocked phones</h1>
      <BlockedPhonesSection blocked={blocked} blockResult={actionData?.result} formAction={PAGE} />
    </div>
  );
}
