import { Form } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";

/**
 * The Pricing section of `/admin/settings`: one checkbox, so a plain form (it cannot be invalid).
 * Without JavaScript it posts and the page comes back with the saved value.
 */
export function PricingSettingsForm({ inventOldPrice, pending }: { inventOldPrice: boolean; pending: boolean }) {
  return (
    <section aria-labelledby="pricing-heading" className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="pricing-heading" className="text-lg font-bold">
        Pricing
      </h2>
      <Form method="post" className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="pricing" />
        <div className="flex min-h-11 items-start gap-3 text-sm">
          <input
            id="invent-old-price"
            type="checkbox"
            name="inventOldPrice"
            defaultChecked={inventOldPrice}
            aria-describedby="invent-old-price-help"
            className="mt-0.5 size-5 shrink-0"
          />
          <div>
            <label htmlFor="invent-old-price" className="font-medium text-slate-900">
              Show an old price of 1.2 × the price on products without a price new
            </label>
            <p id="invent-old-price-help" className="text-slate-600">
              Off: only a price new you entered is shown struck through, with its saving. On: every product without one
              shows a made-up reference price and a discount badge.
            </p>
          </div>
        </div>
        <div>
          <Button type="submit" pending={pending}>
            Save pricing
          </Button>
        </div>
      </Form>
    </section>
  );
}
