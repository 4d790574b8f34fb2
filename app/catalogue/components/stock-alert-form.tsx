import { Trans, useLingui } from "@lingui/react/macro";
import { useActionData, useFetcher } from "@remix-run/react";
import type { StockAlertReply } from "~/catalogue/views.ts";

const input = "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base";

/**
 * 'Tell me when it's back' on a sold-out product or size: a plain POST to the product page (its
 * action answers on the page itself without JavaScript); with JavaScript a fetcher, so the page
 * stays where it is. The fields are uncontrolled: what a shopper typed before the scripts arrived
 * stays. `sizes`: the sold-out sizes to choose from (none: the whole product).
 */
export function StockAlertForm({
  productId,
  sizes,
  selectedSize,
}: {
  productId: number;
  sizes: string[];
  selectedSize: string | null;
}) {
  const fetcher = useFetcher<StockAlertReply>({ key: `stock-alert-${productId}` });
  const pageReply = useActionData<StockAlertReply>();
  const reply = fetcher.data ?? pageReply;
  const { t } = useLingui();
  const invalid = (field: string) => (reply && "field" in reply && reply.field === field ? true : undefined);
  return (
    <section aria-labelledby="stock-alert-heading" className="rounded-card border border-slate-200 bg-slate-50 p-4">
      <h2 id="stock-alert-heading" className="text-base font-semibold text-slate-900">
        <Trans>Tell me when it's back</Trans>
      </h2>
      {reply && "saved" in reply ? (
        <p role="status" className="mt-2 font-medium text-success-700">
          {reply.message}
        </p>
      ) : (
        <fetcher.Form method="post" className="mt-2 flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            <Trans>Leave an email or a phone number (one of them) and we will tell you when it is back.</Trans>
          </p>
          {sizes.length ? (
            <label className="text-sm font-semibold text-slate-800">
              <Trans>Size</Trans>
              <select
                name="size"
                required
                defaultValue={selectedSize && sizes.includes(selectedSize) ? selectedSize : sizes[0]}
                aria-invalid={invalid("size")}
                className={`${input} mt-1 font-normal`}
              >
                {sizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="text-sm font-semibold text-slate-800">
            <Trans>Email</Trans>
            <input
              type="email"
              name="email"
              autoComplete="email"
              maxLength={254}
              aria-invalid={invalid("email")}
              className={`${input} mt-1 font-normal`}
            />
          </label>
          <label className="text-sm font-semibold text-slate-800">
            <Trans>or phone number (WhatsApp)</Trans>
            <input
              type="tel"
              name="phone"
              autoComplete="tel"
              inputMode="tel"
              maxLength={40}
              dir="ltr"
              placeholder="03 123 456"
              aria-invalid={invalid("phone")}
              className={`${input} mt-1 font-normal`}
            />
          </label>
          {reply && "error" in reply ? (
            <p role="alert" className="border-s-4 border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700">
              {reply.error}
            </p>
          ) : null}
          <button
            type="submit"
            aria-disabled={fetcher.state !== "idle" || undefined}
            className="min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 sm:self-start"
          >
            {fetcher.state !== "idle" ? t`Sending…` : t`Tell me when it's back`}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
