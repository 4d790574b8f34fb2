import { Link } from "@remix-run/react";
import { buttonClass } from "~/ui/button.tsx";
import { formatMoney } from "~/utils/money.ts";
import { Lira } from "~/ui/lira.tsx";
import { formatPhone } from "~/utils/phone-number.ts";
import { SHOP_NAME } from "~/catalogue/options.ts";
import { formatOrderTime } from "~/orders/order-desk.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import type { DeliverySlip } from "~/orders/views.ts";

export type Paper = "a5" | "phone";

/** A slip as the page receives it: the loader sends its date as a string. */
export type SlipView = Omit<DeliverySlip, "createdAt"> & { createdAt: string };

/** A5 for the printer; a narrow tall page for a PDF the driver opens on a phone. */
const PAGE_SIZE: Record<Paper, string> = { a5: "A5 portrait", phone: "90mm 160mm" };

/**
 * Print only the slips: the shop's header, footer and toasts, and the toolbar, stay on screen.
 * Margins are zero (the slip pads itself) so the browser has no room for its own date, title and
 * URL lines; each slip ends its page.
 */
function printStyles(paper: Paper) {
  return `
@page { size: ${PAGE_SIZE[paper]}; margin: 0; }
@media print {
  body > :not(main) { display: none !important; }
  html, body { background: #fff !important; min-height: 0 !important; height: auto !important; display: block !important; }
  main { padding: 0 !important; max-width: none !important; }
  [data-slip-toolbar] { display: none !important; }
  [data-slip] { border: 0 !important; border-radius: 0 !important; box-shadow: none !important; margin: 0 !important; break-after: page; break-inside: avoid; }
  [data-slip]:last-child { break-after: auto; }
}`;
}

/**
 * Street, building, city and governorate, without the parts the full address already holds
 * (shoppers often type the street and building there too): the address reads once.
 */
function addressLine(slip: Pick<SlipView, "street" | "building" | "city" | "governorate" | "address">) {
  const full = slip.address.toLocaleLowerCase();
  const parts = [slip.street, slip.building, slip.city, slip.governorate].map((part) => part.trim());
  return parts
    .filter((part, index) => part !== "" && parts.indexOf(part) === index && !full.includes(part.toLocaleLowerCase()))
    .join(", ");
}

