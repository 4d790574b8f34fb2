import { Trans } from "@lingui/react/macro";
import { useFetcher } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { Button } from "~/ui/button.tsx";
import { EnhancedFlag } from "~/ui/enhanced-flag.tsx";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { formatMoney } from "~/utils/money.ts";
import type { CartActionAnswer, CartDiscount } from "~/cart/views.ts";

type Props = {
  /** The code in the cart as the loader checked it, or null. */
  discount: CartDiscount | null;
  /** Where a plain (JavaScript off) post lands again: the cart or the checkout. */
  returnTo: string;
  /** A refusal the order itself gave (the checkout: 'This code was already used with this phone number.'). */
  refusal?: string | null;
  /**
   * The checkout form's id: without JavaScript the field and its buttons join that form and post to
   * the checkout (`?discount=apply|remove`), so what the shopper typed there comes back with the code.
   */
  joinForm?: string;
};

/**
 * 'Discount code' on the cart and the checkout: a form posting to /cart that keeps the code with
 * the cart. Without JavaScript it is a plain POST that lands back here; with it, a fetcher, and the
 * page's loader checks the code again. Why a code does not apply is said beside the field.
 */
export function DiscountCodeForm({ discount, returnTo, refusal = null, joinForm }: Props) {
  const fetcher = useFetcher<CartActionAnswer>();
  // Before hydration (and so without JavaScript) the controls may belong to the checkout's form instead.
  const joined = useHydrated() ? undefined : joinForm;
  const to = useLocalePath();
  const joinProps = (step: "apply" | "remove") =>
    joined ? { form: joined, formAction: to(`/checkout?discount=${step}`), formNoValidate: true } : {};
  const busy = fetcher.state !== "idle";
  const message = busy || !discount ? null : (refusal ?? discount.message);
  const applied = discount && !message && discount.discountCents > 0 ? discount : null;
  return (
    <fetcher.Form
      method="post"
      action={to("/cart")}
      className="mt-4 border-t border-slate-200 pt-4"
      data-testid="discount-form"
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <EnhancedFlag />
      <label htmlFor="discount-code" className="mb-1 block text-sm font-medium text-slate-800">
        <Trans>Discount code</Trans>
      </label>
      <div className="flex gap-2">
        <input
          key={discount?.code ?? ""}
          id="discount-code"
          name="code"
          form={joined}
          defaultValue={discount?.code ?? ""}
          dir="ltr"
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={message || applied ? "discount-code-status" : undefined}
          className="block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base uppercase text-slate-900 aria-[invalid=true]:border-danger-700"
        />
        <Button
          type="submit"
          name="intent"
          value="discount"
          variant="secondary"
          pending={busy}
          className="shrink-0"
          {...joinProps("apply")}
        >
          <Trans>Apply</Trans>
        </Button>
      </div>
      {message ? (
        <p id="discount-code-status" role="alert" className="mt-1 text-sm text-danger-700" data-testid="discount-error">
          {message}
        </p>
      ) : applied ? (
        <p id="discount-code-status" className="mt-1 text-sm text-success-700">
          <AppliedCode code={applied.code} off={formatMoney(applied.discountCents)} />
        </p>
      ) : null}
      {discount ? (
        <button
          type="submit"
          name="intent"
          value="remove-discount"
          disabled={busy}
          {...joinProps("remove")}
          className="mt-1 min-h-11 rounded-md px-2 text-sm font-medium text-danger-700 hover:bg-danger-50"
        >
          <Trans>Remove code</Trans>
        </button>
      ) : null}
    </fetcher.Form>
  );
}

/** 'SPRING10 applied: $5.00 off.', the code and the amount kept left-to-right in Arabic. */
function AppliedCode({ code, off }: { code: string; off: string }) {
  return (
    <Trans>
      <bdi dir="ltr">{code}</bdi> applied: <bdi dir="ltr">{off}</bdi> off.
    </Trans>
  );
}
