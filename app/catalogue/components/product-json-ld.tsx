import { gradeLabel, packagingLabel } from "~/catalogue/condition.ts";
import type { GoogleCondition } from "~/catalogue/google-condition.ts";
import { useNonce } from "~/platform/render/nonce.tsx";
import { toDollars } from "~/utils/money.ts";

/** The product for search engines (schema.org Product with its Offer), inline with the page's nonce. */
export function ProductJsonLd({
  product,
  condition,
  origin,
}: {
  product: {
    id: number;
    title: string;
    description: string;
    packaging: string;
    grade: string;
    images: { full: string }[];
    priceCents: number;
    stock: number;
  };
  /** The feed's and the link preview's condition too (docs/google-condition.md): Google compares them. */
  condition: GoogleCondition;
  origin: string;
}) {
  const nonce = useNonce();
  const json = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    // The condition's labels lead the description: Google reads the condition from it too.
    description: `Condition: ${packagingLabel(product.packaging)}, ${gradeLabel(product.grade)}. ${product.description}`,
    image: product.images.map((image) => new URL(image.full, origin).href),
    sku: String(product.id),
    itemCondition: `https://schema.org/${condition[0]!.toUpperCase()}${condition.slice(1)}Condition`,
    offers: {
      "@type": "Offer",
      url: `${origin}/shop/product/${product.id}`,
      priceCurrency: "USD",
      price: toDollars(product.priceCents).toFixed(2),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  // JSON-LD must be inline; escaping "<" keeps any text in it from closing the script element.
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(json).replace(/</g, "\\u003c") }}
    />
  );
}
