import { useRef } from "react";
import { ProductCard } from "~/catalogue/components/product-card.tsx";
import type { ProductCardData } from "~/catalogue/views.ts";
import { useArrivedHtml } from "~/platform/render/server-html.tsx";
import { useClientNavigation } from "~/ui/hooks/use-client-navigation.ts";
import { IntentPrefetch } from "~/ui/intent-prefetch.tsx";

/** The listing's list in the document, whose markup the browser keeps while hydrating. */
const GRID_ID = "product-grid";

/**
 * `/shop`'s product cards. Hydrated as the markup they arrived with until the listing changes
 * (`useArrivedHtml`, decision 067): their links are plain anchors then, navigated and prefetched by
 * the listeners on the wrapping `<div>`. A new listing (a category, a sort, Show More) is drawn by React.
 */
export function ProductGrid({ items, loading }: { items: ProductCardData[]; loading: boolean }) {
  const gridRef = useRef<HTMLDivElement>(null);
  const gridHtml = useArrivedHtml(GRID_ID, items);
  useClientNavigation(gridRef);
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
                <ProductCard
                  product={product}
                  eager={index < 2}
                  headingLevel={2}
                  sizes="(min-width: 1200px) 240px, (min-width: 768px) 30vw, 50vw"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {gridHtml !== undefined ? <IntentPrefetch containerRef={gridRef} /> : null}
    </>
  );
}
