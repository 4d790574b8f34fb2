import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useRef } from "react";
import { type Locale, localePath } from "~/i18n/locale.ts";
import { useLocale, useLocalePath } from "~/i18n/use-locale.ts";
import { Memoised, objectKey } from "~/platform/render/server-html.tsx";
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

/** A listing's path in the page's language, keeping the other parameters. */
function href(locale: Locale, slug: string | null, keep: string) {
  const params = new URLSearchParams(keep);
  if (slug) params.set("category", slug);
  const query = params.toString();
  return localePath(locale, query ? `/shop?${query}` : "/shop");
}

/** What the tree is drawn from: its props and nothing else (no context), so the server can keep its markup. */
type TreeProps = Omit<CategoryFilterProps, "tree"> & { locale: Locale; i18n: I18n };

function Branch({ node, ...props }: { node: CategoryMenuNode } & TreeProps) {
  const { selectedId, openIds, keep, locale, i18n } = props;
  const label = node.label;
  const link = (label: string) => {
    const selected = node.id === selectedId;
    return (
      <a
        href={href(locale, node.slug, keep)}
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
          <li>{link(i18n._(msg`All ${label}`))}</li>
          {node.children.map((child) => (
            <Branch key={child.id} node={child} {...props} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** 'All Categories' and the tree. */
function CategoryTree({ tree, ...props }: { tree: CategoryMenuNode[] } & TreeProps) {
  const { selectedId, keep, locale, i18n } = props;
  return (
    <>
      <li>
        <a
          href={href(locale, null, keep)}
          aria-current={selectedId === null ? "page" : undefined}
          className={`block min-h-10 rounded px-2 py-2 text-sm ${selectedId === null ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {i18n._(msg`All Categories`)}
        </a>
      </li>
      {tree.map((node) => (
        <Branch key={node.id} node={node} {...props} />
      ))}
    </>
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
  const locale = useLocale();
  const { i18n } = useLingui();
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
        {/* The same for every search and sort of a category: the server draws it once per key, and the
            browser hydrates it as the markup it arrived with until a navigation changes the key. */}
        <Memoised
          id="category-filter-tree"
          as="ul"
          className="mt-1"
          memoKey={`category-filter ${locale} ${objectKey(tree)} ${selectedId} ${openIds.join()} ${keep}`}
        >
          <CategoryTree tree={tree} selectedId={selectedId} openIds={openIds} keep={keep} locale={locale} i18n={i18n} />
        </Memoised>
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
