import { Form, Link } from "@remix-run/react";
import { formatMoney } from "~/utils/money.ts";
import type { DiscountView } from "~/discounts/discount-schema.ts";

function off(discount: DiscountView) {
  return discount.percent !== null ? `${discount.percent}%` : formatMoney(discount.amountCents ?? 0);
}

function dates(discount: DiscountView) {
  if (!discount.startsOn && !discount.endsOn) return "Always";
  return `${discount.startsOn ?? "…"} to ${discount.endsOn ?? "…"}`;
}

/** The codes on /admin/discounts with their uses so far, each with Edit and Switch off / on. */
export function DiscountList({ discounts }: { discounts: DiscountView[] }) {
  if (discounts.length === 0)
    return (
      <p className="rounded-card border border-slate-200 bg-white p-4 text-sm text-slate-600">No discount codes yet.</p>
    );
  return (
    <div className="relative overflow-x-auto rounded-card border border-slate-200 bg-white">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Discount codes</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th className="px-3 py-2">Code</th>
            <th className="px-3 py-2">Off</th>
            <th className="px-3 py-2">Minimum</th>
            <th className="px-3 py-2">Dates (Beirut)</th>
            <th className="px-3 py-2">Uses so far</th>
            <th className="px-3 py-2">Status</th>
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {discounts.map((discount) => (
            <tr key={discount.id} data-testid="discount-row">
              <th scope="row" className="px-3 py-2 font-semibold">
                {discount.code}
                {discount.oncePerPhone ? (
                  <span className="block text-xs font-normal text-slate-600">once per phone</span>
                ) : null}
              </th>
              <td className="tabular px-3 py-2">{off(discount)}</td>
              <td className="tabular px-3 py-2">
                {discount.minSubtotalCents === null ? "—" : formatMoney(discount.minSubtotalCents)}
              </td>
              <td className="tabular px-3 py-2">{dates(discount)}</td>
              <td className="tabular px-3 py-2" data-testid="discount-uses">
                {discount.maxUses === null ? discount.uses : `${discount.uses} of ${discount.maxUses}`}
              </td>
              <td className="px-3 py-2">{discount.active ? "On" : "Off"}</td>
              <td className="px-3 py-2">
                <div className="flex items-center gap-2">
                  <Link
                    to={`/admin/discounts?edit=${discount.id}`}
                    className="min-h-11 content-center px-2 font-medium text-brand-700 hover:underline"
                    aria-label={`Edit ${discount.code}`}
                  >
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="switch" />
                    <input type="hidden" name="id" value={discount.id} />
                    <input type="hidden" name="active" value={discount.active ? "off" : "on"} />
                    <button
                      type="submit"
                      className="min-h-11 rounded-md px-2 font-medium text-slate-800 hover:bg-slate-100"
                      aria-label={`${discount.active ? "Switch off" : "Switch on"} ${discount.code}`}
                    >
                      {discount.active ? "Switch off" : "Switch on"}
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
