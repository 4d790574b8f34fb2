import { useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";

export type Crumb = { label: string; to?: string };

/**
 * The trail above a page; the last crumb is the page itself. Each crumb keeps its own direction
 * (`dir="auto"`): a product's English title reads right inside an Arabic trail.
 */
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
              <Link to={crumb.to} dir="auto" className="rounded hover:text-slate-900 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span
                dir="auto"
                aria-current={index === crumbs.length - 1 ? "page" : undefined}
                className="font-medium text-slate-900"
              >
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
