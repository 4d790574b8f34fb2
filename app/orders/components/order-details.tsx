import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/ui/button.tsx";
import { TextareaField } from "~/ui/field.tsx";
import { DRIVER_NOTE_MAX_LENGTH, driverNoteSchema } from "~/orders/order-note-schema.ts";
import { formatMoney } from "~/utils/money.ts";
import { formatOrderTime, LANGUAGE_LABEL } from "~/orders/order-desk.ts";
import {
  isAwaitingConfirmation,
  isCancellable,
  isReturnable,
  NEXT_STATUS_LABEL,
  nextStatus,
  type OrderLanguage,
  type OrderStatus,
} from "~/orders/order-status.ts";
import { ConfirmationPanel } from "./order-desk.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import { askBeforeShipping, ShipAnywayField, ShipConfirmStep } from "./ship-step.tsx";
import { formatPhone } from "~/utils/phone-number.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

/** The order as the dialog of /admin/orders shows it (app/orders/order-details.server.ts). */
export type OrderDetailsView = {
  publicId: string;
  orderNumber: number;
  status: OrderStatus;
  createdAt: string;
  confirmedAt: string | null;
  customerName: string;
  email: string;
  phone: string;
  governorate: string;
  city: string;
  street: string;
  building: string;
  address: string;
  /** The owner's note for the driver, printed on the delivery slip; null when none. */
  driverNote: string | null;
  /** The language the order was placed in: the shopper's emails and the WhatsApp text are in it. */
  language: OrderLanguage;
  latitude: number | null;
  longitude: number | null;
  subtotalCents: number;
  couponCode: string | null;
  discountCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  /** The shopper's tracking link (PUBLIC_URL), or null when the shop has no public address. */
  trackingUrl: string | null;
  /** The WhatsApp text for the shopper, in the order's language. */
  whatsAppText: string;
  items: { id: number; title: string; unitPriceCents: number; quantity: number; size: string | null }[];
};

function Detail({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div className="flex gap-2">
      <dt className="w-28 shrink-0 text-slate-600">{label}</dt>
      <dd dir="auto" className="min-w-0 wrap-anywhere font-medium">
        {value === null || value === "" ? "—" : value}
      </dd>
    </div>
  );
}

/** The customer, the order's number, date and status, and its confirmation with the customer. */
export function OrderCustomerAndSummary({ order, actionHref }: { order: OrderDetailsView; actionHref: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="customer-heading">
        <h3 id="customer-heading" className="mb-2 font-semibold">
          Customer
        </h3>
        <dl className="space-y-1 text-sm">
          <Detail label="Name" value={order.customerName} />
          <Detail label="Phone" value={formatPhone(order.phone)} />
          <Detail label="Email" value={order.email} />
          <Detail label="Governorate" value={order.governorate} />
          <Detail label="City" value={order.city} />
          <Detail label="Street" value={order.street} />
          <Detail label="Building" value={order.building} />
          <Detail label="Address" value={order.address} />
          {/* Only orders placed with a location have one: no empty rows for the others. */}
          {order.latitude !== null ? <Detail label="Latitude" value={order.latitude} /> : null}
          {order.longitude !== null ? <Detail label="Longitude" value={order.longitude} /> : null}
        </dl>
      </section>
      <section aria-labelledby="summary-heading">
        <h3 id="summary-heading" className="mb-2 font-semibold">
          Order Summary
        </h3>
        <dl className="space-y-1 text-sm">
          <Detail label="Order ID" value={`#${order.orderNumber}`} />
          <Detail label="Order date" value={formatOrderTime(order.createdAt)} />
          <Detail label="Language" value={LANGUAGE_LABEL[order.language]} />
          <div className="flex gap-2">
            <dt className="w-28 shrink-0 text-slate-600">Status</dt>
            <dd>
              <OrderStatusBadge status={order.status} />
            </dd>
          </div>
        </dl>
        <ConfirmationPanel
          order={order}
          confirmable={order.status === "processing" || order.status === "shipped"}
          actionHref={actionHref}
        />
      </section>
    </div>
  );
}

/**
 * 'Note for the driver': driverNoteSchema checks it in the browser (Conform) and again in the action;
 * saved empty, it clears the note. The dialog keys it by the saved note, so a save shows the new one.
 */
