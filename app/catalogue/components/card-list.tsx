import { I18nProvider, useLingui } from "@lingui/react";
import { useRef } from "react";
import { PlainLink, ProductCard, ProductCardMarkup } from "~/catalogue/components/product-card.tsx";
import type { ProductCardData } from "~/catalogue/views.ts";
import { useLocale } from "~/i18n/use-locale.ts";
import { useArrivedHtml, useServerMemo } from "~/platform/render/server-html.tsx";
import { useClientNavigation } from "~/ui/hooks/use-client-navigation.ts";
import { IntentPrefetch } from "~/ui/intent-prefetch.tsx";

/**
 * Where a list of cards stands, and what that gives each card: the image's `sizes` for the layout,
 * the title's heading level under the list's heading, the list item's classes.
 */
const PLACES = {
  /** `/shop`'s grid: 2 columns, 3 from 768 px, 4 from 1280 px. */
  grid: {
    sizes: "(min-width: 1200px) 240px, (min-width: 768px) 30vw, 50vw",
    headingLevel: 2,
    itemClass: undefined,
  },
  /** A home page row: 2 cards in view, 3 from 768 px, 4 from 1024 px, 5 from 1536 px. */
  carousel: {
    sizes: "(min-width: 1400px) 20vw, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw",
    headingLevel: 3,
    itemClass:
      "shrink-0 basis-[calc((100%-0.75rem)/2)] snap-start sm:basis-[calc((100%-1rem)/2)] md:basis-[calc((100%-2rem)/3)] min-[64rem]:basis-[calc((100%-3rem)/4)] 2xl:basis-[calc((100%-4rem)/5)]",
  },
} as const;

type CardPlace = keyof typeof PLACES;

/**
 * On the server, what writes a list's cards: each card drawn on its own and remembered by everything
 * it is drawn from (its place, the language, whether its image loads eagerly, and the product's card
 * data: a changed price, stock or photo is a new key), so that a product shown again, in another
 * search, sort, page or row, is not rendered again (decision 068). The card reads no router
 * (`ProductCardMarkup`, its link a plain anchor) and gets Lingui's context here. Undefined in the
 * browser. Call it after the component's last hook: a render of its own ends React's hook state for
 * the component it runs in.
 */
function useCardDrawer(place: CardPlace, eagerCards: number): ((items: ProductCardData[]) => string) | undefined {
  const memo = useServerMemo();
  const { i18n } = useLingui();
  const locale = useLocale();
  if (!memo) return undefined;
  const { sizes, headingLevel, itemClass } = PLACES[place];
  return (items) =>
    items
      .map((product, index) => {
        const eager = index < eagerCards;
        return memo(`product-card ${place} ${locale} ${eager} ${JSON.stringify(product)}`, () => (
          <I18nProvider i18n={i18n}>
            <li className={itemClass}>
              <ProductCardMarkup
                product={product}
                eager={eager}
                headingLevel={headingLevel}
                sizes={sizes}
                locale={locale}
                CardLink={PlainLink}
              />
            </li>
          </I18nProvider>
        ));
      })
      .join("");
}

/**
 * A list of product cards (`/shop`'s grid, a home page row). Hydrated as the markup it arrived with
 * until its items change (`useArrivedHtml`, decision 067): its links are plain anchors then,
 * navigated and prefetched by the listeners on the wrapping `<div>`. A new listing (a category, a
 * sort, Show More) is drawn by React. `id` names the list in the document.
 */
export function CardList({
  id,
  place,
  items,
  eagerCards,
  className,
  label,
  focusable = false,
}: {
  id: string;
  place: CardPlace;
  items: ProductCardData[];
  /** How many cards from the first load their image eagerly (the first screen's). */
  eagerCards: number;
  className: string;
  /** The list's accessible name, when its heading is not enough (a row that scrolls sideways). */
  label?: string;
  /** In the tab order: a row that scrolls sideways, so that a keyboard can scroll it. */
  focusable?: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const drawCards = useCardDrawer(place, eagerCards);
  const arrived = useArrivedHtml(id, items);
  useClientNavigation(listRef);
  const html = drawCards ? drawCards(items) : arrived;
  const listProps = { id, className, "aria-label": label, tabIndex: focusable ? 0 : undefined };
  const { sizes, headingLevel, itemClass } = PLACES[place];
  return (
    <>
      <div ref={listRef}>
        {html !== undefined ? (
          <ul key="arrived" {...listProps} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <ul key="drawn" {...listProps}>
            {items.map((product, index) => (
              <li key={product.id} className={itemClass}>
                <ProductCard product={product} eager={index < eagerCards} headingLevel={headingLevel} sizes={sizes} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {html !== undefined ? <IntentPrefetch containerRef={listRef} /> : null}
    </>
  );
}

/** `/shop`'s product cards: a grid whose first row loads its images first. */
export function ProductGrid({ items, loading }: { items: ProductCardData[]; loading: boolean }) {
  return (
    <CardList
      id="product-grid"
      place="grid"
      items={items}
      eagerCards={2}
      className={`mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 ${loading ? "opacity-60 transition-opacity" : ""}`}
    />
  );
}
