import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { AddToCartForm } from "~/cart/components/add-to-cart-form.tsx";
import { Breadcrumb } from "~/ui/breadcrumb.tsx";
import { ConditionSection } from "~/catalogue/components/condition-section.tsx";
import { Price } from "~/catalogue/components/price.tsx";
import { ProductImage } from "~/catalogue/components/product-image.tsx";
import { ReturnsPolicy } from "~/shell/returns-policy.tsx";
import { AllInCartNote, StockBadge } from "~/catalogue/components/stock-badge.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { gradeLabel, packagingLabel } from "~/catalogue/condition.ts";
import { toDollars } from "~/utils/money.ts";
import { useNonce } from "~/platform/render/nonce.tsx";
import { canonicalLink } from "~/utils/seo.ts";
import { quantityInCart, readCart } from "~/cart/cart.server.ts";
import { ancestorsOf, listCategories } from "~/catalogue/category.server.ts";
import { getVisibleProduct } from "~/catalogue/product-page.server.ts";
import type { RootLoader } from "~/root.tsx";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  const product = id === null ? undefined : getVisibleProduct(context.db, context.storage, id);
  if (!product) throw data({ message: "Product not found." }, { status: 404 });

  const url = new URL(request.url);
  const sizeParam = url.searchParams.get("size");
  const selectedSize = product.sizes.find((size) => size === sizeParam) ?? null;
  const imageCount = product.images.length;
  const wantedImage = Number.parseInt(url.searchParams.get("image") ?? "1", 10);
  const imageIndex =
    Number.isFinite(wantedImage) && wantedImage >= 1 && wantedImage <= imageCount ? wantedImage - 1 : 0;

  const cart = await readCart(request, context.cookies);
  // Spec §4 "Product stock": stock minus what the cart already holds of this product and size.
  const available = product.stock - quantityInCart(cart, product.id, selectedSize);
  const trail = ancestorsOf(listCategories(context.db), product.categoryId).map((row) => ({
    label: row.label,
    slug: row.slug,
  }));

  return {
    product: { ...product, createdAt: product.createdAt.toISOString() },
    selectedSize,
    imageIndex,
    available,
    trail,
    origin: url.origin,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) {
    return [
      { title: "Product not found. | OpenBox Lebanon" },
      { name: "description", content: "This product is no longer in the shop. Browse the open-box catalogue instead." },
      { name: "robots", content: "noindex" },
    ];
  }
  const { product } = data;
  return [
    { title: `${product.title} | OpenBox Lebanon` },
    { name: "description", content: product.description.slice(0, 155) },
    canonicalLink(matches, `/shop/product/${product.id}`),
  ];
};

