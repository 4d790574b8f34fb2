import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { Breadcrumb, type Crumb } from "~/ui/breadcrumb.tsx";
import { CategoryFilter } from "~/catalogue/components/category-filter.tsx";
import { ConditionFilter } from "~/catalogue/components/condition-filter.tsx";
import { FilterSheet } from "~/catalogue/components/filter-sheet.tsx";
import { ActiveFilters, activeFilters, shopHref } from "~/catalogue/components/active-filters.tsx";
import { ProductGrid } from "~/catalogue/components/card-list.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { MAX_SHOWN } from "~/catalogue/options.ts";
import { canonicalLink } from "~/utils/seo.ts";
import { canonicalAddress } from "~/platform/http/page-address.ts";
import { useRef } from "react";
import { useEarlyChanges } from "~/ui/hooks/use-early-changes.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import type { ProductSort } from "~/catalogue/sorts.ts";
import { parseShopQuery, shopListing } from "~/catalogue/shop-listing.server.ts";
import type { RootLoader } from "~/root.tsx";
import { NoProductsFound } from "~/catalogue/components/no-products-found.tsx";
import { DEFAULT_PAGE_SHOP_DETAILS } from "~/settings/shop-details.ts";
import { SORT_LABELS } from "~/catalogue/sorts.ts";
import { withCategoryLabels } from "~/catalogue/category-labels.server.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { withShareTags } from "~/shell/share-tags.ts";

/** The listing's heading, in the page's language: the search, the category, or 'All Products'. */
function listingHeading(i18n: I18n, data: { search: string; category: { label: string } | null }) {
  const { search, category } = data;
  if (search) return i18n._(msg`Search results for "${search}"`);
  return category ? category.label : i18n._(msg`All Products`);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const listing = await shopListing(
    context.db,
    context.storage,
    parseShopQuery(url.searchParams, localeOfPath(url.pathname)),
  );
  // The category's and its trail's labels in the page's language (the menu's are the root loader's).
  const i18n = i18nOfRequest(request);
  const [category] = listing.category ? withCategoryLabels(i18n, [listing.category]) : [null];
  return { ...listing, category, trail: withCategoryLabels(i18n, listing.trail) };
}

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) => {
  const i18n = i18nOfMatches(matches, location.pathname);
  const heading = listingHeading(i18n, { search: data?.search ?? "", category: data?.category ?? null });
  // The listing of a category is a page of its own to index; the rest of its state is not (page-address.ts).
  const canonical = canonicalAddress(localePath(localeOfPath(location.pathname), "/shop"), {
    category: data?.category?.slug,
  });
  return withShareTags(
    [
      { title: i18n._(msg`${heading} | OpenBox Lebanon`) },
      {
        name: "description",
        content: i18n._(
          msg`${heading}: open-box, damaged-box and no-box goods at lower prices, delivered across Lebanon.`,
        ),
      },
      canonicalLink(matches, canonical),
      ...(data?.search || /(show|packaging|grade)=/.test(location.search)
        ? [{ name: "robots", content: "noindex, follow" }]
        : []),
    ],
    { matches, location },
  );
};

/** A listing URL's parameters, as a query string (for hidden inputs and links that keep them). */
const queryOf = (href: string) => href.split("?")[1] ?? "";