function Slip({ slip, paper }: { slip: SlipView; paper: Paper }) {
  const small = paper === "phone";
  return (
    <article
      data-slip
      aria-label={`Delivery slip for order #${slip.orderNumber}`}
      className={`mx-auto w-full rounded-card border border-dashed border-slate-400 bg-white text-slate-900 ${small ? "max-w-[90mm] p-[5mm] text-[11px]" : "max-w-[148mm] p-[10mm] text-sm"}`}
    >
      <header className="flex items-start justify-between gap-3 border-b border-slate-300 pb-2">
        <div>
          <p className={`font-bold ${small ? "text-sm" : "text-lg"}`}>{SHOP_NAME}</p>
          <p className="tabular">{slip.shopPhone}</p>
        </div>
        <div className="text-right">
          <p className={`font-bold ${small ? "text-sm" : "text-lg"}`}>Order #{slip.orderNumber}</p>
          <p>{formatOrderTime(slip.createdAt)}</p>
        </div>
      </header>
      <section className="mt-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Deliver to</h2>
        <p dir="auto" className={`font-bold ${small ? "text-sm" : "text-base"}`}>
          {slip.customerName}
        </p>
        <p className={`tabular font-semibold ${small ? "text-sm" : "text-base"}`}>{formatPhone(slip.phone)}</p>
        <p dir="auto">{addressLine(slip)}</p>
        <p dir="auto" className="whitespace-pre-wrap break-words">
          {slip.address}
        </p>
        {slip.driverNote ? (
          <p dir="auto" data-testid="slip-driver-note" className="mt-1 whitespace-pre-wrap break-words">
            <span className="font-semibold">Note for the driver: </span>
            {slip.driverNote}
          </p>
        ) : null}
      </section>
      <table className="mt-2 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-slate-300 text-xs uppercase text-slate-600">
            <th scope="col" className="py-1">
              Item
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Qty
            </th>
            <th scope="col" className="py-1 text-right">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.items.map((item, index) => (
            <tr key={index} className="border-b border-slate-200 align-top">
              <td dir="auto" className="py-1 pr-2">
                {item.title}
                {item.size ? <span className="text-slate-600"> · Size {item.size}</span> : null}
              </td>
              <td className="tabular py-1 pr-3 text-right">{item.quantity}</td>
              <td className="tabular py-1 text-right">{formatMoney(item.unitPriceCents * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="tabular mt-1 flex flex-col items-end">
        <div className="flex gap-3">
          <dt className="text-slate-600">Subtotal</dt>
          <dd>{formatMoney(slip.subtotalCents)}</dd>
        </div>
        {slip.couponCode ? (
          <div className="flex gap-3">
            <dt className="text-slate-600">{`Discount (${slip.couponCode})`}</dt>
            <dd data-testid="slip-discount">{`\u2212${formatMoney(slip.discountCents)}`}</dd>
          </div>
        ) : null}
        <div className="flex gap-3">
          <dt className="text-slate-600">Delivery Fee</dt>
          <dd>{formatMoney(slip.deliveryFeeCents)}</dd>
        </div>
      </dl>
      <div className="mt-3 rounded-md border-2 border-slate-900 p-2 text-center">
        <p className={`font-semibold uppercase tracking-wide ${small ? "text-xs" : "text-sm"}`}>Amount to collect</p>
        <p
          className={`tabular font-black leading-tight ${small ? "text-4xl" : "text-6xl"}`}
          data-testid="amount-to-collect"
        >
          {formatMoney(slip.amountToCollectCents)}
        </p>
        {slip.amountToCollectLbp === null ? null : (
          <p className={`tabular font-bold leading-tight ${small ? "text-xl" : "text-3xl"}`}>
            <Lira lbp={slip.amountToCollectLbp} data-testid="amount-to-collect-lbp" />
          </p>
        )}
        {slip.status === "canceled" || slip.status === "returned" ? (
          <p className="font-semibold">Order {slip.status}: do not deliver.</p>
        ) : null}
      </div>
    </article>
  );
}

/** The slips of one or more orders, one per printed page, with a toolbar shown only on screen. */
export function DeliverySlips({
  slips,
  paper,
  paperHref,
}: {
  slips: SlipView[];
  paper: Paper;
  paperHref: (paper: Paper) => string;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-6">
      {/* As raw CSS: a text child would be escaped (`body &gt; :not(main)`), which no browser reads as CSS
          before the page hydrates, and which then mismatches the client's render. */}
      <style dangerouslySetInnerHTML={{ __html: printStyles(paper) }} />
      <div data-slip-toolbar className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-2xl font-bold">
          {slips.length === 1 ? "Delivery slip" : `Delivery slips (${slips.length})`}
        </h1>
        <Link to="/admin/orders" className={buttonClass("secondary")}>
          Back to orders
        </Link>
        <Link to={paperHref(paper === "a5" ? "phone" : "a5")} className={buttonClass("secondary")}>
          {paper === "a5" ? "Phone-size PDF" : "A5 paper"}
        </Link>
        {hydrated ? (
          <button type="button" onClick={() => window.print()} className={buttonClass("primary")}>
            Print
          </button>
        ) : (
          <p className="text-sm text-slate-600">Print with your browser&apos;s Print command (Ctrl+P).</p>
        )}
      </div>
      {slips.length === 0 ? (
        <p className="text-slate-600" data-slip-toolbar>
          No orders selected. Tick the orders to print in the list, then press &apos;Print Slips for Selected&apos;.
        </p>
      ) : (
        slips.map((slip) => <Slip key={slip.publicId} slip={slip} paper={paper} />)
      )}
    </div>
  );
}
