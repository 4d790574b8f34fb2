import { Link, useSearchParams } from "@remix-run/react";
import { buttonClass } from "~/ui/button.tsx";

/**
 * Previous / "Page N of M" / Next under an admin list; plain links that keep the list's other
 * query parameters (search, view). Nothing when the list fits one page.
 */
export function Pager({ path, page, pages }: { path: string; page: number; pages: number }) {
  const [searchParams] = useSearchParams();
  if (pages <= 1) return null;
  const pageHref = (n: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(n));
    return `${path}?${params.toString()}`;
  };
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-2 text-sm">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} className={buttonClass("secondary", "sm", "min-h-11")}>
          Previous
        </Link>
      ) : null}
      <span className="tabular">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(page + 1)} className={buttonClass("secondary", "sm", "min-h-11")}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
