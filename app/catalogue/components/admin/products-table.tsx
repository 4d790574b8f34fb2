import { Form, Link, useSearchParams } from "@remix-run/react";
import { StockBadge } from "~/catalogue/components/admin/stock-badge.tsx";
import { Thumbnail } from "~/catalogue/components/admin/thumbnail.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { gradeLabel, packagingLabel } from "~/catalogue/condition.ts";
import { formatMoney } from "~/utils/money.ts";
import { type AdminProductSort, formatMargin, marginOf } from "~/catalogue/margin.ts";
import { describeStockBySize } from "~/catalogue/size-stock.ts";
import type { StockBySize } from "~/catalogue/views.ts";

export type AdminProductRow = {
  id: number;
  title: string;
  priceCents: number;
  /** What the owner paid; null: not known (no margin). */
  costCents: number | null;
  /** The total; with `stockBySize`, the sum of the sizes' stock. */
  stock: number;
  sizes: string[];
  /** Stock per size, or null (or absent) when the sizes share `stock`. */
  stockBySize?: StockBySize | null;
  isHidden: boolean;
  categoryLabel: string;
  packaging: string;
  grade: string;
  thumb: { srcSet: string } | null;
};

const headerCell = "px-2 py-2";
// Below md each row is a card: the cells flow as labelled lines (the label comes from data-label),
// the actions stay on screen. From md on the same markup is a table with a sticky header.
const cell = "px-2 py-1 md:table-cell";
const labelled = `${cell} flex items-center gap-2 before:w-20 before:shrink-0 before:text-xs before:font-semibold before:uppercase before:text-slate-600 before:content-[attr(data-label)] md:before:content-none`;

