import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { SizeNote } from "./line-notes.tsx";

export type UnavailableLine = { productId: number; title: string; size: string | null };

/** Hidden, deleted or sold-out lines are left out of the order: the shopper is told which, before placing it. */
export function UnavailableNotice({ lines }: { lines: UnavailableLine[] }) {
  const to = useLocalePath();
  if (lines.length === 0) return null;
  return (
    <section
      aria-labelledby="unavailable-heading"
      data-testid="unavailable-notice"
      className="rounded-card border-s-4 border-warning-700 bg-warning-50 p-4 text-sm text-slate-900"
    >
      <h2 id="unavailable-heading" className="font-semibold text-warning-700">
        {lines.length === 1 ? (
          <Trans>This item is no longer available and will not be ordered:</Trans>
        ) : (
          <Trans>These items are no longer available and will not be ordered:</Trans>
        )}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {lines.map((line) => (
          <li key={`${line.productId}-${line.size ?? ""}`} className="break-words">
            <span dir="auto">{line.title}</span>
            {line.size ? <SizeNote size={line.size} /> : null}
          </li>
        ))}
      </ul>
      <Link to={to("/cart")} className="mt-2 inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        <Trans>Review your cart</Trans>
      </Link>
    </section>
  );
}
