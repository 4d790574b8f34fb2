import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { DiscountForm } from "~/discounts/components/discount-form.tsx";
import { DiscountList } from "~/discounts/components/discount-list.tsx";
import { adminAction } from "~/staff/admin-action.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { discountSchema, type DiscountEdit } from "~/discounts/discount-schema.ts";
import {
  createDiscount,
  DiscountCodeTaken,
  DiscountNotFound,
  editDiscount,
  findDiscount,
  listDiscounts,
  toDiscountView,
} from "~/discounts/discounts.server.ts";

export const meta: MetaFunction = () => [
  { title: "Discounts | OpenBox Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/discounts");
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  const editing = Number.isSafeInteger(editId) && editId > 0 ? findDiscount(context.db, editId) : undefined;
  return {
    discounts: listDiscounts(context.db).map(toDiscountView),
    editing: editing ? toDiscountView(editing) : null,
  };
}

const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The list's Switch off / Switch on buttons. */
const switchForm = z.object({ id: idField, active: z.enum(["on", "off"]) });

const BACK = "/admin/discounts";

export const action = adminAction(
  "/admin/discounts",
  async ({ request, context, actor, parse }) => {
    const formData = await request.formData();
    if (formData.get("intent") === "switch") {
      const parsed = switchForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success)
        return redirectWithToast(BACK, { type: "danger", message: "Unknown discount code" }, context.cookies);
      try {
        const switched = editDiscount(context.db, parsed.data.id, { active: parsed.data.active === "on" }, actor);
        const message = `${switched.code} is ${switched.active ? "on" : "off"}`;
        return redirectWithToast(BACK, { type: "success", message }, context.cookies);
      } catch (error) {
        if (!(error instanceof DiscountNotFound)) throw error;
        return redirectWithToast(BACK, { type: "danger", message: error.message }, context.cookies);
      }
    }

    const submission = parse(formData, discountSchema);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const value = submission.value;
    // The page sends every field: one left empty clears it, an unticked box is off.
    const input: Required<DiscountEdit> = {
      code: value.code,
      percent: value.percent ?? null,
      amount: value.amount ?? null,
      minSubtotal: value.minSubtotal ?? null,
      startsAt: value.startsAt ?? null,
      endsAt: value.endsAt ?? null,
      maxUses: value.maxUses ?? null,
      oncePerPhone: value.oncePerPhone ?? false,
      active: value.active ?? false,
    };
    const id = idField.safeParse(formData.get("id"));
    try {
      const saved = id.success
        ? editDiscount(context.db, id.data, input, actor)
        : createDiscount(context.db, { ...input, code: value.code }, actor);
      return redirectWithToast(
        BACK,
        { type: "success", message: `Discount code ${saved.code} saved` },
        context.cookies,
      );
    } catch (error) {
      if (error instanceof DiscountCodeTaken)
        return data(submission.reply({ fieldErrors: { code: ["This code is already taken."] } }), { status: 409 });
      if (error instanceof DiscountNotFound)
        return data(submission.reply({ formErrors: [error.message] }), { status: 404 });
      throw error;
    }
  },
  (unavailable, submission, { context }: ActionFunctionArgs) => {
    if (submission)
      return data(submission.reply({ formErrors: [unavailable.message] }), {
        status: 503,
        headers: unavailable.headers,
      });
    return redirectWithToast(
      BACK,
      { type: "danger", message: `Error saving the discount code: ${unavailable.message}` },
      context.cookies,
    );
  },
);

export default function AdminDiscounts() {
  const { discounts, editing } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Discounts</h1>
      <DiscountList discounts={discounts} />
      {/* A new key after each save (an edit ends, a code is added), so the form starts empty again. */}
      <DiscountForm
        key={editing ? `edit-${editing.id}` : `new-${discounts.length}`}
        editing={editing}
        lastResult={lastResult}
        pending={saving}
      />
    </div>
  );
}