function ProductJsonLd({
  product,
  origin,
}: {
  product: ReturnType<typeof useLoaderData<typeof loader>>["product"];
  origin: string;
}) {
  const nonce = useNonce();
  const json = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    // The condition's labels lead the description: Google reads the condition from it too.
    description: `Condition: ${packagingLabel(product.packaging)}, ${gradeLabel(product.grade)}. ${product.description}`,
    image: product.images.map((image) => origin + image.full),
    sku: String(product.id),
    itemCondition: "https://schema.org/UsedCondition",
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

function withParam(
  current: { size: string | null; image: number },
  change: Partial<{ size: string | null; image: number }>,
) {
  const next = { ...current, ...change };
  const params = new URLSearchParams();
  if (next.size) params.set("size", next.size);
  if (next.image > 0) params.set("image", String(next.image + 1));
  const query = params.toString();
  return query ? `?${query}` : ".";
}

export default function ProductPage() {
  const { product, selectedSize, imageIndex, available, trail, origin } = useLoaderData<typeof loader>();
  const returnsPolicy = useRouteLoaderData<RootLoader>("root")?.shopDetails.returnsPolicy;
  const image = product.images[imageIndex] ?? null;
  const state = { size: selectedSize, image: imageIndex };
  const soldOut = product.stock <= 0 || available <= 0;

  return (
    <article>
      <Breadcrumb
        crumbs={[
          { label: "Home", to: "/" },
          { label: "Shop", to: "/shop" },
          ...trail.map((crumb) => ({ label: crumb.label, to: `/shop?category=${crumb.slug}` })),
          { label: product.title },
        ]}
      />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <section aria-label="Product images">
          <div className="relative aspect-square overflow-hidden rounded-card border border-slate-200 bg-white">
            <ProductImage
              image={image}
              alt={image?.caption || product.title}
              sizes="(min-width: 768px) 50vw, 100vw"
              eager
              className="size-full object-contain"
            />
            {product.images.length > 0 ? (
              <p className="tabular absolute bottom-2 right-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">
                {imageIndex + 1} of {product.images.length}
              </p>
            ) : null}
          </div>
          {image?.caption ? (
            <p dir="auto" className="mt-2 text-sm text-slate-700" data-testid="image-caption">
              {image.caption}
            </p>
          ) : null}
          {product.images.length > 1 ? (
            <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label="Choose an image">
              {product.images.map((thumb, index) => (
                <li key={thumb.src} className="shrink-0">
                  <Link
                    to={withParam(state, { image: index })}
                    replace
                    preventScrollReset
                    aria-current={index === imageIndex ? "true" : undefined}
                    aria-label={`Image ${index + 1} of ${product.images.length}`}
                    className={`block size-16 overflow-hidden rounded-md border-2 bg-white ${index === imageIndex ? "border-brand-700" : "border-slate-200 hover:border-slate-400"}`}
                  >
                    <img
                      src={thumb.srcSet.split(" ")[0]}
                      width={64}
                      height={64}
                      alt={thumb.caption}
                      loading="lazy"
                      className="size-full object-contain"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section aria-labelledby="product-title" className="flex flex-col gap-4">
          <h1 id="product-title" className="text-2xl font-bold tracking-tight md:text-3xl">
            {product.title}
          </h1>
          <div>
            <StockBadge stock={product.stock} available={available} />
            <AllInCartNote stock={product.stock} available={available} />
          </div>
          <Price priceCents={product.priceCents} oldPriceCents={product.oldPriceCents} size="page" />
          <ConditionSection
            packaging={product.packaging}
            grade={product.grade}
            notes={product.conditionNotes}
            inTheBox={product.inTheBox}
          />
          <p className="whitespace-pre-line leading-relaxed text-slate-700">{product.description}</p>

          {product.sizes.length > 0 ? (
            <div>
              <h2 className="mb-2 text-sm font-semibold text-slate-800">Choose Size</h2>
              <ul className="flex flex-wrap gap-2">
                {product.sizes.map((size) => {
                  const chosen = size === selectedSize;
                  const classes = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 font-medium ${
                    chosen
                      ? "border-brand-700 bg-brand-50 text-brand-800"
                      : "border-slate-300 bg-white text-slate-800 hover:border-slate-500"
                  }`;
                  return (
                    <li key={size}>
                      {product.stock <= 0 ? (
                        <span aria-disabled="true" className={`${classes} cursor-not-allowed opacity-50`}>
                          {size}
                        </span>
                      ) : (
                        <Link
                          to={withParam(state, { size })}
                          replace
                          preventScrollReset
                          aria-current={chosen ? "true" : undefined}
                          className={classes}
                        >
                          {size}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}

          <AddToCartForm
            productId={product.id}
            sizes={product.sizes}
            selectedSize={selectedSize}
            available={soldOut ? 0 : available}
          />
          <ReturnsPolicy policy={returnsPolicy} />
        </section>
      </div>
      <ProductJsonLd product={product} origin={origin} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound ? "Product not found." : "Unexpected Application Error!"}
      </h1>
      <Link to="/shop" className={buttonClass("primary", "md", "mt-6")}>
        Back to Shop
      </Link>
    </section>
  );
}
