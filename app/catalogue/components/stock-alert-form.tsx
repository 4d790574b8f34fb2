import { useActionData, useFetcher } from "@remix-run/react";
import type { StockAlertFormView, StockAlertReply } from "~/catalogue/views.ts";

const label = "text-sm font-semibold";
const input = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 font-normal";

/**
 * 'Tell me when it's back' on a sold-out product or size: a plain POST to the product page (its
 * action answers on the page itself without JavaScript); with JavaScript a fetcher, so the page
 * stays where it is. Uncontrolled fields: what was typed before the scripts arrived stays. Its
 * words come with the page's data (stock-alert-words.server.ts), not in the page's JavaScript.
 */
export function StockAlertForm({ form: { productId, sizes, size, words } }: { form: StockAlertFormView }) {
  const fetcher = useFetcher<StockAlertReply>({ key: `stock-alert-${productId}` });
  const pageReply = useActionData<StockAlertReply>();
  const reply = fetcher.data ?? pageReply;
  return (
    <section aria-labelledby="stock-alert" className="rounded-card border border-slate-200 bg-slate-50 p-4">
      <h2 id="stock-alert" className="font-semibold">
        {words.heading}
      </h2>
      {reply && "saved" in reply ? (
        <p role="status" className="mt-2 font-medium text-success-700">
          {reply.message}
        </p>
      ) : (
        <fetcher.Form method="post" className="mt-2 flex flex-col gap-3">
          <p className="text-sm">{words.intro}</p>
          {sizes.length ? (
            <label className={label}>
              {words.size}
              <select name="size" required defaultValue={size ?? undefined} className={input}>
                {sizes.map((each) => (
                  <option key={each}>{each}</option>
                ))}
              </select>
            </label>
          ) : null}
          <label className={label}>
            {words.email}
            <input type="email" name="email" autoComplete="email" className={input} />
          </label>
          <label className={label}>
            {words.phone}
            <input type="tel" name="phone" autoComplete="tel" dir="ltr" placeholder="03 123 456" className={input} />
          </label>
          {reply ? (
            <p role="alert" className="border-s-4 border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700">
              {reply.error}
            </p>
          ) : null}
          <button
            type="submit"
            className="min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white sm:self-start"
          >
            {words.heading}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
