import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import {
  DriverNoteForm,
  OrderActions,
  OrderCustomerAndSummary,
  OrderItems,
} from "~/orders/components/order-details.tsx";
import { NoteForm, OrderTimeline } from "~/orders/components/order-desk.tsx";
import { RouteDialog } from "~/ui/dialog.tsx";
import { adminAction } from "~/staff/admin-action.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import {
  advanceOrderStatus,
  cancelOrder,
  OrderNotFound,
  OrderStatusConflict,
  ShippingUnconfirmed,
} from "~/orders/order-admin.server.ts";
import { addOrderNote, confirmOrder, setDriverNote } from "~/orders/order-desk.server.ts";
import { loadOrderDetails } from "~/orders/order-details.server.ts";
import { CustomerRecordPanel, ReturnPanel } from "~/orders/components/order-returns.tsx";
import { markReturned } from "~/orders/order-return.server.ts";
import { changeBlockedPhone } from "~/orders/customers.server.ts";
import { roleMay } from "~/staff/permissions.ts";
import { FAILED, type Intent, orderDeskAction, type TypedForm, typedForm } from "~/orders/order-desk-action.ts";
import { ReturnRequestPanel } from "~/orders/components/return-request-panel.tsx";
import { ReturnReceiptInvalid } from "~/orders/return-request.server.ts";
import { runReturnIntent } from "~/orders/return-request-page.server.ts";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, "/admin/orders/$id");
  const details = loadOrderDetails(context.db, params.id ?? "", context.publicUrl);
  if (!details) throw new Response("Order not found", { status: 404 });
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  return {
    showHistory: roleMay(admin.role, "activity"),
    confirmCancel: confirm === "cancel",
    confirmReturn: confirm === "return",
    confirmBlock: confirm === "block",
    confirmShip: confirm === "ship",
    activeView: url.searchParams.get("view") !== "completed",
    ...details,
  };
}

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
      const form = typedForm(submission.payload.intent);
      if (form) return data({ form, result: submission.reply() }, { status: 400 });
      return redirectWithToast(list, { type: "danger", message: "Invalid order ID or status" }, context.cookies);
    }
    const input = submission.value;
    const id = params.id ?? "";
    try {
      switch (input.intent) {
        case "note":
          addOrderNote(context.db, id, input.text, actor);
          return redirect(dialog);
        case "driverNote":
          setDriverNote(context.db, id, input.driverNote, actor);
          return redirectWithToast(dialog, { type: "success", message: "Note for the driver saved" }, context.cookies);
        case "confirm":
          confirmOrder(context.db, id, actor);
          return redirectWithToast(
            dialog,
            { type: "success", message: "Order confirmed successfully" },
            context.cookies,
          );
        case "advance": {
          // Without JavaScript the page asks here (a step in the dialog); with it, the browser asked already.
          const order = advanceOrderStatus(context.db, id, input.status ?? "", actor, {
            askIfUnconfirmed: input.shipUnconfirmed !== "yes",
          });
          return redirectWithToast(
            list,
            { type: "success", message: `Order status updated to ${order.status}` },
            context.cookies,
          );
        }
        case "cancel":
          cancelOrder(context.db, id, actor);
          return redirectWithToast(list, { type: "success", message: "Order cancelled successfully" }, context.cookies);
        case "return":
          markReturned(context.db, id, input, actor);
          return redirectWithToast(list, { type: "success", message: "Order marked as returned" }, context.cookies);
        case "block":
        case "unblock": {
          const answer = changeBlockedPhone(context.db, input, actor);
          if (answer.type === "success") return redirectWithToast(dialog, answer, context.cookies);
          const refused = `${FAILED[input.intent]}: ${answer.message}`;
          return redirectWithToast(list, { type: "danger", message: refused }, context.cookies);
        }
        case "returnApprove":
        case "returnRefuse":
        case "returnReceive": {
          const message = runReturnIntent(context.db, id, input, actor);
          return redirectWithToast(dialog, { type: "success", message }, context.cookies);
        }
      }
    } catch (error) {
      if (error instanceof ShippingUnconfirmed)
        return redirect(`${dialog}${dialog.includes("?") ? "&" : "?"}confirm=ship#ship-heading`);
      // A refund above what was paid: the form comes back as typed, with why.
      if (error instanceof ReturnReceiptInvalid)
        return data(
          { form: "returnReceive" as const, result: submission.reply({ formErrors: [error.message] }) },
          { status: 400 },
        );
      if ((input.intent === "note" || input.intent === "driverNote") && error instanceof OrderNotFound)
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
    // A note (or a return, a block) keeps its text, with the message; a button's change is told where the list is.
    const form = typedForm(intent);
    if (submission && form)
      return data(
        {
          form,
          result:
            form === "note"
              ? submission.reply({ fieldErrors: { text: [unavailable.message] } })
              : form === "driverNote"
                ? submission.reply({ fieldErrors: { driverNote: [unavailable.message] } })
                : submission.reply({ formErrors: [unavailable.message] }),
        },
        { status: 503, headers: unavailable.headers },
      );
    const failed = typeof intent === "string" && intent in FAILED ? FAILED[intent as Intent] : FAILED.advance;
    return redirectWithToast(
      returnPaths(request).list,
      { type: "danger", message: `${failed}: ${unavailable.message}` },
      context.cookies,
    );
  },
);

export default function OrderDetails() {
  const {
    order,
    customer,
    timeline,
    confirmCancel,
    confirmReturn,
    confirmBlock,
    confirmShip,
    activeView,
    showHistory,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultOf = (form: TypedForm) => (actionData?.form === form ? actionData.result : undefined);
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("confirm");
  const listHref = `/admin/orders${params.size ? `?${params.toString()}` : ""}`;
  const actionHref = `${location.pathname}${params.size ? `?${params.toString()}` : ""}`;

  return (
    <RouteDialog title="Order Details" onClose={() => navigate(listHref, { preventScrollReset: true })} wide>
      <OrderCustomerAndSummary order={order} actionHref={actionHref} />
      <CustomerRecordPanel
        customer={customer}
        actionHref={actionHref}
        confirmBlock={confirmBlock}
        blockResult={resultOf("block")}
      />
      <DriverNoteForm
        key={order.driverNote ?? ""}
        driverNote={order.driverNote}
        actionHref={actionHref}
        lastResult={resultOf("driverNote")}
      />
      <OrderItems order={order} />
      {order.returnRequest ? (
        <ReturnRequestPanel
          request={order.returnRequest}
          actionHref={actionHref}
          refuseResult={resultOf("returnRefuse")}
          receiveResult={resultOf("returnReceive")}
        />
      ) : null}
      <OrderTimeline entries={timeline} />
      <NoteForm key={timeline.length} actionHref={actionHref} lastResult={resultOf("note")} />
      {confirmReturn && activeView && order.status === "shipped" ? (
        <ReturnPanel
          orderNumber={order.orderNumber}
          formAction={`${actionHref}${actionHref.includes("?") ? "&" : "?"}confirm=return`}
          closeHref={actionHref}
          lastResult={resultOf("return")}
        />
      ) : null}
      <OrderActions
        order={order}
        actionHref={actionHref}
        listHref={listHref}
        activeView={activeView}
        confirmCancel={confirmCancel}
        confirmReturn={confirmReturn}
        confirmShip={confirmShip}
        showHistory={showHistory}
      />
    </RouteDialog>
  );
}
