import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import type { CarouselSection } from "~/catalogue/views.ts";
import { CardList } from "./card-list.tsx";
import { buttonClass } from "~/ui/button.tsx";

/**
 * A home page category row, rendered on the server: a CSS scroll-snap row that scrolls by touch,
 * trackpad or keyboard without JavaScript (the cards' widths: `CardList`'s carousel place). Its
 * cards are drawn once per product on the server and hydrated as the markup they arrived with.
 */
export function ProductCarousel({
  section,
  eager,
  name = section.title,
}: {
  section: CarouselSection;
  eager: boolean;
  /** The section's English name, for its heading's id (its title is in the page's language). */
  name?: string;
}) {
  const { t } = useLingui();
  const to = useLocalePath();
  const headingId = `carousel-${name.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  const lowerTitle = section.title.toLowerCase();
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold tracking-tight">
          {section.title}
        </h2>
        <Link
          to={to(section.viewAll)}
          className={buttonClass("secondary", "sm", "min-h-11")}
          aria-label={t`View All ${lowerTitle}`}
        >
          <Trans>View All</Trans>
        </Link>
      </div>
      {section.error ? (
        <div
          role="alert"
          className="rounded-card border border-warning-700/30 bg-warning-50 p-6 text-center text-warning-700"
        >
          <p className="font-medium">{section.error}</p>
          <a href={to("/")} className={buttonClass("secondary", "sm", "mt-3 min-h-11")}>
            <Trans>Try Again</Trans>
          </a>
        </div>
      ) : section.products.length === 0 ? (
        <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          <Trans>No products found for this category.</Trans>
        </p>
      ) : (
        <CardList
          id={`${headingId}-cards`}
          place="carousel"
          items={section.products}
          eagerCards={eager ? 2 : 0}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto scroll-smooth px-4 pb-3 lg:mx-0 lg:scroll-px-0 lg:px-0 [scrollbar-width:thin] sm:gap-4"
          label={t`${section.title} products`}
          focusable
        />
      )}
    </section>
  );
}
