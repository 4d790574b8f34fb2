import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { formatOrderTime } from "~/orders/order-desk.ts";
import { formatPhone } from "~/utils/phone-number.ts";
import { BlockPhoneForm, phoneOrdersHref } from "./order-returns.tsx";

export type BlockedPhoneRow = { phone: string; reason: string; at: string; by: string };

/**
 * 'Blocked phone numbers' (Settings, and the order desk's own page): the numbers the shop takes no online order from, each with
 * why, who and when, and 'Unblock'; and a form to block one more (the same schema as the API).
 */
export function BlockedPhonesSection({
  blocked,
  blockResult,
  formAction,
}: {
  blocked: BlockedPhoneRow[];
  blockResult: SubmissionResult<string[]> | undefined;
  formAction: string;
}) {
  return (
    <section
      aria-labelledby="blocked-phones-heading"
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="blocked-phones-heading" className="text-lg font-bold">
        Blocked phone numbers
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        An order from a blocked number is refused online, however the number is written; the shopper is asked to call
        the shop.
      </p>
      {blocked.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No number is blocked.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="blocked-phones">
          {blocked.map((row) => (
            <li key={row.phone} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <Link
                  to={phoneOrdersHref(row.phone)}
                  className="tabular font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {formatPhone(row.phone)}
                </Link>
                <p dir="auto" className="break-words text-slate-700">
                  {row.reason}
                </p>
                <p className="text-xs text-slate-600">
                  {formatOrderTime(row.at)} · {row.by}
                </p>
              </div>
              <Form method="post" action={formAction} preventScrollReset>
                <input type="hidden" name="phone" value={row.phone} />
                <Button
                  type="submit"
                  name="intent"
                  value="unblock"
                  variant="secondary"
                  size="sm"
                  className="min-h-11"
                  aria-label={`Unblock ${formatPhone(row.phone)}`}
                >
                  Unblock
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 font-semibold">Block a number</h3>
      <BlockPhoneForm id="settings-block" formAction={formAction} lastResult={blockResult} />
    </section>
  );
}
