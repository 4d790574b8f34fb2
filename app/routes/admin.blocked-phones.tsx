import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { BlockedPhonesSection } from "~/orders/components/blocked-phones.tsx";
import {
  blockPhone,
  listBlockedPhones,
  PhoneNotBlocked,
  toApiBlockedPhone,
  unblockPhone,
} from "~/orders/customers.server.ts";
import { blockPhoneSchema, unblockPhoneSchema } from "~/orders/return-schema.ts";
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

const blockedPhonesAction = z.discriminatedUnion("intent", [
  blockPhoneSchema.extend({ intent: z.literal("block") }),
  unblockPhoneSchema.extend({ intent: z.literal("unblock") }),
]);

/** POST: 'Block this number' (the form back with its errors when refused) or a row's 'Unblock'. */
export const action = adminAction(
  "/admin/blocked-phones",
  async ({ request, context, actor, parse }) => {
    const submission = parse(await request.formData(), blockedPhonesAction);
    if (submission.status !== "success") {
      if (submission.payload.intent === "block") return data({ result: submission.reply() }, { status: 400 });
      return redirectWithToast(PAGE, { type: "danger", message: "Choose a number to unblock" }, context.cookies);
    }
    const input = submission.value;
    if (input.intent === "block") {
      blockPhone(context.db, input, actor);
      return redirectWithToast(PAGE, { type: "success", message: "Phone number blocked" }, context.cookies);
    }
    try {
      unblockPhone(context.db, input.phone, actor);
    } catch (error) {
      if (!(error instanceof PhoneNotBlocked)) throw error;
      return redirectWithToast(PAGE, { type: "danger", message: error.message }, context.cookies);
    }
    return redirectWithToast(PAGE, { type: "success", message: "Phone number unblocked" }, context.cookies);
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
