import { Link } from "@remix-run/react";

export type UnavailableLine = { productId: number; title: string; size: string | null };

/** Hidden, deleted or sold-out lines are left out of the order: the shopper is told which, before placing it. */
export function UnavailableNotice({ lines }: { lines: UnavailableLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section
      aria-labelledby="unavailable-heading"
      data-testid="unavailable-notice"
      className="rounded-card border-l-4 border-warning-700 bg-warning-50 p-4 text-sm text-slate-900"
    >
      <h2 id="unavailable-heading" className="font-semibold text-warning-700">
        {lines.length === 1
          ? "This item is no longer available and will not be ordered:"
          : "These items are no longer available and will not be ordered:"}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={`${line.productId}-${line.size ?? ""}`} className="break-words">
            {line.title}
            {line.size ? <span className="text-slate-600"> · Size {line.size}</span> : null}
          </li>
        ))}
      </ul>
      <Link to="/cart" className="mt-2 inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        Review your cart
      </Link>
    </section>
  );
}