/** `keep`: the listing's other parameters (search, category, filters), as a query string. */
function SortForm({ keep, sort, search }: { keep: string; sort: ProductSort | null; search: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { i18n } = useLingui();
  const to = useLocalePath();
  const formRef = useRef<HTMLFormElement>(null);
  useEarlyChanges(formRef, (form) => submit(form, { preventScrollReset: true }));
  return (
    <Form
      ref={formRef}
      method="get"
      action={to("/shop")}
      preventScrollReset
      className="flex items-center gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {[...new URLSearchParams(keep)].map(([name, value]) => (
        <input key={name + value} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="sort" className="text-sm text-slate-700">
        <Trans>Sort by</Trans>
      </label>
      {/* Keyed by the sort, so it shows the listing's order again after a link (Clear) changes it. */}
      <select
        key={sort ?? ""}
        id="sort"
        name="sort"
        defaultValue={sort ?? ""}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        {search ? (
          <option value="">
            <Trans>Best match</Trans>
          </option>
        ) : null}
        {Object.entries(SORT_LABELS).map(([value, label]: [string, MessageDescriptor]) => (
          <option key={value} value={value}>
            {i18n._(label)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={buttonClass("secondary", "sm", "min-h-11")}>
          <Trans>Sort</Trans>
        </button>
      )}
    </Form>
  );
}

export default function Shop() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { i18n, t } = useLingui();
  const to = useLocalePath();
  const loading = navigation.state === "loading" && navigation.location.pathname === to("/shop");
  const heading = listingHeading(i18n, data);
  const shownCount = Math.min(data.shown, data.total);
  const remaining = data.total - shownCount;

  const filterState = { ...data, inStock: data.inStock };
  // Category links keep the sort and the filters; the sort keeps the rest.
  const keepSort = queryOf(shopHref({ ...filterState, search: "", category: null }));
  const listingHref = shopHref(filterState);
  const moreHref = `${listingHref}${listingHref.includes("?") ? "&" : "?"}show=${data.shown + 10}`;

  const crumbs: Crumb[] = [
    { label: t`Home`, to: to("/") },
    { label: t`Shop`, to: to("/shop") },
    // A top category named like a crumb before it ('Home') would read 'Home / Shop / Home / …'.
    ...data.trail
      .filter(
        (crumb, index, trail) => index === trail.length - 1 || !["home", "shop"].includes(crumb.label.toLowerCase()),
      )
      .map((crumb) => ({ label: crumb.label, to: to(`/shop?category=${crumb.slug}`) })),
  ];
  if (data.search) crumbs.push({ label: t`Search` });
  if (!data.search && !data.category) crumbs[crumbs.length - 1] = { label: t`Shop` };

  const root = useRouteLoaderData<RootLoader>("root");
  const tree = root?.categories ?? [];
  const shopDetails = root?.shopDetails ?? DEFAULT_PAGE_SHOP_DETAILS;

  return (
    <div>
      <Breadcrumb crumbs={crumbs} />
      {/* One grid, so the filters are rendered once: the sidebar's column from 992 px, between the
          heading and the products on a phone. */}
      <div className="lg:grid lg:grid-cols-[16rem_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="lg:col-start-2">
          <h1 id="listing-heading" className="text-2xl font-bold tracking-tight md:text-3xl">
            {heading}
          </h1>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" data-testid="showing">
              {data.total > 0 ? t`Showing 1-${shownCount} of ${data.total} Products` : null}
              {data.total > 0 && data.category ? (
                <span>
                  {" "}
                  <Trans>(Including all subcategories)</Trans>
                </span>
              ) : null}
            </p>
            <SortForm keep={queryOf(shopHref({ ...filterState, sort: null }))} sort={data.sort} search={data.search} />
          </div>
          <ActiveFilters state={filterState} />
        </div>

        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <FilterSheet activeCount={activeFilters(filterState, i18n).length} total={data.total}>
            <CategoryFilter tree={tree} selectedId={data.category?.id ?? null} openIds={data.openIds} keep={keepSort}>
              <ConditionFilter
                facets={data.facets}
                selected={data.condition}
                keep={{ search: data.search, category: data.category?.slug ?? null, sort: data.sort }}
                inStock={data.inStock}
              />
            </CategoryFilter>
          </FilterSheet>
        </div>

        {/* Only the results are busy while the next listing loads: the filters stay usable meanwhile. */}
        <section aria-labelledby="listing-heading" aria-busy={loading || undefined} className="lg:col-start-2">
          {data.total === 0 ? (
            <NoProductsFound
              message={
                data.category || data.unknownCategory ? t`No products found in this category.` : t`No products found.`
              }
              details={data.search ? shopDetails : null}
            />
          ) : (
            <>
              <ProductGrid items={data.items} loading={loading} />
              {remaining > 0 && data.shown < MAX_SHOWN ? (
                <div className="mt-8 flex justify-center">
                  <Link to={to(moreHref)} preventScrollReset className={buttonClass("secondary", "md")}>
                    <Trans>Show More ({remaining} remaining)</Trans>
                  </Link>
                </div>
              ) : null}
              {remaining > 0 && data.shown >= MAX_SHOWN ? (
                <p className="mt-8 text-center text-sm text-slate-600">
                  <Trans>That is the first {MAX_SHOWN}. Pick a category or search to find the rest.</Trans>
                </p>
              ) : null}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
