import { Trans } from "@lingui/react/macro";

/** The owner's returns and warranty policy (`/admin/settings`), on product pages; nothing when none is set. */
export function ReturnsPolicy({ policy }: { policy: string | undefined }) {
  if (!policy) return null;
  return (
    <section
      aria-labelledby="returns-policy-heading"
      className="rounded-card border border-slate-200 bg-white p-4 text-sm"
      data-testid="product-policy"
    >
      <h2 id="returns-policy-heading" className="font-semibold text-slate-800">
        <Trans>Returns and warranty</Trans>
      </h2>
      <p className="mt-1 whitespace-pre-line text-slate-700" dir="auto">
        {policy}
      </p>
    </section>
  );
}
