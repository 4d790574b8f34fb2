import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useRef } from "react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { useClientNavigation } from "~/ui/hooks/use-client-navigation.ts";
import type { CategoryMenuNode } from "~/catalogue/views.ts";

type CategoryFilterProps = {
  tree: CategoryMenuNode[];
  selectedId: number | null;
  /** The selected category and its ancestors: their branches start open. */
  openIds: number[];
  /** Other listing parameters to keep (the sort, the condition filters) when a category is picked. */
  keep: string;
};

/** A listing's path in the page's language (`to`), keeping the other parameters. */
function href(to: (path: string) => string, slug: string | null, keep: string) {
  const params = new URLSearchParams(keep);
  if (slug) params.set("category", slug);
  const query = params.toString();
  return to(query ? `/shop?${query}` : "/shop");
}

function Branch({ node, selectedId, openIds, keep }: { node: CategoryMenuNode } & Omit<CategoryFilterProps, "tree">) {
  const { t } = useLingui();
  const to = useLocalePath();
  const label = node.label;
  const link = (label: string) => {
    const selected = node.id === selectedId;
    return (
      <a
        href={href(to, node.slug, keep)}
        aria-current={selected ? "page" : undefined}
        className={`block min-h-10 rounded px-2 py-2 text-sm ${selected ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
      >
        {label}
      </a>
    );
  };
  if (node.children.length === 0) return <li>{link(label)}</li>;
  // The summary only opens the branch (a link inside it would be a control inside a control);
  // the branch's own listing is its first entry.
  return (
    <li>
      <details open={openIds.includes(node.id)}>
        <summary className="flex min-h-10 cursor-pointer list-none items-center justify-between rounded px-2 text-sm text-slate-800 hover:bg-slate-100">
          {label}
          <span aria-hidden="true" className="inline-flex size-8 items-center justify-center text-lg text-slate-600">
            <span className="when-closed">+</span>
            <span className="when-open">−</span>
          </span>
        </summary>
        <ul className="ms-3 border-s border-slate-200 ps-2">
          <li>{link(t`All ${label}`)}</li>
          {node.children.map((child) => (
            <Branch key={child.id} node={child} selectedId={selectedId} openIds={openIds} keep={keep} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The 'Filters' content: 'All Categories', the collapsible 'Category' tree, further filters (children) and 'Clear'. */
export function CategoryFilter({
  tree,
  selectedId,
  openIds,
  keep,
  children,
}: CategoryFilterProps & { children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const to = useLocalePath();
  // The tree's links are plain anchors (one listener navigates for them all).
  useClientNavigation(ref);
  return (
    <div ref={ref}>
      <details open className="group/category">
        <summary className="flex min-h-10 cursor-pointer list-none items-center justify-between font-semibold text-slate-900">
          <Trans>Category</Trans>
          <span aria-hidden="true" className="text-slate-500 group-open/category:rotate-180">
            ▾
          </span>
        </summary>
        <ul className="mt-1">
          <li>
            <a
              href={href(to, null, keep)}
              aria-current={selectedId === null ? "page" : undefined}
              className={`block min-h-10 rounded px-2 py-2 text-sm ${selectedId === null ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
            >
              <Trans>All Categories</Trans>
            </a>
          </li>
          {tree.map((node) => (
            <Branch key={node.id} node={node} selectedId={selectedId} openIds={openIds} keep={keep} />
          ))}
        </ul>
      </details>
      {children}
      <a
        href={to("/shop")}
        className="mt-3 inline-flex min-h-10 items-center rounded px-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <Trans>Clear</Trans>
      </a>
    </div>
  );
}
