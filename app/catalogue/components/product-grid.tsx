import { I18nProvider, useLingui } from "@lingui/react";
import { useRef } from "react";
import { PlainLink, ProductCard, ProductCardMarkup } from "~/catalogue/components/product-card.tsx";
import type { ProductCardData } from "~/catalogue/views.ts";
import { useLocale } from "~/i18n/use-locale.ts";
import { useArrivedHtml, useServerMemo } from "~/platform/render/server-html.tsx";
import { useClientNavigation } from "~/ui/hooks/use-client-navigation.ts";
import { IntentPrefetch } from "~/ui/intent-prefetch.tsx";

/** The listing's list in the document, whose markup the browser keeps while hydrating. */
const GRID_ID = "product-grid";
/** The cards of the first row load their images first: they are the first screen's largest paint. */
const EAGER_CARDS = 2;
const CARD_SIZES = "(min-width: 1200px) 240px, (min-width: 768px) 30vw, 50vw";

/**
 * On the server, what writes the cards' markup: each card drawn on its own and remembered by
 * everything it is drawn from (the product's card data, the language, whether its image loads
 * eagerly), so that a product shown again, in another search, sort or page of the listing, is not
 * rendered again (decision 068). The card reads no router (`ProductCardMarkup`, its link a plain
 * anchor) and gets Lingui's context here. Undefined in the browser. Call it after the component's
 * last hook: a render of its own ends React's hook state for the component it runs in.
 */
function useCardDrawer(): ((items: ProductCardData[]) => string) | undefined {
  const memo = useServerMemo();
  const { i18n } = useLingui();
  const locale = useLocale();
  if (!memo) return undefined;
  return (items) =>
    items
      .map((product, index) => {
        const eager = index < EAGER_CARDS;
        return memo(`product-card ${locale} ${eager} ${JSON.stringify(product)}`, () => (
          <I18nProvider i18n={i18n}>
            <li>
              <ProductCardMarkup
                product={product}
                eager={eager}
                headingLevel={2}
                sizes={CARD_SIZES}
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
 * `/shop`'s product cards. Hydrated as the markup they arrived with until the listing changes
 * (`useArrivedHtml`, decision 067): their links are plain anchors then, navigated and prefetched by
 * the listeners on the wrapping `<div>`. A new listing (a category, a sort, Show More) is drawn by React.
 */
export function ProductGrid({ items, loading }: { items: ProductCardData[]; loading: boolean }) {
  const gridRef = useRef<HTMLDivElement>(null);
  const drawCards = useCardDrawer();
  const arrived = useArrivedHtml(GRID_ID, items);
  useClientNavigation(gridRef);
  const gridHtml = drawCards ? drawCards(items) : arrived;
  const gridClass = `mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 ${loading ? "opacity-60 transition-opacity" : ""}`;
  return (
    <>
      <div ref={gridRef}>
        {gridHtml !== undefined ? (
          <ul key="arrived" id={GRID_ID} className={gridClass} dangerouslySetInnerHTML={{ __html: gridHtml }} />
        ) : (
          <ul key="drawn" id={GRID_ID} className={gridClass}>
            {items.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < EAGER_CARDS} headingLevel={2} sizes={CARD_SIZES} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {gridHtml !== undefined ? <IntentPrefetch containerRef={gridRef} /> : null}
    </>
  );
}