export function ProductsTable({
  items,
  search,
  sort,
}: {
  items: AdminProductRow[];
  search: string;
  sort: AdminProductSort;
}) {
  const [searchParams] = useSearchParams();
  // The column header sorts by margin, highest first, then the other way; the links above do the same.
  const marginSortParams = new URLSearchParams(searchParams);
  marginSortParams.delete("page");
  marginSortParams.set("sort", sort === "margin-high" ? "margin-low" : "margin-high");
  if (items.length === 0) {
    return (
      <p className="p-6 text-center text-slate-600">
        {search ? `No products found matching "${search}"` : "No products found"}
      </p>
    );
  }
  return (
    <table className="block w-full text-left text-sm md:table">
      <thead className="sticky top-0 z-10 hidden bg-slate-100 text-xs uppercase tracking-wide text-slate-700 md:table-header-group">
        <tr>
          <th scope="col" className={headerCell}>
            <SelectAll />
          </th>
          <th scope="col" className={headerCell}>
            Images
          </th>
          <th scope="col" className={headerCell}>
            Title
          </th>
          <th scope="col" className={headerCell}>
            Price
          </th>
          <th
            scope="col"
            className={headerCell}
            aria-sort={sort === "margin-high" ? "descending" : sort === "margin-low" ? "ascending" : undefined}
          >
            <Link
              to={`/admin/products?${marginSortParams.toString()}`}
              className="underline-offset-2 hover:underline"
              title="Sort by margin"
            >
              Margin{sort === "margin-high" ? " ↓" : sort === "margin-low" ? " ↑" : ""}
            </Link>
          </th>
          <th scope="col" className={headerCell}>
            Stock
          </th>
          <th scope="col" className={headerCell}>
            Category
          </th>
          <th scope="col" className={headerCell}>
            Condition
          </th>
          <th scope="col" className={headerCell}>
            Size
          </th>
          <th scope="col" className={headerCell}>
            Hidden
          </th>
          <th scope="col" className={headerCell}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-200 md:table-row-group md:divide-slate-100">
        {items.map((product) => (
          <tr
            key={product.id}
            data-testid="admin-product-row"
            className={`grid grid-cols-[auto_auto_1fr] gap-x-2 py-2 md:table-row md:py-0 ${product.isHidden ? "bg-slate-50 text-slate-500" : ""}`}
          >
            <td className={`${cell} row-span-2 self-start`}>
              <input
                type="checkbox"
                name="ids"
                value={product.id}
                form="bulk"
                aria-label={`Select ${product.title}`}
                className="size-5"
              />
            </td>
            <td className={`${cell} row-span-2 self-start`}>
              <Thumbnail src={product.thumb ? product.thumb.srcSet.split(" ")[0]! : null} size={40} />
            </td>
            <td className={`${cell} font-medium text-slate-900 md:max-w-64`} dir="auto">
              {product.title}
            </td>
            <td className={`${cell} tabular`}>{formatMoney(product.priceCents)}</td>
            <td className={`${labelled} col-span-3 tabular`} data-label="Margin" data-testid="product-margin">
              <Margin priceCents={product.priceCents} costCents={product.costCents} />
            </td>
            <td className={`${labelled} col-span-3`} data-label="Stock">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                <StockBadge stock={product.stock} />
                {product.stockBySize ? (
                  <span className="tabular text-xs text-slate-700">
                    {describeStockBySize(product.sizes, product.stockBySize)}
                  </span>
                ) : null}
              </span>
            </td>
            <td className={`${labelled} col-span-3`} data-label="Category">
              {product.categoryLabel}
            </td>
            <td className={`${labelled} col-span-3 text-xs`} data-label="Condition">
              {packagingLabel(product.packaging)}, {gradeLabel(product.grade)}
            </td>
            <td
              className={`${labelled} col-span-3 text-xs md:max-w-40 ${product.sizes.length ? "" : "max-md:hidden"}`}
              data-label="Size"
            >
              {product.sizes.join(", ")}
            </td>
            <td className={`${labelled} col-span-3`} data-label="Hidden">
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="set-hidden" />
                <input type="hidden" name="id" value={product.id} />
                <input type="hidden" name="hidden" value={String(!product.isHidden)} />
                <button
                  type="submit"
                  role="checkbox"
                  aria-checked={product.isHidden}
                  aria-label={`Hidden: ${product.title}`}
                  className="inline-flex size-11 items-center justify-center"
                >
                  <span
                    aria-hidden="true"
                    className={`flex size-5 items-center justify-center rounded border-2 text-xs font-bold ${product.isHidden ? "border-brand-700 bg-brand-700 text-white" : "border-slate-400 bg-white"}`}
                  >
                    {product.isHidden ? "✓" : ""}
                  </span>
                </button>
              </Form>
            </td>
            <td className={`${cell} col-span-3`}>
              <div className="flex gap-1">
                <Link
                  to={`/admin/products/${product.id}/edit?${searchParams.toString()}`}
                  preventScrollReset
                  className={buttonClass("secondary", "sm", "min-h-11")}
                  aria-label={`Edit ${product.title}`}
                >
                  Edit
                </Link>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={product.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="confirm-delete-product"
                    variant="ghost"
                    size="sm"
                    className="min-h-11 text-danger-700"
                    aria-label={`Delete ${product.title}`}
                  >
                    Delete
                  </Button>
                </Form>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** '40% · cost $30.00', or 'no cost' when the owner has not given one. */
function Margin({ priceCents, costCents }: { priceCents: number; costCents: number | null }) {
  const margin = marginOf(priceCents, costCents);
  if (margin === null || costCents === null) return <span className="text-xs text-slate-600">no cost</span>;
  return (
    <span className="whitespace-nowrap">
      <span className={margin < 0 ? "font-semibold text-danger-700" : "font-semibold"}>{formatMargin(margin)}</span>
      <span className="text-xs text-slate-600"> · cost {formatMoney(costCents)}</span>
    </span>
  );
}

/** Select-all needs JavaScript; without it each row's checkbox still works. */
function SelectAll() {
  return (
    <input
      type="checkbox"
      aria-label="Select all products"
      className="size-5"
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        document.querySelectorAll<HTMLInputElement>('input[name="ids"][form="bulk"]').forEach((box) => {
          box.checked = checked;
        });
      }}
    />
  );
}
