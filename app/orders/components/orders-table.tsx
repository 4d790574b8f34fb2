import type { MouseEvent } from "react";
import { Form, Link, useNavigate } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { formatMoney } from "~/utils/money.ts";
import { telHref } from "~/utils/phone.ts";
import { formatPhone } from "~/utils/phone-number.ts";
import { isAwaitingConfirmation, NEXT_STATUS_LABEL, nextStatus } from "~/orders/order-status.ts";
import { type OrderListRow, ReturnedBeforeMarker } from "./order-cards.tsx";
import { askBeforeShipping, ShipAnywayField } from "./ship-step.tsx";
import { formatOrderTime } from "~/orders/order-desk.ts";
import { OrderStatusBadge } from "./order-status-badge.tsx";

/**
 * The Actions column stays at the table's end edge, in view, even when a long row makes the
 * table scroll sideways (the columns before it are kept narrow enough to fit 1280 px without).
 */
const ACTIONS_COLUMN = "sticky end-0 z-10 px-1.5 py-1 shadow-[-1px_0_0_var(--color-slate-200)]";

/** The date, then the time: the line may break between them, never inside either. */
function OrderTime({ iso }: { iso: string }) {
  const [date, time] = formatOrderTime(iso).split(", ");
  return (
    <>
      <span className="whitespace-nowrap">{date}</span>
      {time ? (
        <>
          , <span className="whitespace-nowrap">{time}</span>
        </>
      ) : null}
    </>
  );
}

/** The address is cut at 50 characters in the list. */
function truncate(text: string, length = 50) {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

type OrdersTableProps = {
  orders: OrderListRow[];
  /** The active orders (or those to confirm): each row has its next-status button. */
  active: boolean;
  search: string;
  /** The order's dialog, the list's query kept. */
  detailsHref: (publicId: string) => string;
};

/** The orders list from md up: one row per order, its checkbox for the slips form, or a line when none match. */
export function OrdersTable({ orders, active, search, detailsHref }: OrdersTableProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // With JavaScript a click anywhere on a row opens its details; the '#id' link stays for the
  // keyboard and for browsers without JavaScript. The row's own controls and a text selection win.
  const openFromRow = (event: MouseEvent<HTMLTableRowElement>, publicId: string) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if ((event.target as HTMLElement).closest("a, button, input, select, textarea, label, form")) return;
    if (window.getSelection()?.toString()) return;
    navigate(detailsHref(publicId), { preventScrollReset: true });
  };
  return (
    <div
      className={`relative max-h-[600px] overflow-auto rounded-card border border-slate-200 bg-white ${orders.length > 0 ? "hidden md:block" : ""}`}
    >
      {orders.length === 0 ? (
        <p className="p-6 text-center text-slate-600">
          {search ? `No orders found matching "${search}"` : "No orders found"}
        </p>
      ) : (
        <table className="w-full min-w-[56rem] text-left text-sm">
          <thead className="sticky top-0 z-20 bg-slate-100 text-xs font-semibold text-slate-700">
            <tr>
              <th scope="col" className="px-1.5 py-2">
                <span className="sr-only">Select for slips</span>
              </th>
              <th scope="col" className="px-1.5 py-2">
                Order ID
              </th>
              <th scope="col" className="px-1.5 py-2">
                Date
              </th>
              <th scope="col" className="px-1.5 py-2">
                Customer
              </th>
              <th scope="col" className="px-1.5 py-2">
                Phone
              </th>
              <th scope="col" className="px-1.5 py-2">
                City / Governorate
              </th>
              <th scope="col" className="px-1.5 py-2">
                Total Price
              </th>
              <th scope="col" className="px-1.5 py-2">
                Status
              </th>
              <th scope="col" className="px-1.5 py-2">
                Address
              </th>
              {active ? (
                <th scope="col" className={`${ACTIONS_COLUMN} bg-slate-100`}>
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((order) => (
              <tr
                key={order.publicId}
                data-testid="admin-order-row"
                onClick={(event) => openFromRow(event, order.publicId)}
                className={`group hover:bg-slate-50 ${hydrated ? "cursor-pointer" : ""}`}
              >
                <td className="px-1 py-0">
                  <label className="inline-flex size-11 cursor-pointer items-center justify-center">
                    <input
                      type="checkbox"
                      name="id"
                      value={order.publicId}
                      form="order-slips"
                      className="size-5"
                      aria-label={`Select order #${order.orderNumber} for slips`}
                    />
                  </label>
                </td>
                <td className="px-1.5 py-1">
                  <Link
                    to={detailsHref(order.publicId)}
                    preventScrollReset
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                    aria-label={`Order #${order.orderNumber} details`}
                  >
                    #{order.orderNumber}
                  </Link>
                </td>
                <td className="px-1.5 py-1 text-slate-700">
                  <OrderTime iso={order.createdAt} />
                </td>
                <td className="px-1.5 py-1">
                  {/* The spaces let the markers go onto a line of their own: the column stays narrow. */}
                  <span dir="auto">{order.customerName}</span> <ReturnedBeforeMarker show={order.returnedBefore} />{" "}
                  {isAwaitingConfirmation(order) ? (
                    <span className="whitespace-nowrap rounded-full bg-info-50 px-1.5 text-xs font-semibold text-info-700">
                      to confirm
                    </span>
                  ) : null}
                </td>
                <td className="tabular px-1.5 py-1">
                  <a
                    href={telHref(order.phone)}
                    className="whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
                  >
                    {formatPhone(order.phone)}
                  </a>
                </td>
                <td className="px-1.5 py-1">
                  <span dir="auto">{order.city}</span>
                  <span className="block text-xs text-slate-600">{order.governorate}</span>
                </td>
                <td className="tabular px-1.5 py-1">
                  {formatMoney(order.totalCents)}
                  <span className="block whitespace-nowrap text-xs text-slate-600">
                    {order.itemCount === 1 ? "1 item" : `${order.itemCount} items`}
                  </span>
                </td>
                <td className="px-1.5 py-1">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-1.5 py-1">
                  {/* Two lines at most, in the address's own direction; the dialog shows all of it. */}
                  <div
                    dir="auto"
                    title={order.address}
                    data-testid="order-address"
                    className="line-clamp-2 min-w-28 max-w-56 wrap-anywhere"
                  >
                    {truncate(order.address)}
                  </div>
                </td>
                {active ? (
                  <td className={`${ACTIONS_COLUMN} bg-white group-hover:bg-slate-50`}>
                    {NEXT_STATUS_LABEL[order.status] ? (
                      <Form method="post" action={detailsHref(order.publicId)} onSubmit={askBeforeShipping(order)}>
                        <input type="hidden" name="status" value={nextStatus(order.status)} />
                        <ShipAnywayField />
                        <Button
                          type="submit"
                          name="intent"
                          value="advance"
                          size="sm"
                          className="min-h-11 whitespace-nowrap"
                          aria-label={`${NEXT_STATUS_LABEL[order.status]}: order #${order.orderNumber}`}
                        >
                          {NEXT_STATUS_LABEL[order.status]}
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
