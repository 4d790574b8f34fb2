import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Link } from "@remix-run/react";
import type { Grade, Packaging } from "~/catalogue/condition.ts";
import { gradeText, packagingText } from "~/catalogue/condition-text.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { CloseIcon } from "~/ui/icons.tsx";

export type ActiveFilterState = {
  search: string;
  category: { slug: string; label: string } | null;
  sort: string | null;
  condition: { packaging: Packaging[]; grade: Grade[] };
  inStock: boolean;
};

/** The listing's URL for a state (the default sort and an empty filter leave no trace in it). */
export function shopHref(state: ActiveFilterState) {
  const params = new URLSearchParams();
  if (state.search) params.set("search", state.search);
  if (state.category) params.set("category", state.category.slug);
  if (state.sort && state.sort !== "latest") params.set("sort", state.sort);
  for (const value of state.condition.packaging) params.append("packaging", value);
  for (const value of state.condition.grade) params.append("grade", value);
  if (state.inStock) params.set("stock", "in");
  const query = params.toString();
  return query ? `/shop?${query}` : "/shop";
}

/** Each filter on, with the listing's URL without it (an English path), labelled in the page's language. */
export function activeFilters(state: ActiveFilterState, i18n: I18n) {
  const chips: { label: string; href: string }[] = [];
  if (state.category) chips.push({ label: state.category.label, href: shopHref({ ...state, category: null }) });
  for (const [name, text] of [
    ["packaging", packagingText],
    ["grade", gradeText],
  ] as const)
    for (const value of state.condition[name] as string[]) {
      const kept = (state.condition[name] as string[]).filter((other) => other !== value);
      chips.push({
        label: text(i18n, value).label,
        href: shopHref({ ...state, condition: { ...state.condition, [name]: kept } }),
      });
    }
  if (state.inStock) chips.push({ label: i18n._(msg`In stock only`), href: shopHref({ ...state, inStock: false }) });
  return chips;
}

/**
 * The filters on, above the listing: chips that are links to the listing without them, so they
 * remove themselves with or without JavaScript; 'Clear all' when there are two or more.
 */
export function ActiveFilters({ state }: { state: ActiveFilterState }) {
  const { i18n } = useLingui();
  const to = useLocalePath();
  const chips = activeFilters(state, i18n);
  if (chips.length === 0) return null;
  return (
    <ul
      aria-label={i18n._(msg`Active filters`)}
      className="mt-3 flex flex-wrap items-center gap-2"
      data-testid="active-filters"
    >
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={to(chip.href)}
            preventScrollReset
            aria-label={i18n._(msg`Remove filter: ${chip.label}`)}
            className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-700/30 bg-brand-50 py-1 pe-2 ps-3 text-sm font-medium text-brand-800 hover:bg-brand-100"
          >
            {chip.label}
            <CloseIcon className="size-4" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
