import { Link } from "@remix-run/react";
import type { CategoryTreeNode } from "~/models/category.server.ts";

type CategoryFilterProps = {
  tree: CategoryTreeNode[];
  selectedId: number | null;
  /** The selected category and its ancestors: their branches start open (spec §4 "Shop list"). */
  openIds: number[];
  /** Other listing parameters to keep (the sort) when a category is picked. */
  keep: string;
};

function href(slug: string | null, keep: string) {
  const params = new URLSearchParams(keep);
  if (slug) params.set("category", slug);
  const query = params.toString();
  return query ? `/shop?${query}` : "/shop";
}

function Branch({ node, selectedId, openIds, keep }: { node: CategoryTreeNode } & Omit<CategoryFilterProps, "tree">) {
  const selected = node.id === selectedId;
  const link = (
    <Link
      to={href(node.slug, keep)}
      aria-current={selected ? "page" : undefined}
      className={`block min-h-10 flex-1 rounded px-2 py-2 text-sm ${selected ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {node.label}
    </Link>
  );
  if (node.children.length === 0) return <li>{link}</li>;
  return (
    <li>
      <details open={openIds.includes(node.id)} className="group">
        <summary className="flex cursor-pointer list-none items-center rounded marker:hidden">
          {link}
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded text-lg text-slate-600 hover:bg-slate-100">
            <span aria-hidden="true" className="group-open:hidden">+</span>
            <span aria-hidden="true" className="hidden group-open:inline">−</span>
            <span className="sr-only">Show subcategories of {node.label}</span>
          </span>
        </summary>
        <ul className="ml-3 border-l border-slate-200 pl-2">
          {node.children.map((child) => (
            <Branch key={child.id} node={child} selectedId={selectedId} openIds={openIds} keep={keep} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The 'Filters' content: 'All Categories', the collapsible 'Category' tree and 'Clear'. */
export function CategoryFilter({ tree, selectedId, openIds, keep }: CategoryFilterProps) {
  return (
    <div>
      <details open className="group/category">
        <summary className="flex min-h-10 cursor-pointer list-none items-center justify-between font-semibold text-slate-900">
          Category
          <span aria-hidden="true" className="text-slate-500 group-open/category:rotate-180">▾</span>
        </summary>
        <ul className="mt-1">
          <li>
            <Link
              to={href(null, keep)}
              aria-current={selectedId === null ? "page" : undefined}
              className={`block min-h-10 rounded px-2 py-2 text-sm ${selectedId === null ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
            >
              All Categories
            </Link>
          </li>
          {tree.map((node) => (
            <Branch key={node.id} node={node} selectedId={selectedId} openIds={openIds} keep={keep} />
          ))}
        </ul>
      </details>
      <Link to="/shop" className="mt-3 inline-flex min-h-10 items-center rounded px-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        Clear
      </Link>
    </div>
  );
}
