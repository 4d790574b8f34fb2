import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { gradeText, packagingText } from "~/catalogue/condition-text.ts";
import { shownTitle } from "~/catalogue/shown-text.ts";
import { type Locale, localePath } from "~/i18n/locale.ts";
import { useLocale } from "~/i18n/use-locale.ts";
import { CARD_SIZE_CHIPS } from "~/catalogue/options.ts";
import type { ProductCardData } from "~/catalogue/views.ts";
import { Price } from "./price.tsx";
import { ProductImage } from "./product-image.tsx";

type ProductCardProps = {
  product: ProductCardData;
  eager?: boolean;
  sizes?: string;
  /** The title's heading level: one below the heading of the list the card sits in. */
  headingLevel?: 2 | 3;
};

type CardLinkProps = { href: string; className: string; children: ReactNode };

/** The card's link in a page React draws: navigates in the app, and prefetches the product on intent. */
function RouterLink({ href, className, children }: CardLinkProps) {
  return (
    <Link to={href} prefetch="intent" className={className}>
      {children}
    </Link>
  );
}

/**
 * The card's link when the server draws the card on its own, with no router around it
 * (`ProductGrid`): the same markup `RouterLink` renders. In the browser such a card is kept as the
 * markup it arrived with, whose anchors the grid's listeners navigate and prefetch for.
 */
export function PlainLink({ href, className, children }: CardLinkProps) {
  return (
    <a className={className} data-discover="true" href={href}>
      {children}
    </a>
  );
}

/**
 * The one product card of the shop (home carousels and /shop). An out-of-stock product is greyed,
 * says so, and is not a link.
 */
export function ProductCard(props: ProductCardProps) {
  return <ProductCardMarkup {...props} locale={useLocale()} CardLink={RouterLink} />;
}

/**
 * The card itself, reading no router: the page's language and the link's component come in. It
 * reads Lingui's context, which the server gives a card it draws on its own (`ProductGrid`).
 */
export function ProductCardMarkup({
  product,
  eager = false,
  sizes = "(min-width: 992px) 240px, 50vw",
  headingLevel = 3,
  locale,
  CardLink,
}: ProductCardProps & { locale: Locale; CardLink: (props: CardLinkProps) => ReactNode }) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  const { i18n, t } = useLingui();
  const title = shownTitle(product, locale);
  const soldOut = product.stock <= 0;
  const shownSizes = product.sizes.slice(0, CARD_SIZE_CHIPS);
  const moreSizes = product.sizes.length - shownSizes.length;
  const body = (
    <>
      <div className="relative aspect-square overflow-hidden rounded-t-card bg-white">
        <ProductImage
          image={product.image}
          alt={title}
          sizes={sizes}
          eager={eager}
          className={`size-full object-contain ${soldOut ? "opacity-60 grayscale" : ""}`}
        />
        {soldOut ? (
          <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
            <span className="rounded bg-slate-900/80 px-3 py-1 text-sm font-bold uppercase tracking-wide text-white">
              <Trans>Out of Stock</Trans>
            </span>
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        {/* <bdi>: an English title keeps its own order on an Arabic page, aligned with the page. */}
        <Title className="line-clamp-2 min-h-[2.5rem] text-sm font-medium leading-5 text-slate-900">
          <bdi>{title}</bdi>
        </Title>
        <p className="flex flex-wrap gap-1 text-xs leading-5 text-slate-700" data-testid="condition-chips">
          <span className="rounded bg-slate-100 px-1.5">{packagingText(i18n, product.packaging).label}</span>
          <span className="rounded bg-slate-100 px-1.5">{gradeText(i18n, product.grade).label}</span>
        </p>
        {shownSizes.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label={t`Sizes`}>
            {shownSizes.map((size) => {
              // A size with none left, as on the product page: struck through, dashed, and named 'out of stock' to screen readers.
              const gone = product.soldOutSizes?.includes(size);
              return (
                <li
                  key={size}
                  className={`rounded border border-slate-300 px-1.5 text-xs leading-5 text-slate-700 ${gone ? "border-dashed line-through" : ""}`}
                >
                  {size}
                  {gone ? <span className="sr-only">{t`, out of stock`}</span> : null}
                </li>
              );
            })}
            {moreSizes > 0 ? (
              <li className="px-1 text-xs leading-5 text-slate-600">
                <Trans>+{moreSizes} more</Trans>
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="mt-auto">
          <Price priceCents={product.priceCents} oldPriceCents={product.oldPriceCents} />
          {soldOut ? (
            <p className="mt-1 text-sm font-semibold text-danger-700">
              <Trans>Out of Stock</Trans>
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
  const frame = "flex h-full flex-col rounded-card border border-slate-200 bg-white shadow-card";
  if (soldOut) {
    return (
      <article className={`${frame} relative cursor-not-allowed`} data-testid="product-card">
        {body}
      </article>
    );
  }
  return (
    <article className="relative h-full" data-testid="product-card">
      <CardLink
        href={localePath(locale, `/shop/product/${product.id}`)}
        className={`${frame} transition-shadow hover:shadow-md focus-visible:outline-2`}
      >
        {body}
      </CardLink>
    </article>
  );
}
