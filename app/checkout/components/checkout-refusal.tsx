import { useLingui } from "@lingui/react/macro";
import { useRouteLoaderData } from "@remix-run/react";
import { FormErrors } from "~/ui/field.tsx";
import { ReachTheShop } from "~/settings/components/reach-the-shop.tsx";
import { DEFAULT_PAGE_SHOP_DETAILS, type PageShopDetails } from "~/settings/shop-details.ts";

/**
 * The checkout's form-level refusal, brought into view by FormErrors. A blocked phone (403) and
 * the rate limits (429) ask the shopper to call: the action's answer says `callShop`, and the shop's
 * number (the root's shop details) shows beside.
 */
export function CheckoutRefusal({ id, errors, answer }: { id: string; errors?: string[]; answer: unknown }) {
  const { t } = useLingui();
  const callShop = typeof answer === "object" && answer !== null && "callShop" in answer && answer.callShop === true;
  const root = useRouteLoaderData("root") as { shopDetails?: PageShopDetails } | undefined;
  return (
    <FormErrors id={id} errors={errors} className="rounded-card p-4">
      {callShop ? (
        <div className="mt-2">
          <ReachTheShop details={root?.shopDetails ?? DEFAULT_PAGE_SHOP_DETAILS}>{t`Call us on`}</ReachTheShop>
        </div>
      ) : null}
    </FormErrors>
  );
}
