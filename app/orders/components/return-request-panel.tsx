import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { ErrorList, Field, TextareaField } from "~/ui/field.tsx";
import { formatOrderTime } from "~/orders/order-desk.ts";
import { formatMoney } from "~/utils/money.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";
import { receiveReturnFormSchema, refuseReturnSchema } from "../return-request-schema.ts";
import {
  RETURN_REQUEST_NOTE_MAX_LENGTH,
  RETURN_REQUEST_REASON_LABEL,
  RETURN_REQUEST_STATUS_LABEL,
  type ReturnRequestReason,
  type ReturnRequestStatus,
} from "../return-request-status.ts";

type Result = SubmissionResult<string[]> | undefined;

/** The order dialog's view of a return after delivery (loadOrderDetails). */
export type AdminReturnRequest = {
  status: ReturnRequestStatus;
  reason: ReturnRequestReason;
  note: string | null;
  refusalNote: string | null;
  refundCents: number | null;
  createdAt: string;
  /** At most what 'Received' may refund: what was paid for these units. */
  maxRefundCents: number;
  items: {
    orderItemId: number;
    title: string;
    size: string | null;
    quantity: number;
    restocked: number;
    productGone: boolean;
  }[];
};

function usePendingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * The return's request in the order dialog and its next step: Approve or Refuse (with the note the
 * customer reads) while requested; once approved, 'Received' with the refund in dollars and, per
 * line, how many units go back to stock (the rest are written off). Plain forms: they work
 * without JavaScript.
 */
export function ReturnRequestPanel({
  request,
  actionHref,
  refuseResult,
  receiveResult,
}: {
  request: AdminReturnRequest;
  actionHref: string;
  refuseResult: Result;
  receiveResult: Result;
}) {
  const approving = usePendingIntent("returnApprove");
  const refusing = usePendingIntent("returnRefuse");
  const receiving = usePendingIntent("returnReceive");
  const [refuseForm, refuseFields] = useZodForm(refuseReturnSchema, {
    id: "return-refuse",
    lastResult: refuseResult,
    shouldValidate: "onSubmit",
  });
  const [receiveForm, receiveFields] = useZodForm(receiveReturnFormSchema, {
    id: "return-receive",
    lastResult: receiveResult,
    shouldValidate: "onSubmit",
    defaultValue: { refund: (request.maxRefundCents / 100).toFixed(2) },
    constraintsFrom: false,
  });
  return (
    <section
      aria-labelledby="return-request-heading"
      className="mt-4 flex flex-col gap-3 rounded-md border border-warning-700/40 bg-warning-50 p-3"
      data-testid="return-request-panel"
      data-status={request.status}
    >
      <h3 id="return-request-heading" className="font-semibold">
        {RETURN_REQUEST_STATUS_LABEL[request.status]}
      </h3>
      <p className="text-sm text-slate-700">
        {`Asked ${formatOrderTime(request.createdAt)} · ${RETURN_REQUEST_REASON_LABEL[request.reason]}`}
      </p>
      <ul className="text-sm">
        {request.items.map((item) => (
          <li key={item.orderItemId} dir="auto">
            {`${item.quantity} × ${item.title}${item.size ? ` (size ${item.size})` : ""}`}
            {request.status === "received"
              ? ` · ${item.restocked} back to stock, ${item.quantity - item.restocked} written off`
              : ""}
          </li>
        ))}
      </ul>
      {request.note ? (
        <p className="text-sm" dir="auto">
          <span className="font-medium">Customer&apos;s note:</span> {request.note}
        </p>
      ) : null}
      {request.refusalNote ? (
        <p className="text-sm" dir="auto">
          <span className="font-medium">Refused:</span> {request.refusalNote}
        </p>
      ) : null}
      {request.refundCents !== null ? (
        <p className="text-sm font-semibold" data-testid="return-refund">
          {`Refunded ${formatMoney(request.refundCents)}`}
        </p>
      ) : null}

      {request.status === "requested" ? (
        <div className="flex flex-col gap-3">
          <Form method="post" action={actionHref} preventScrollReset>
            <input type="hidden" name="intent" value="returnApprove" />
            <Button type="submit" pending={approving}>
              {approving ? "Approving..." : "Approve return"}
            </Button>
          </Form>
          <Form
            method="post"
            action={actionHref}
            preventScrollReset
            {...getFormProps(refuseForm)}
            className="flex flex-col gap-2"
          >
            <input type="hidden" name="intent" value="returnRefuse" />
            <ErrorList id={refuseForm.errorId} errors={refuseForm.errors} />
            <TextareaField
              label="Why refuse? (the customer reads this)"
              errors={refuseFields.note.errors}
              rows={2}
              dir="auto"
              maxLength={RETURN_REQUEST_NOTE_MAX_LENGTH}
              {...getTextareaProps(refuseFields.note)}
            />
            <Button type="submit" variant="danger" pending={refusing} className="self-start">
              {refusing ? "Refusing..." : "Refuse return"}
            </Button>
          </Form>
        </div>
      ) : null}

      {request.status === "approved" ? (
        <Form
          method="post"
          action={actionHref}
          preventScrollReset
          {...getFormProps(receiveForm)}
          className="flex flex-col gap-3"
        >
          <input type="hidden" name="intent" value="returnReceive" />
          <ErrorList id={receiveForm.errorId} errors={receiveForm.errors} />
          <Field
            label="Refund ($)"
            hint={`At most ${formatMoney(request.maxRefundCents)}, what was paid for these items.`}
            errors={receiveFields.refund.errors}
            inputMode="decimal"
            dir="ltr"
            {...getInputProps(receiveFields.refund, { type: "text" })}
            required
          />
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Back to stock (the rest are written off)</legend>
            <ul className="flex flex-col gap-2">
              {request.items.map((item, index) => (
                <li key={item.orderItemId} className="flex items-center justify-between gap-3 text-sm">
                  <label htmlFor={`return-restock-${index}`} className="min-w-0 break-words" dir="auto">
                    {`${item.title}${item.size ? ` (size ${item.size})` : ""}`}
                    {item.productGone ? " · product deleted: written off" : ""}
                  </label>
                  <input type="hidden" name={`lines[${index}].line`} value={item.orderItemId} />
                  <select
                    id={`return-restock-${index}`}
                    name={`lines[${index}].restocked`}
                    defaultValue={item.productGone ? "0" : String(item.quantity)}
                    disabled={item.productGone}
                    className="min-h-11 w-36 shrink-0 rounded-md border border-slate-300 bg-white px-2 text-base"
                  >
                    {Array.from({ length: item.quantity + 1 }, (_, count) => (
                      <option key={count} value={count}>
                        {`${count} of ${item.quantity}`}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ul>
          </fieldset>
          <Button type="submit" pending={receiving} className="self-start">
            {receiving ? "Recording..." : "Received"}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
