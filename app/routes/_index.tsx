import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BrandGrid } from "~/catalogue/components/brand-grid.tsx";
import { ProductCarousel } from "~/catalogue/components/product-carousel.tsx";
import { PlacedOrderSummary } from "~/checkout/components/placed-order-summary.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { CAROUSEL_MAX_PRODUCTS } from "~/catalogue/options.ts";
import type { CarouselSection } from "~/catalogue/views.ts";
import { canonicalLink } from "~/utils/seo.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { descendantIds, findCategory, listCategories } from "~/catalogue/category.server.ts";
import { loadPlacedOrder } from "~/checkout/placed-order.server.ts";
import { carouselPicks } from "~/catalogue/carousel.server.ts";
import { homeText } from "~/catalogue/page-text.server.ts";
import { withShareTags } from "~/shell/share-tags.ts";

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  withShareTags(
    [
      { title: data?.text.title },
      { name: "description", content: data?.text.description },
      canonicalLink(matches, localePath(localeOfPath(location.pathname), "/")),
    ],
    { matches, location },
  );

/** The home page's three category sections, each its own category value. */
const SECTIONS = [
  { name: "HOME APPLIANCES", heading: msg`HOME APPLIANCES`, category: "Home Appliances" },
  { name: "KITCHEN APPLIANCES", heading: msg`KITCHEN APPLIANCES`, category: "Kitchen Appliances" },
  { name: "WOMENS BEAUTY CARE", heading: msg`WOMENS BEAUTY CARE`, category: "Women" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const rows = listCategories(context.db);
  // The titles and messages in the page's language; `name` (English) picks the products and names the heading.
  const i18n = i18nOfRequest(request);
  const sections: (CarouselSection & { name: string })[] = SECTIONS.map(({ name, heading, category: value }) => {
    const title = i18n._(heading);
    const category = findCategory(rows, value);
    if (!category) {
      // The owner removed or renamed the section's category: the section says so.
      const error = i18n._(msg`No products found for category: ${value}`);
      return { name, title, viewAll: "/shop", products: [], error };
    }
    const viewAll = `/shop?category=${encodeURIComponent(category.slug)}`;
    try {
      const products = carouselPicks(
        context.db,
        context.storage,
        name,
        descendantIds(rows, category.id),
        CAROUSEL_MAX_PRODUCTS,
      );
      return { name, title, viewAll, products, error: null };
    } catch (error) {
      // One failing section shows its error state; the rest of the page still renders.
      console.error(`[${context.requestId}] home carousel ${value}:`, error);
      return { name, title, viewAll, products: [], error: i18n._(msg`Server error. Please try again later.`) };
    }
  });
  // After checkout the shopper lands on `/?order={public id}` (unguessable, like /track/{id}); the
  // receipt is read from the database at every load, so a reload still shows it; an unknown id shows nothing.
  const placedOrder = loadPlacedOrder(context.db, new URL(request.url).searchParams.get("order"));
  // The page's head and 'About US', in the page's language (server-side words: see page-text.server.ts).
  return { sections, placedOrder, text: homeText(i18n) };
}

/**
 * The hero's paragraph: whole from md up; on a phone its first sentence, the rest a tap away
 * (a <details>, so without JavaScript too), so Shop Now and the first products fit the first screen.
 */
function AboutText({ lead, rest }: { lead: string; rest: string }) {
  return (
    <>
      <p className="mt-4 hidden leading-relaxed text-slate-700 md:block">
        {lead} {rest}
      </p>
      <div className="mt-3 md:hidden">
        <p className="leading-relaxed text-slate-700">{lead}</p>
        <details className="group/about">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700 underline underline-offset-2">
            <span className="group-open/about:hidden">
              <Trans>Read more about us</Trans>
            </span>
            <span className="hidden group-open/about:inline">
              <Trans>Read less</Trans>
            </span>
          </summary>
          <p className="leading-relaxed text-slate-700">{rest}</p>
        </details>
      </div>
    </>
  );
}

export default function Home() {
  const { sections, placedOrder, text } = useLoaderData<typeof loader>();
  const to = useLocalePath();
  return (
    <div className="flex flex-col gap-10">
      {placedOrder ? <PlacedOrderSummary order={placedOrder} /> : null}
      <section
        className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-card bg-white p-4 shadow-card sm:p-6 md:grid-cols-[1fr_1fr] md:gap-6 md:p-10 lg:gap-10"
        aria-labelledby="about-heading"
      >
        <div>
          <h1 id="about-heading" className="text-2xl font-bold tracking-tight md:text-3xl">
            <Trans>About US:</Trans>{" "}
          </h1>
          <AboutText lead={text.aboutLead} rest={text.aboutRest} />
          <Link to={to("/shop")} className={buttonClass("primary", "md", "mt-4 md:mt-6")}>
            <Trans>Shop Now</Trans>
          </Link>
        </div>
        <BrandGrid />
      </section>
      {sections.map((section, index) => (
        <ProductCarousel key={section.name} section={section} name={section.name} eager={index === 0} />
      ))}
    </div>
  );
}
