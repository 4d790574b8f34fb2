import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { ConfirmationPanel, NoteForm, OrderTimeline } from "~/orders/components/order-desk.tsx";
import { OrderStatusBadge } from "~/orders/components/order-status-badge.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { RouteDialog } from "~/ui/dialog.tsx";
import { actorFor } from "~/overview/activity.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { asDatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { formatMoney } from "~/utils/money.ts";
import { formatOrderTime } from "~/orders/order-desk.ts";
import { orderNoteSchema } from "~/orders/order-note-schema.ts";
import { isCancellable, NEXT_STATUS_LABEL, nextStatus } from "~/orders/order-status.ts";
import { advanceOrderStatus, cancelOrder, OrderNotFound, OrderStatusConflict } from "~/orders/order-admin.server.ts";
import { addOrderNote, confirmOrder, loadTimeline } from "~/orders/order-desk.server.ts";
import { loadOrder } from "~/orders/order.server.ts";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const order = loadOrder(context.db, params.id ?? "");
  if (!order) throw new Response("Order not found", { status: 404 });
  const url = new URL(request.url);
  return {
    confirmCancel: url.searchParams.get("confirm") === "cancel",
    activeView: url.searchParams.get("view") !== "completed",
    order: {
      publicId: order.publicId,
      orderNumber: order.orderNumber,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      confirmedAt: order.confirmedAt?.toISOString() ?? null,
      customerName: order.customerName,
      email: order.email,
      phone: order.phone,
      governorate: order.governorate,
      city: order.city,
      street: order.street,
      building: order.building,
      address: order.address,
      latitude: order.latitude,
      longitude: order.longitude,
      subtotalCents: order.subtotalCents,
      deliveryFeeCents: order.deliveryFeeCents,
      totalCents: order.totalCents,
      items: order.items.map((item) => ({
        id: item.id,
        productId: item.productId,
        title: item.title,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
        size: item.size,
      })),
    },
    timeline: loadTimeline(context.db, order.id).map((entry) => ({
      at: entry.at.toISOString(),
      event: entry.event,
      by: entry.by,
      note: entry.note?.text ?? null,
    })),
  };
}

