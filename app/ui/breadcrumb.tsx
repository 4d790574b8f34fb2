import { useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";

export type Crumb = { label: string; to?: string };

/** The trail above a page; the last crumb is the page itself. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`} className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
            {index > 0 ? (
              <span aria-hidden="true" className="text-slate-400">
                /
              </span>
            ) : null}
            {crumb.to && index < crumbs.length - 1 ? (
              <Link to={crumb.to} className="rounded hover:text-slate-900 hover:underline">
                <bdi>{crumb.label}</bdi>
              </Link>
            ) : (
              <span
                aria-current={index === crumbs.length - 1 ? "page" : undefined}
                className="font-medium text-slate-900"
              >
                <bdi>{crumb.label}</bdi>
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
