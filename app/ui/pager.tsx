import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "@remix-run/react";
import { buttonClass } from "~/ui/button.tsx";

/**
 * Previous / "Page N of M" / Next under an admin list; plain links that keep the list's other
 * query parameters (search, view). Nothing when the list fits one page.
 */
export function Pager({ path, page, pages }: { path: string; page: number; pages: number }) {
  const [searchParams] = useSearchParams();
  const { t } = useLingui();
  if (pages <= 1) return null;
  const pageHref = (n: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(n));
    return `${path}?${params.toString()}`;
  };
  return (
    <nav aria-label={t`Pages`} className="flex items-center justify-center gap-2 text-sm">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} className={buttonClass("secondary", "sm", "min-h-11")}>
          <Trans>Previous</Trans>
        </Link>
      ) : null}
      <span className="tabular">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {page < pages ? (
        <Link to={pageHref(page + 1)} className={buttonClass("secondary", "sm", "min-h-11")}>
          <Trans>Next</Trans>
        </Link>
      ) : null}
    </nav>
  );
}
