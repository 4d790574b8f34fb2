import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { DeliverySettingsForm } from "~/settings/components/delivery-settings-form.tsx";
import { LiraSettingsForm } from "~/settings/components/lira-settings-form.tsx";
import { PricingSettingsForm } from "~/settings/components/pricing-settings-form.tsx";
import { ReturnSettingsForm } from "~/settings/components/return-settings-form.tsx";
import { ShopDetailsForm } from "~/settings/components/shop-details-form.tsx";
import { adminAction } from "~/staff/admin-action.server.ts";
import { BlockedPhonesSection } from "~/orders/components/blocked-phones.tsx";
import { changeBlockedPhone, listBlockedPhones, toApiBlockedPhone } from "~/orders/customers.server.ts";
import { blockedPhoneIntentSchema, UNBLOCK_REFUSED } from "~/orders/return-schema.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import {
  deliverySettingsSchema,
  liraSettingsSchema,
  pricingSettingsSchema,
  returnSettingsSchema,
  shopDetailsSchema,
} from "~/settings/settings-schema.ts";
import {
  readDeliverySettings,
  readLiraSettings,
  readPricingSettings,
  readReturnSettings,
  readShopDetails,
  saveDeliverySettings,
  saveLiraSettings,
  savePricingSettings,
  saveReturnSettings,
  saveShopDetails,
} from "~/settings/settings.server.ts";

export const meta: MetaFunction = () => [{ title: "Settings | OpenBox Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/settings");
  return {
    delivery: readDeliverySettings(context.db),
    shopDetails: readShopDetails(context.db),
    pricing: readPricingSettings(context.db),
    lira: readLiraSettings(context.db),
    returns: readReturnSettings(context.db),
    blocked: listBlockedPhones(context.db).map(toApiBlockedPhone),
  };
}

/** The page's three forms, told apart by `intent`; each is its one schema, shared with Conform in the browser. */
const settingsAction = z.discriminatedUnion("intent", [
  deliverySettingsSchema.extend({ intent: z.literal("delivery") }),
  shopDetailsSchema.extend({ intent: z.literal("shop") }),
  pricingSettingsSchema.extend({ intent: z.literal("pricing") }),
  liraSettingsSchema.extend({ intent: z.literal("lira") }),
  returnSettingsSchema.extend({ intent: z.literal("returns") }),
  ...blockedPhoneIntentSchema.options,
]);

/** The forms that show what was refused beside what was typed; Pricing is one checkbox and says it in a toast. */
function typedForm(intent: unknown) {
  return intent === "delivery" || intent === "shop" || intent === "lira" || intent === "returns" || intent === "block"
    ? intent
    : null;
}

const SAVED = {
  delivery: "Delivery settings saved",
  shop: "Shop details saved",
  pricing: "Pricing saved",
  lira: "Lira rate saved",
  returns: "Return window saved",
} as const;

export const action = adminAction(
  "/admin/settings",
  async ({ request, context, actor, parse }) => {
    const submission = parse(await request.formData(), settingsAction);
    if (submission.status !== "success") {
      const intent = submission.payload.intent;
      if (intent === "unblock")
        return redirectWithToast("/admin/settings", { type: "danger", message: UNBLOCK_REFUSED }, context.cookies);
      if (
        intent !== "delivery" &&
        intent !== "shop" &&
        intent !== "pricing" &&
        intent !== "lira" &&
        intent !== "returns" &&
        intent !== "block"
      )
        return redirectWithToast(
          "/admin/settings",
          { type: "danger", message: "Unknown settings form" },
          context.cookies,
        );
      return data({ intent, result: submission.reply() }, { status: 400 });
    }
    const input = submission.value;
    // Blocked numbers: the same model and words as the order desk's own page.
    if (input.intent === "block" || input.intent === "unblock")
      return redirectWithToast("/admin/settings", changeBlockedPhone(context.db, input, actor), context.cookies);
    if (input.intent === "delivery") saveDeliverySettings(context.db, input, actor);
    else if (input.intent === "shop") saveShopDetails(context.db, input, actor);
    else if (input.intent === "lira") saveLiraSettings(context.db, input, actor);
    else if (input.intent === "returns") saveReturnSettings(context.db, input, actor);
    else savePricingSettings(context.db, input, actor);
    return redirectWithToast("/admin/settings", { type: "success", message: SAVED[input.intent] }, context.cookies);
  },
  (unavailable, submission, { context }: ActionFunctionArgs) => {
    const intent = typedForm(submission?.payload.intent);
    if (submission && intent)
      return data(
        { intent, result: submission.reply({ formErrors: [unavailable.message] }) },
        { status: 503, headers: unavailable.headers },
      );
    return redirectWithToast(
      "/admin/settings",
      { type: "danger", message: `Error saving settings: ${unavailable.message}` },
      context.cookies,
    );
  },
);

export default function AdminSettings() {
  const { delivery, shopDetails, pricing, lira, returns, blocked } = useLoaderData<typeof loader>();
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
      {/* A new rate remounts the form, so it shows the rate as stored ("89,500" typed reads 89500). */}
      <LiraSettingsForm
        key={lira.lbpRate ?? "off"}
        lbpRate={lira.lbpRate}
        lastResult={actionData?.intent === "lira" ? actionData.result : undefined}
        pending={saving === "lira"}
      />
      <ReturnSettingsForm
        key={returns.returnDays}
        returnDays={returns.returnDays}
        lastResult={actionData?.intent === "returns" ? actionData.result : undefined}
        pending={saving === "returns"}
      />
      <PricingSettingsForm inventOldPrice={pricing.inventOldPrice} pending={saving === "pricing"} />
      <BlockedPhonesSection
        blocked={blocked}
        blockResult={actionData?.intent === "block" ? actionData.result : undefined}
        formAction="/admin/settings"
      />
    </div>
  );
}
