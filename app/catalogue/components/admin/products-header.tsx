import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/ui/button.tsx";

/** The products page's title with the count, Export CSV, Import CSV and the search form (a GET, `?q=`). */
export function ProductsHeader({ total, search }: { total: number; search: string }) {
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
        <Button type="submit" variant="secondary" className="min-h-11">
          Search
        </Button>
        {search ? (
          <Link to="/admin/products" className={buttonClass("ghost", "md")} aria-label="Clear search">
            Clear
          </Link>
        ) : null}
      </Form>
    </div>
  );
}
