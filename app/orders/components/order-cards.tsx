import { Form, Link } from "@remix-run/react";
import { formatMoney } from "~/utils/money.ts";
import { NEXT_STATUS_LABEL, nextStatus, type OrderStatus } from "~/orders/order-status.ts";
import { formatOrderTime } from "~/orders/order-desk.ts";
import { telHref } from "~/utils/phone.ts";
import { formatPhone } from "~/utils/phone-number.ts";
import { Button } from "~/ui/button.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import { askBeforeShipping, ShipAnywayField } from "./ship-step.tsx";

export type OrderListRow = {
  publicId: string;
  orderNumber: number;
  status: OrderStatus;
  customerName: string;
  phone: string;
  city: string;
  governorate: string;
  address: string;
  totalCents: number;
  itemCount: number;
  /** Another order from this phone came back: it was refused at the door and returned. */
  returnedBefore: boolean;
  createdAt: string;
  confirmedAt: string | null;
};

/** 'Returned before': the Orders list's warning that this phone has a returned order. */
export function ReturnedBeforeMarker({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span
      className="ml-1 whitespace-nowrap rounded-full bg-danger-50 px-1.5 text-xs font-semibold text-danger-700"
      data-testid="returned-before"
    >
      Returned before
    </span>
  );
}

/**
 * The orders list below md (768 px): one card per order, so the total and the next-status button
 * show without sideways scrolling on a phone. The wide screens' table is the same list.
 */
export function OrderCards({
  orders,
  active,
  detailsHref,
}: {
  orders: OrderListRow[];
  active: boolean;
  detailsHref: (publicId: string) => string;
}) {
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {orders.map((order) => {
        const nextLabel = active ? NEXT_STATUS_LABEL[order.status] : undefined;
        return (
          <li
            key={order.publicId}
            data-testid="admin-order-card"
            className="rounded-card border border-slate-200 bg-white p-3 text-sm shadow-card"
          >
            <div className="flex items-center justify-between gap-2">
              <Link
                to={detailsHref(order.publicId)}
                preventScrollReset
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-2 hover:underline"
                aria-label={`Order #${order.orderNumber} details`}
              >
                #{order.orderNumber}
              </Link>
              <OrderStatusBadge status={order.status} />
              <span className="tabular ml-auto text-base font-bold" data-testid="admin-order-card-total">
                {formatMoney(order.totalCents)}
              </span>
            </div>
            <p className="font-medium text-slate-900">
              <span dir="auto">{order.customerName}</span>
              <ReturnedBeforeMarker show={order.returnedBefore} />
            </p>
            <p className="text-slate-700">
              <a
                href={telHref(order.phone)}
                className="tabular inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2"
              >
                {formatPhone(order.phone)}
              </a>
              <span className="text-slate-500"> · </span>
              <span className="tabular">
                {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
              </span>
            </p>
            <p dir="auto" className="break-words text-slate-600">
              {order.city}, {order.governorate} · {order.address}
            </p>
            <p className="text-xs text-slate-600">{formatOrderTime(order.createdAt)}</p>
            {nextLabel ? (
              <Form
                method="post"
                action={detailsHref(order.publicId)}
                className="mt-2"
                onSubmit={askBeforeShipping(order)}
              >
                <input type="hidden" name="status" value={nextStatus(order.status)} />
                <ShipAnywayField />
                <Button
                  type="submit"
                  name="intent"
                  value="advance"
                  size="sm"
                  className="min-h-11 w-full"
                  aria-label={`${nextLabel}: order #${order.orderNumber}`}
                >
                  {nextLabel}
                </Button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
