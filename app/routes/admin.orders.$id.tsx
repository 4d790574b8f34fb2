import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { z } from "zod";
import { OrderActions, OrderCustomerAndSummary, OrderItems } from "~/orders/components/order-details.tsx";
import { NoteForm, OrderTimeline } from "~/orders/components/order-desk.tsx";
import { RouteDialog } from "~/ui/dialog.tsx";
import { adminAction } from "~/staff/admin-action.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { orderNoteSchema } from "~/orders/order-note-schema.ts";
import { advanceOrderStatus, cancelOrder, OrderNotFound, OrderStatusConflict } from "~/orders/order-admin.server.ts";
import { addOrderNote, confirmOrder } from "~/orders/order-desk.server.ts";
import { loadOrderDetails } from "~/orders/order-details.server.ts";
import { roleMay } from "~/staff/permissions.ts";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, "/admin/orders/$id");
  const details = loadOrderDetails(context.db, params.id ?? "");
  if (!details) throw new Response("Order not found", { status: 404 });
  const url = new URL(request.url);
  return {
    showHistory: roleMay(admin.role, "activity"),
    confirmCancel: url.searchParams.get("confirm") === "cancel",
    activeView: url.searchParams.get("view") !== "completed",
    ...details,
  };
}

/** The dialog's buttons, one schema: a note's text, or the status the page showed as next. */
const orderDeskAction = z.discriminatedUnion("intent", [
  orderNoteSchema.extend({ intent: z.literal("note") }),
  z.object({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("advance"), status: z.string().optional() }),
  z.object({ intent: z.literal("cancel") }),
]);

type Intent = z.output<typeof orderDeskAction>["intent"];

/** How a refused or failed change starts its message. */
const FAILED: Record<Intent, string> = {
  note: "Error adding note",
  confirm: "Error confirming order",
  advance: "Error updating order status",
  cancel: "Error cancelling order",
};

/** Where the admin goes back to: the dialog (its `?confirm=` step closed) or the list, the list's query kept. */
function returnPaths(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  return { dialog: `${url.pathname}${url.search}`, list: `/admin/orders${url.search}` };
}

/**
 * 'Mark as Shipped' / 'Mark as Delivered' and 'Cancel Order' (after its confirmation step) go back
 * to the list; 'Mark as Confirmed' and a note stay in the dialog, where the owner is working.
 */
export const action = adminAction(
  "/admin/orders/$id",
  async ({ request, params, context, actor, parse }) => {
    const { dialog, list } = returnPaths(request);
    const submission = parse(await request.formData(), orderDeskAction);
    if (submission.status !== "success") {
      if (submission.payload.intent === "note") return data(submission.reply(), { status: 400 });
      return redirectWithToast(list, { type: "danger", message: "Invalid order ID or status" }, context.cookies);
    }
    const input = submission.value;
    const id = params.id ?? "";
    try {
      switch (input.intent) {
        case "note":
          addOrderNote(context.db, id, input.text, actor);
          return redirect(dialog);
        case "confirm":
          confirmOrder(context.db, id, actor);
          return redirectWithToast(
            dialog,
            { type: "success", message: "Order confirmed successfully" },
            context.cookies,
          );
        case "advance": {
          const order = advanceOrderStatus(context.db, id, input.status ?? "", actor);
          return redirectWithToast(
            list,
            { type: "success", message: `Order status updated to ${order.status}` },
            context.cookies,
          );
        }
        case "cancel":
          cancelOrder(context.db, id, actor);
          return redirectWithToast(list, { type: "success", message: "Order cancelled successfully" }, context.cookies);
      }
    } catch (error) {
      if (input.intent === "note" && error instanceof OrderNotFound)
        throw new Response("Order not found", { status: 404 });
      if (error instanceof OrderNotFound || error instanceof OrderStatusConflict)
        return redirectWithToast(
          list,
          { type: "danger", message: `${FAILED[input.intent]}: ${error.message}` },
          context.cookies,
        );
      throw error;
    }
  },
  (unavailable, submission, { request, context }: ActionFunctionArgs) => {
    const intent = submission?.payload.intent;
    // A note keeps its text, with the message under it; a button's change is told where the list is.
    if (submission && intent === "note")
      return data(submission.reply({ fieldErrors: { text: [unavailable.message] } }), {
        status: 503,
        headers: unavailable.headers,
      });
    const failed = typeof intent === "string" && intent in FAILED ? FAILED[intent as Intent] : FAILED.advance;
    return redirectWithToast(
      returnPaths(request).list,
      { type: "danger", message: `${failed}: ${unavailable.message}` },
      context.cookies,
    );
  },
);

export default function OrderDetails() {
  const { order, timeline, confirmCancel, activeView, showHistory } = useLoaderData<typeof loader>();
  const noteResult = useActionData<typeof action>();
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("confirm");
  const listHref = `/admin/orders${params.size ? `?${params.toString()}` : ""}`;
  const actionHref = `${location.pathname}${params.size ? `?${params.toString()}` : ""}`;

  return (
    <RouteDialog title="Order Details" onClose={() => navigate(listHref, { preventScrollReset: true })} wide>
      <OrderCustomerAndSummary order={order} actionHref={actionHref} />
      <OrderItems order={order} />
      <OrderTimeline entries={timeline} />
      <NoteForm key={timeline.length} actionHref={actionHref} lastResult={noteResult} />
      <OrderActions
        order={order}
        actionHref={actionHref}
        listHref={listHref}
        activeView={activeView}
        confirmCancel={confirmCancel}
        showHistory={showHistory}
      />
    </RouteDialog>
  );
}
