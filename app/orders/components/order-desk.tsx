import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type OrderEvent, RETURN_REASON_LABEL, type ReturnReason } from "../order-status.ts";
import { Button, buttonClass } from "~/ui/button.tsx";
import { TextareaField } from "~/ui/field.tsx";
import { EVENT_LABEL, formatOrderTime } from "~/orders/order-desk.ts";
import { NOTE_MAX_LENGTH, orderNoteSchema } from "~/orders/order-note-schema.ts";
import { telHref, whatsAppHref } from "~/utils/phone.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

type ConfirmationProps = {
  order: {
    orderNumber: number;
    customerName: string;
    phone: string;
    totalCents: number;
    status: string;
    confirmedAt: string | null;
    /** The shopper's tracking link (PUBLIC_URL), or null when the shop has no public address. */
    trackingUrl: string | null;
    /** The WhatsApp text for the shopper, in the order's language (order-details.server.ts). */
    whatsAppText: string;
  };
  /** False once the order is delivered or canceled: there is nothing left to confirm. */
  confirmable: boolean;
  actionHref: string;
};

/** Whether the customer confirmed by phone, the two ways to reach them, and 'Mark as Confirmed'. */
export function ConfirmationPanel({ order, confirmable, actionHref }: ConfirmationProps) {
  const navigation = useNavigation();
  const confirming = navigation.state !== "idle" && navigation.formData?.get("intent") === "confirm";
  return (
    <section aria-labelledby="confirmation-heading" className="mt-4 rounded-md border border-slate-200 p-3">
      <h3 id="confirmation-heading" className="font-semibold">
        Confirmation
      </h3>
      {order.confirmedAt ? (
        <p className="mt-1 text-sm font-semibold text-success-700" data-testid="confirmation-status">
          Confirmed with the customer on {formatOrderTime(order.confirmedAt)}
        </p>
      ) : (
        <p
          className="mt-1 rounded-md bg-warning-50 px-2 py-1 text-sm font-semibold text-warning-700"
          data-testid="confirmation-status"
        >
          Not confirmed: call or WhatsApp the customer before shipping.
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={telHref(order.phone)} className={buttonClass("secondary", "md")}>
          Call
        </a>
        <a
          href={whatsAppHref(order.phone, order.whatsAppText)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("secondary", "md")}
        >
          WhatsApp
        </a>
        {confirmable && !order.confirmedAt ? (
          <Form method="post" action={actionHref} preventScrollReset>
            <Button type="submit" name="intent" value="confirm" variant="primary" pending={confirming}>
              Mark as Confirmed
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

/**
 * A note's form: orderNoteSchema checks it in the browser (Conform) and again in the action. The
 * dialog keys it by the timeline's length, so a saved note leaves an empty form behind.
 */
export function NoteForm({
  actionHref,
  lastResult,
}: {
  actionHref: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "note";
  const [form, fields] = useZodForm(orderNoteSchema, {
    id: "order-note",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      action={actionHref}
      preventScrollReset
      {...getFormProps(form)}
      className="mt-3 flex flex-col gap-2"
    >
      <TextareaField
        label="Add a note"
        hint={`Only administrators see notes (at most ${NOTE_MAX_LENGTH} characters).`}
        errors={fields.text.errors}
        rows={2}
        dir="auto"
        {...getTextareaProps(fields.text)}
        // The browser would stop a note over the limit without saying why; the schema says it.
        maxLength={undefined}
      />
      <Button type="submit" name="intent" value="note" variant="secondary" className="self-start" pending={saving}>
        Add Note
      </Button>
    </Form>
  );
}

/** `subject`: the email an "emailed" entry sent; `reason`: why a "returned" one came back. */
export type TimelineItem = {
  at: string;
  event: OrderEvent;
  by: string | null;
  note: string | null;
  subject?: string | null;
  reason?: ReturnReason | null;
};

/** Everything that happened to the order, oldest first. */
export function OrderTimeline({ entries }: { entries: TimelineItem[] }) {
  return (
    <section aria-labelledby="timeline-heading" className="mt-4">
      <h3 id="timeline-heading" className="font-semibold">
        Timeline
      </h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nothing recorded yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3 text-sm" data-testid="order-timeline">
          {entries.map((entry, index) => (
            <li key={index} data-event={entry.event}>
              <p>
                <span className="font-semibold">
                  {EVENT_LABEL[entry.event]}
                  {entry.reason ? `: ${RETURN_REASON_LABEL[entry.reason]}` : null}
                </span>
                <span className="text-slate-600">
                  {" · "}
                  <time dateTime={entry.at}>{formatOrderTime(entry.at)}</time>
                  {" · "}
                  {entry.by ?? (entry.event === "emailed" ? "to the customer" : "customer")}
                </span>
              </p>
              {entry.subject ? <p className="mt-0.5 text-slate-700">{entry.subject}</p> : null}
              {entry.note !== null ? (
                <p dir="auto" className="mt-0.5 whitespace-pre-wrap break-words rounded-md bg-slate-50 px-2 py-1">
                  {entry.note}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
