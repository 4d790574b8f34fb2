import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/ui/button.tsx";
import { Field, FormErrors, SelectField, TextareaField } from "~/ui/field.tsx";
import { formatOrderTime } from "~/orders/order-desk.ts";
import { RETURN_REASON_LABEL, RETURN_REASONS } from "~/orders/order-status.ts";
import { blockPhoneSchema, RETURN_NOTE_MAX_LENGTH, returnSchema } from "~/orders/return-schema.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

type Result = SubmissionResult<string[]> | undefined;

/** `?phone=` of the Orders list: one customer's orders. */
export function phoneOrdersHref(phone: string) {
  return `/admin/orders?${new URLSearchParams({ phone })}`;
}

/** The pending state of this dialog's form with this intent. */
function usePendingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * 'Mark as Returned''s step (`?confirm=return`, so it works without JavaScript): why the parcel came
 * back and an optional note; the schema `order/markReturned` uses, in the browser and the action.
 */
export function ReturnPanel({
  orderNumber,
  formAction,
  closeHref,
  lastResult,
}: {
  orderNumber: number;
  formAction: string;
  closeHref: string;
  lastResult: Result;
}) {
  const pending = usePendingIntent("return");
  const [form, fields] = useZodForm(returnSchema, {
    id: "order-return",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      action={formAction}
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby="return-heading"
      className="mt-4 flex flex-col gap-3 rounded-md border-l-4 border-danger-700 bg-danger-50 p-3"
    >
      <p id="return-heading" className="font-semibold text-danger-700">
        Mark order #{orderNumber} as returned? Its items go back into stock.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} className="rounded-md bg-white px-3 py-2 text-sm" />
      <SelectField label="Why did it come back?" errors={fields.reason.errors} {...getSelectProps(fields.reason)}>
        <option value="">Choose a reason</option>
        {RETURN_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {RETURN_REASON_LABEL[reason]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Note (optional)"
        hint={`At most ${RETURN_NOTE_MAX_LENGTH} characters; kept with the order's notes.`}
        errors={fields.note.errors}
        rows={2}
        dir="auto"
        {...getTextareaProps(fields.note)}
        maxLength={undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="return" variant="danger" pending={pending}>
          Yes, mark as returned
        </Button>
        <Link to={closeHref} replace preventScrollReset className={buttonClass("secondary")}>
          Keep as shipped
        </Link>
      </div>
    </Form>
  );
}

export type CustomerView = {
  phone: string;
  record: { orders: number; delivered: number; returned: number; canceled: number };
  blocked: { reason: string; at: string; by: string } | null;
};

/**
 * The customer's record with the shop (every order from this phone), a link to those orders, and
 * blocking or unblocking the number; blocking asks for a reason (`?confirm=block`, no JavaScript needed).
 */
export function CustomerRecordPanel({
  customer,
  actionHref,
  confirmBlock,
  blockResult,
}: {
  customer: CustomerView;
  actionHref: string;
  confirmBlock: boolean;
  blockResult: Result;
}) {
  const { record, blocked } = customer;
  const unblocking = usePendingIntent("unblock");
  const separator = actionHref.includes("?") ? "&" : "?";
  return (
    <section aria-labelledby="record-heading" className="mt-4 rounded-md border border-slate-200 p-3 text-sm">
      <h3 id="record-heading" className="font-semibold">
        This phone&apos;s orders
      </h3>
      <dl className="tabular mt-1 flex flex-wrap gap-x-4 gap-y-1" data-testid="customer-record">
        {(
          [
            ["Orders", record.orders],
            ["Delivered", record.delivered],
            ["Returned", record.returned],
            ["Canceled", record.canceled],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex gap-1">
            <dt className="text-slate-600">{label}:</dt>
            <dd className={`font-semibold ${label === "Returned" && value > 0 ? "text-danger-700" : ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Link
          to={phoneOrdersHref(customer.phone)}
          className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2"
        >
          See all orders from this phone
        </Link>
        {blocked ? (
          <Form method="post" action={actionHref} preventScrollReset>
            <input type="hidden" name="phone" value={customer.phone} />
            <Button type="submit" name="intent" value="unblock" variant="secondary" pending={unblocking}>
              Unblock number
            </Button>
          </Form>
        ) : confirmBlock ? null : (
          <Link
            to={`${actionHref}${separator}confirm=block`}
            replace
            preventScrollReset
            className={buttonClass("secondary")}
          >
            Block number
          </Link>
        )}
      </div>
      {blocked ? (
        <p
          className="mt-2 rounded-md bg-danger-50 px-2 py-1 font-semibold text-danger-700"
          data-testid="blocked-status"
        >
          Blocked on {formatOrderTime(blocked.at)} by {blocked.by}: {blocked.reason}
        </p>
      ) : null}
      {!blocked && confirmBlock ? (
        <BlockPhoneForm
          id="order-block"
          phone={customer.phone}
          formAction={`${actionHref}${separator}confirm=block`}
          closeHref={actionHref}
          lastResult={blockResult}
        />
      ) : null}
    </section>
  );
}

/**
 * Blocking a number with a reason: in the order dialog (the number fixed, hidden) and in Settings
 * (typed); the schema `customer/block` uses.
 */
export function BlockPhoneForm({
  id,
  phone,
  formAction,
  closeHref,
  lastResult,
}: {
  id: string;
  /** The order's number; undefined: a field to type it. */
  phone?: string;
  formAction: string;
  closeHref?: string;
  lastResult: Result;
}) {
  const pending = usePendingIntent("block");
  const [form, fields] = useZodForm(blockPhoneSchema, {
    id,
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      action={formAction}
      preventScrollReset
      {...getFormProps(form)}
      className="mt-3 flex flex-col gap-3"
    >
      <FormErrors id={form.errorId} errors={form.errors} className="rounded-md bg-white px-3 py-2 text-sm" />
      {phone === undefined ? (
        <Field label="Phone number" errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} />
      ) : (
        <input type="hidden" name={fields.phone.name} value={phone} />
      )}
      <Field
        label="Why block it?"
        hint="Only administrators see it. The customer is asked to call the shop instead."
        errors={fields.reason.errors}
        {...getInputProps(fields.reason, { type: "text" })}
        maxLength={undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="block" variant="danger" pending={pending}>
          Block this number
        </Button>
        {closeHref ? (
          <Link to={closeHref} replace preventScrollReset className={buttonClass("secondary")}>
            Keep it open
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
