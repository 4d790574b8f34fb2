import { useActionData, useFetcher } from "@remix-run/react";
import type { StockAlertFormView, StockAlertReply } from "~/catalogue/views.ts";

// Short on purpose: every product page downloads this, in stock or not (the 105 KB budget).
const label = "text-sm font-semibold";
const input = "mt-1 block min-h-11 w-full rounded-md border px-3 font-normal";

/**
 * 'Tell me when it's back' on a sold-out product or size: a plain POST to the product page (its
 * action answers on the page itself without JavaScript); with JavaScript a fetcher, so the page
 * stays where it is. Uncontrolled fields: what was typed before the scripts arrived stays. Its
 * words come with the page's data (stock-alert-words.server.ts), not in the page's JavaScript.
 * The fetcher is keyed by product: another product's page starts without this one's answer.
 */
export function StockAlertForm({ form: { productId, sizes, size, words } }: { form: StockAlertFormView }) {
  const fetcher = useFetcher<StockAlertReply>({ key: String(productId) });
  const pageReply = useActionData<StockAlertReply>();
  const reply = fetcher.data ?? pageReply;
  const saved = reply && "saved" in reply;
  return (
    <section aria-labelledby="stock-alert" className="grid gap-3 rounded-card border p-4">
      <h2 id="stock-alert" className="font-semibold">
        {words.heading}
      </h2>
      {reply ? (
        <p role={saved ? "status" : "alert"} className={saved ? "text-success-700" : "text-danger-700"}>
          {saved ? reply.message : reply.error}
        </p>
      ) : null}
      {saved ? null : (
        <fetcher.Form method="post" className="grid gap-3">
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
            <input type="tel" name="phone" autoComplete="tel" className={input} />
          </label>
          <button type="submit" className={`${input} bg-brand-700 text-white`}>
            {words.heading}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
