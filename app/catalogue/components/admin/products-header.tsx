import { Form, Link, useSearchParams } from "@remix-run/react";
import { Button, buttonClass } from "~/ui/button.tsx";
import { ADMIN_PRODUCT_SORT_LABELS, ADMIN_PRODUCT_SORTS, type AdminProductSort } from "~/catalogue/margin.ts";

/**
 * The products page's title with the count, Export CSV, Import CSV, the search form (a GET, `?q=`)
 * and the table's order (`?sort=`), each keeping the other.
 */
export function ProductsHeader({ total, search, sort }: { total: number; search: string; sort: AdminProductSort }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">Products ({total})</h1>
      {/* A plain link: the file downloads with or without JavaScript. */}
      <div className="mr-auto flex flex-wrap gap-2">
        <a href="/admin/products.csv" download className={buttonClass("secondary", "md", "whitespace-nowrap")}>
          Export CSV
        </a>
        <Link to="/admin/products/import" className={buttonClass("secondary", "md", "whitespace-nowrap")}>
          Import CSV
        </Link>
      </div>
      <Form method="get" role="search" className="flex w-full items-center gap-2 sm:w-auto">
        <label htmlFor="product-search" className="sr-only">
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          name="q"
          defaultValue={search}
          placeholder="Search products..."
          className="min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base sm:w-56"
        />
        {sort === "newest" ? null : <input type="hidden" name="sort" value={sort} />}
        <Button type="submit" variant="secondary" className="min-h-11">
          Search
        </Button>
        {search ? (
          <Link to="/admin/products" className={buttonClass("ghost", "md")} aria-label="Clear search">
            Clear
          </Link>
        ) : null}
      </Form>
      <SortLinks sort={sort} />
    </div>
  );
}

/** Plain links (state in the URL): the first page of the table in that order, the search kept. */
function SortLinks({ sort }: { sort: AdminProductSort }) {
  const [searchParams] = useSearchParams();
  const hrefOf = (option: AdminProductSort) => {
    const params = new URLSearchParams(searchParams);
    params.delete("page");
    if (option === "newest") params.delete("sort");
    else params.set("sort", option);
    const query = params.toString();
    return query ? `/admin/products?${query}` : "/admin/products";
  };
  return (
    <nav aria-label="Sort products" className="flex w-full flex-wrap items-center gap-x-1 text-sm">
      <span className="text-slate-600">Sort:</span>
      {ADMIN_PRODUCT_SORTS.map((option) => (
        <Link
          key={option}
          to={hrefOf(option)}
          aria-current={option === sort ? "true" : undefined}
          className="inline-flex min-h-11 items-center rounded px-2 text-brand-700 underline-offset-2 hover:underline aria-[current]:font-semibold aria-[current]:text-slate-900 aria-[current]:no-underline"
        >
          {ADMIN_PRODUCT_SORT_LABELS[option]}
        </Link>
      ))}
    </nav>
  );
}