export function DriverNoteForm({
  driverNote,
  actionHref,
  lastResult,
}: {
  driverNote: string | null;
  actionHref: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "driverNote";
  const [form, fields] = useZodForm(driverNoteSchema, {
    id: "driver-note",
    lastResult,
    defaultValue: { driverNote: driverNote ?? "" },
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      action={actionHref}
      preventScrollReset
      {...getFormProps(form)}
      className="mt-4 flex flex-col gap-2"
    >
      <TextareaField
        label="Note for the driver"
        hint={`Printed on the delivery slip under the address (at most ${DRIVER_NOTE_MAX_LENGTH} characters). Save it empty to remove it.`}
        errors={fields.driverNote.errors}
        rows={2}
        dir="auto"
        {...getTextareaProps(fields.driverNote)}
        // The browser would stop a note over the limit without saying why; the schema says it.
        maxLength={undefined}
      />
      <Button
        type="submit"
        name="intent"
        value="driverNote"
        variant="secondary"
        className="self-start"
        pending={saving}
      >
        Save Note for the Driver
      </Button>
    </Form>
  );
}

/** The order's lines and its totals. */
export function OrderItems({ order }: { order: OrderDetailsView }) {
  const totalItems = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <>
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="bg-slate-100 text-xs uppercase text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2">
                Product
              </th>
              <th scope="col" className="px-2 py-2">
                Price
              </th>
              <th scope="col" className="px-2 py-2">
                Quantity
              </th>
              <th scope="col" className="px-2 py-2">
                Size
              </th>
              <th scope="col" className="px-2 py-2">
                Subtotal
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {order.items.map((item) => (
              <tr key={item.id}>
                <td className="px-2 py-1">{item.title}</td>
                <td className="tabular px-2 py-1">{formatMoney(item.unitPriceCents)}</td>
                <td className="tabular px-2 py-1">{item.quantity}</td>
                <td className="px-2 py-1">{item.size ?? "—"}</td>
                <td className="tabular px-2 py-1">{formatMoney(item.unitPriceCents * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="tabular mt-3 space-y-1 text-sm">
        <Detail label="Total Items" value={totalItems} />
        <Detail label="Subtotal" value={formatMoney(order.subtotalCents)} />
        {order.couponCode ? (
          <Detail label="Discount" value={`\u2212${formatMoney(order.discountCents)} (${order.couponCode})`} />
        ) : null}
        <Detail label="Delivery Fee" value={formatMoney(order.deliveryFeeCents)} />
        <Detail label="Order Total" value={formatMoney(order.totalCents)} />
      </dl>
    </>
  );
}

type OrderActionsProps = {
  order: OrderDetailsView;
  /** The dialog's own URL (the list's query kept), and the list's. */
  actionHref: string;
  listHref: string;
  /** The dialog was opened from the active orders: the order can still be cancelled or moved on. */
  activeView: boolean;
  /** '?confirm=cancel': the cancel button became its confirmation step. */
  confirmCancel: boolean;
  /** '?confirm=return': 'Mark as Returned' opened its step (the reason) above the footer. */
  confirmReturn: boolean;
  /** '?confirm=ship': 'Mark as Shipped' on an unconfirmed order asks first (without JavaScript). */
  confirmShip?: boolean;
  /** The role may read the activity log (the History link); the timeline above tells the same story. */
  showHistory?: boolean;
};

/** 'Cancel Order' (a link to its confirmation step, so it works without JavaScript) and the footer's buttons. */
export function OrderActions({
  order,
  actionHref,
  listHref,
  activeView,
  confirmCancel,
  confirmReturn,
  confirmShip = false,
  showHistory = true,
}: OrderActionsProps) {
  const cancellable = activeView && isCancellable(order.status);
  const nextLabel = NEXT_STATUS_LABEL[order.status];
  const withConfirm = (step: string) => `${actionHref}${actionHref.includes("?") ? "&" : "?"}confirm=${step}`;
  return (
    <>
      {confirmShip && activeView && isAwaitingConfirmation(order) ? (
        <ShipConfirmStep order={order} actionHref={actionHref} />
      ) : null}
      {confirmCancel && cancellable ? (
        <div
          role="alertdialog"
          aria-labelledby="cancel-heading"
          className="mt-4 rounded-md border-l-4 border-danger-700 bg-danger-50 p-3"
        >
          <p id="cancel-heading" className="font-semibold text-danger-700">
            Cancel order #{order.orderNumber}? Its items go back into stock.
          </p>
          <Form method="post" action={actionHref} className="mt-2 flex gap-2">
            <Button type="submit" name="intent" value="cancel" variant="danger">
              Yes, cancel the order
            </Button>
            <Link to={actionHref} replace preventScrollReset className={buttonClass("secondary")}>
              Keep the order
            </Link>
          </Form>
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3">
        <Link to={listHref} preventScrollReset className={buttonClass("secondary")}>
          Close
        </Link>
        <a href={`/admin/orders/${order.publicId}/slip`} className={buttonClass("secondary")}>
          Print Slip
        </a>
        {showHistory ? (
          <Link to={`/admin/activity?order=${order.publicId}`} className={buttonClass("ghost")}>
            History
          </Link>
        ) : null}
        {cancellable && !confirmCancel ? (
          <Link to={withConfirm("cancel")} replace preventScrollReset className={buttonClass("danger")}>
            Cancel Order
          </Link>
        ) : null}
        {activeView && isReturnable(order.status) && !confirmReturn ? (
          <Link to={withConfirm("return")} replace preventScrollReset className={buttonClass("secondary")}>
            Mark as Returned
          </Link>
        ) : null}
        {activeView && nextLabel && !(confirmShip && isAwaitingConfirmation(order)) ? (
          <Form method="post" action={actionHref} onSubmit={askBeforeShipping(order)}>
            <input type="hidden" name="status" value={nextStatus(order.status)} />
            <ShipAnywayField />
            <Button type="submit" name="intent" value="advance">
              {nextLabel}
            </Button>
          </Form>
        ) : null}
      </div>
    </>
  );
}
