import { Form, Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { isAwaitingConfirmation, type OrderStatus } from "~/orders/order-status.ts";
import { Button, buttonClass } from "~/ui/button.tsx";

type Asked = { orderNumber: number; status: OrderStatus; confirmedAt: string | null };

/** The question 'Mark as Shipped' asks of an order nobody confirmed with the customer. */
const question = (orderNumber: number) =>
  `Order #${orderNumber} is not confirmed with the customer yet. Mark it as shipped anyway?`;

/**
 * The field that says the admin was asked and said yes. Empty in the page: without JavaScript the
 * server answers an unconfirmed order's 'Mark as Shipped' with the step below; with JavaScript the
 * browser asks (askBeforeShipping) and fills it in.
 */
export function ShipAnywayField() {
  return <input type="hidden" name="shipUnconfirmed" value="" />;
}

/** 'Mark as Shipped' on an order nobody confirmed with the customer asks first (with JavaScript). */
export function askBeforeShipping(order: Asked) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (!isAwaitingConfirmation(order)) return;
    if (!window.confirm(question(order.orderNumber))) {
      event.preventDefault();
      return;
    }
    const field = event.currentTarget.elements.namedItem("shipUnconfirmed");
    if (field instanceof HTMLInputElement) field.value = "yes";
  };
}

/** '?confirm=ship': the same question as a step of the dialog, for a browser without JavaScript. */
export function ShipConfirmStep({ order, actionHref }: { order: Asked; actionHref: string }) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="ship-heading"
      className="mt-4 rounded-md border-l-4 border-warning-700 bg-warning-50 p-3"
    >
      <p id="ship-heading" className="font-semibold text-warning-700">
        {question(order.orderNumber)}
      </p>
      <Form method="post" action={actionHref} className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="status" value="shipped" />
        <input type="hidden" name="shipUnconfirmed" value="yes" />
        <Button type="submit" name="intent" value="advance">
          Yes, mark as shipped
        </Button>
        <Link to={actionHref} replace preventScrollReset className={buttonClass("secondary")}>
          Not yet
        </Link>
      </Form>
    </div>
  );
}
