import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DeliverySettingsForm } from "~/settings/components/delivery-settings-form.tsx";
import { PricingSettingsForm } from "~/settings/components/pricing-settings-form.tsx";
import { ShopDetailsForm } from "~/settings/components/shop-details-form.tsx";
import { actorFor } from "~/overview/activity.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { deliverySettingsSchema, pricingSettingsSchema, shopDetailsSchema } from "~/settings/settings-schema.ts";
import {
  readDeliverySettings,
  readPricingSettings,
  readShopDetails,
  saveDeliverySettings,
  savePricingSettings,
  saveShopDetails,
} from "~/settings/settings.server.ts";

export const meta: MetaFunction = () => [{ title: "Settings | OpenBox Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return {
    delivery: readDeliverySettings(context.db),
    shopDetails: readShopDetails(context.db),
    pricing: readPricingSettings(context.db),
  };
}

/** Two forms on one page, told apart by `intent`; each has its one schema, shared with Conform in the browser. */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = actorFor(await requireAdmin(request, context), context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "delivery") {
    const submission = parseWithZod(formData, { schema: deliverySettingsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    saveDeliverySettings(context.db, submission.value, actor);
    return redirectWithToast(
      "/admin/settings",
      { type: "success", message: "Delivery settings saved" },
      context.cookies,
    );
  }
  if (intent === "shop") {
    const submission = parseWithZod(formData, { schema: shopDetailsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    saveShopDetails(context.db, submission.value, actor);
    return redirectWithToast("/admin/settings", { type: "success", message: "Shop details saved" }, context.cookies);
  }
  if (intent === "pricing") {
    const submission = parseWithZod(formData, { schema: pricingSettingsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    savePricingSettings(context.db, submission.value, actor);
    return redirectWithToast("/admin/settings", { type: "success", message: "Pricing saved" }, context.cookies);
  }
  return redirectWithToast("/admin/settings", { type: "danger", message: "Unknown settings form" }, context.cookies);
}

export default function AdminSettings() {
  const { delivery, shopDetails, pricing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formAction === "/admin/settings"
      ? navigation.formData?.get("intent")
      : null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Settings</h1>
      <DeliverySettingsForm
        feesCents={delivery.feesCents}
        freeDeliveryFromCents={delivery.freeDeliveryFromCents}
        lastResult={actionData?.intent === "delivery" ? actionData.result : undefined}
        pending={saving === "delivery"}
      />
      <ShopDetailsForm
        details={shopDetails}
        lastResult={actionData?.intent === "shop" ? actionData.result : undefined}
        pending={saving === "shop"}
      />
      <PricingSettingsForm inventOldPrice={pricing.inventOldPrice} pending={saving === "pricing"} />
    </div>
  );
}
