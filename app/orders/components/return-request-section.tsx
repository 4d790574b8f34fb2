import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { Field, FormErrors, TextareaField } from "~/ui/field.tsx";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";
import { formatMoney } from "~/utils/money.ts";
import { PHONE_EXAMPLE } from "~/utils/phone.ts";
import { shownTitle } from "~/catalogue/shown-text.ts";
import { useLocale } from "~/i18n/use-locale.ts";
import { returnRequestFormSchemaFor } from "../return-request-schema.ts";
import {
  RETURN_REQUEST_NOTE_MAX_LENGTH,
  RETURN_REQUEST_REASONS,
  type ReturnRequestReason,
  type ReturnRequestStatus,
} from "../return-request-status.ts";

/** The shopper's words for each reason and state (the admin's are return-request-status.ts's). */
const REASON: Record<ReturnRequestReason, MessageDescriptor> = {
  "not-as-described": msg`Not as described`,
  defective: msg`Defective`,
  "changed-mind": msg`Changed my mind`,
  other: msg`Other`,
};

const STATE: Record<ReturnRequestStatus, MessageDescriptor> = {
  requested: msg`Return requested: we will look at it and email you.`,
  approved: msg`Return approved: we will call you to arrange the pick-up.`,
  refused: msg`Return refused.`,
  received: msg`Return received.`,
};

export type ShopperReturnRequest = {
  status: ReturnRequestStatus;
  reason: ReturnRequestReason;
  refusalNote: string | null;
  refundCents: number | null;
  items: { title: string; titleAr: string | null; size: string | null; quantity: number }[];
};

export type ReturnLine = {
  productId: number;
  title: string;
  titleAr: string | null;
  size: string | null;
  quantity: number;
};

/** The return's state on the tracking page, once asked for. */
export function ReturnRequestState({ request }: { request: ShopperReturnRequest }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const refund = request.refundCents === null ? null : formatMoney(request.refundCents);
  return (
    <section
      id="return"
      aria-labelledby="return-heading"
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="return-request-state"
      data-status={request.status}
    >
      <h2 id="return-heading" className="text-lg font-bold">
        <Trans>Your return</Trans>
      </h2>
      <p className="mt-2 font-semibold">{i18n._(STATE[request.status])}</p>
      <ul className="mt-2 text-sm text-slate-700">
        {request.items.map((item, index) => (
          <li key={index} dir="auto">
            {item.quantity} × {shownTitle(item, locale)}
            {item.size ? ` (${item.size})` : ""}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>Reason:</Trans> {i18n._(REASON[request.reason])}
      </p>
      {request.refusalNote ? (
        <p className="mt-1 text-sm text-slate-700" dir="auto">
          {request.refusalNote}
        </p>
      ) : null}
      {refund ? (
        <p className="mt-1 text-sm font-semibold" data-testid="return-refund">
          <Trans>
            Refunded: <bdi dir="ltr">{refund}</bdi>
          </Trans>
        </p>
      ) : null}
    </section>
  );
}

/**
 * 'Return an item' on a delivered order's tracking page, inside its window: a plain form that
 * posts to the page itself, the phone the order was placed with first (as /track asks), then how
 * many of each line, why, and a note.
 */
export function ReturnRequestForm({
  lines,
  closesAt,
  lastResult,
}: {
  lines: ReturnLine[];
  closesAt: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "return";
  const [form, fields] = useZodForm(returnRequestFormSchemaFor(i18n), {
    id: "return-request",
    lastResult,
  });
  const closes = new Date(closesAt).toLocaleDateString(i18n.locale === "ar" ? "ar-LB-u-nu-latn" : "en-GB", {
    day: "numeric",
    month: "long",
    timeZone: "Asia/Beirut",
  });
  return (
    <details
      id="return"
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      open={lastResult ? true : undefined}
    >
      <summary className="cursor-pointer text-lg font-bold">
        <Trans>Return an item</Trans>
      </summary>
      <p className="mt-2 text-sm text-slate-600">
        <Trans>You can ask to return items until {closes}. We refund what you paid for them once they reach us.</Trans>
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-4" preventScrollReset>
        <input type="hidden" name="intent" value="return" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label={t`Phone number`}
          errors={fields.phone.errors}
          hint={
            <Trans>
              The one you ordered with, for example <bdi dir="ltr">{PHONE_EXAMPLE}</bdi>
            </Trans>
          }
          autoComplete="tel"
          dir="ltr"
          {...getInputProps(fields.phone, { type: "tel" })}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">
            <Trans>How many to return</Trans>
          </legend>
          <ul className="flex flex-col gap-2">
            {lines.map((line, index) => (
              <li key={index} className="flex items-center justify-between gap-3">
                <label htmlFor={`return-quantity-${index}`} className="min-w-0 break-words text-sm" dir="auto">
                  {shownTitle(line, locale)}
                  {line.size ? ` (${line.size})` : ""}
                </label>
                <input type="hidden" name={`items[${index}].product`} value={line.productId} />
                {line.size ? <input type="hidden" name={`items[${index}].size`} value={line.size} /> : null}
                <select
                  id={`return-quantity-${index}`}
                  name={`items[${index}].quantity`}
                  defaultValue={lines.length === 1 && line.quantity === 1 ? "1" : "0"}
                  className="min-h-11 w-20 shrink-0 rounded-md border border-slate-300 bg-white px-2 text-base"
                >
                  {Array.from({ length: line.quantity + 1 }, (_, count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">
            <Trans>Why are you returning it?</Trans>
          </legend>
          <div className="flex flex-col gap-1">
            {RETURN_REQUEST_REASONS.map((reason) => (
              <label key={reason} className="flex min-h-11 items-center gap-2 text-base">
                <input type="radio" name={fields.reason.name} value={reason} required className="size-5" />
                {i18n._(REASON[reason])}
              </label>
            ))}
          </div>
          {fields.reason.errors ? <p className="mt-1 text-sm text-danger-700">{fields.reason.errors[0]}</p> : null}
        </fieldset>
        <TextareaField
          label={t`Note (optional)`}
          errors={fields.note.errors}
          maxLength={RETURN_REQUEST_NOTE_MAX_LENGTH}
          dir="auto"
          {...getTextareaProps(fields.note)}
        />
        <Button type="submit" pending={busy} className="w-full sm:w-auto">
          {busy ? t`Sending...` : t`Ask to return`}
        </Button>
      </Form>
    </details>
  );
}