/**
 * 'Mark as Shipped' / 'Mark as Delivered' and 'Cancel Order' (after its confirmation step) go back
 * to the list; 'Mark as Confirmed' and a note stay in the dialog, where the owner is working.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  const list = `/admin/orders${url.search}`;
  const id = params.id ?? "";
  if (intent === "note") {
    const submission = parseWithZod(form, { schema: orderNoteSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      addOrderNote(context.db, id, submission.value.text, actorFor(admin, context));
    } catch (error) {
      if (error instanceof OrderNotFound) throw new Response("Order not found", { status: 404 });
      throw error;
    }
    return redirect(`${url.pathname}${url.search}`);
  }
  if (intent === "confirm") {
    try {
      confirmOrder(context.db, id, actorFor(admin, context));
      return redirectWithToast(
        `${url.pathname}${url.search}`,
        { type: "success", message: "Order confirmed successfully" },
        context.cookies,
      );
    } catch (error) {
      if (error instanceof OrderNotFound || error instanceof OrderStatusConflict) {
        return redirectWithToast(
          list,
          { type: "danger", message: `Error confirming order: ${error.message}` },
          context.cookies,
        );
      }
      throw error;
    }
  }
  if (intent === "advance") {
    try {
      const order = advanceOrderStatus(context.db, id, String(form.get("status") ?? ""), actorFor(admin, context));
      return redirectWithToast(
        list,
        { type: "success", message: `Order status updated to ${order.status}` },
        context.cookies,
      );
    } catch (error) {
      const unavailable = asDatabaseUnavailable(error);
      if (unavailable)
        return redirectWithToast(
          list,
          { type: "danger", message: `Error updating order status: ${unavailable.message}` },
          context.cookies,
        );
      if (error instanceof OrderNotFound || error instanceof OrderStatusConflict) {
        return redirectWithToast(
          list,
          { type: "danger", message: `Error updating order status: ${error.message}` },
          context.cookies,
        );
      }
      throw error;
    }
  }
  if (intent === "cancel") {
    try {
      cancelOrder(context.db, id, actorFor(admin, context));
      return redirectWithToast(list, { type: "success", message: "Order cancelled successfully" }, context.cookies);
    } catch (error) {
      const unavailable = asDatabaseUnavailable(error);
      if (unavailable)
        return redirectWithToast(
          list,
          { type: "danger", message: `Error cancelling order: ${unavailable.message}` },
          context.cookies,
        );
      if (error instanceof OrderNotFound || error instanceof OrderStatusConflict) {
        return redirectWithToast(
          list,
          { type: "danger", message: `Error cancelling order: ${error.message}` },
          context.cookies,
        );
      }
      throw error;
    }
  }
  return redirectWithToast(list, { type: "danger", message: "Invalid order ID or status" }, context.cookies);
}

function Detail({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div className="flex gap-2">
      <dt className="w-28 shrink-0 text-slate-600">{label}</dt>
      <dd dir="auto" className="min-w-0 break-words font-medium">
        {value === null || value === "" ? "—" : value}
      </dd>
    </div>
  );
}

export default function OrderDetails() {
  const { order, timeline, confirmCancel, activeView } = useLoaderData<typeof loader>();
  const noteResult = useActionData<typeof action>();
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("confirm");
  const listHref = `/admin/orders${params.size ? `?${params.toString()}` : ""}`;
  const actionHref = `${location.pathname}${params.size ? `?${params.toString()}` : ""}`;
  const cancellable = activeView && isCancellable(order.status);
  const nextLabel = NEXT_STATUS_LABEL[order.status];
  const totalItems = order.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <RouteDialog title="Order Details" onClose={() => navigate(listHref, { preventScrollReset: true })} wide>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="customer-heading">
          <h3 id="customer-heading" className="mb-2 font-semibold">
            Customer
          </h3>
          <dl className="space-y-1 text-sm">
            <Detail label="Name" value={order.customerName} />
            <Detail label="Phone" value={order.phone} />
            <Detail label="Email" value={order.email} />
            <Detail label="Governorate" value={order.governorate} />
            <Detail label="City" value={order.city} />
            <Detail label="Street" value={order.street} />
            <Detail label="Building" value={order.building} />
            <Detail label="Address" value={order.address} />
            <Detail label="Latitude" value={order.latitude} />
            <Detail label="Longitude" value={order.longitude} />
          </dl>
        </section>
        <section aria-labelledby="summary-heading">
          <h3 id="summary-heading" className="mb-2 font-semibold">
            Order Summary
          </h3>
          <dl className="space-y-1 text-sm">
            <Detail label="Order ID" value={`#${order.orderNumber}`} />
            <Detail label="Order date" value={formatOrderTime(order.createdAt)} />
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
      <div className="mt-4 overflow-x-auto">
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
        <Detail label="Delivery Fee" value={formatMoney(order.deliveryFeeCents)} />
        <Detail label="Order Total" value={formatMoney(order.totalCents)} />
      </dl>

      <OrderTimeline entries={timeline} />
      <NoteForm key={timeline.length} actionHref={actionHref} lastResult={noteResult} />

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
        <Link to={`/admin/activity?order=${order.publicId}`} className={buttonClass("ghost")}>
          History
        </Link>
        {cancellable && !confirmCancel ? (
          <Link
            to={`${actionHref}${params.size ? "&" : "?"}confirm=cancel`}
            replace
            preventScrollReset
            className={buttonClass("danger")}
          >
            Cancel Order
          </Link>
        ) : null}
        {activeView && nextLabel ? (
          <Form method="post" action={actionHref}>
            <input type="hidden" name="status" value={nextStatus(order.status)} />
            <Button type="submit" name="intent" value="advance">
              {nextLabel}
            </Button>
          </Form>
        ) : null}
      </div>
    </RouteDialog>
  );
}
