import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { AddToCartForm } from "~/cart/components/add-to-cart-form.tsx";
import { Breadcrumb } from "~/ui/breadcrumb.tsx";
import { ConditionSection } from "~/catalogue/components/condition-section.tsx";
import { Price } from "~/catalogue/components/price.tsx";
import { Lira } from "~/ui/lira.tsx";
import { centsToLbp } from "~/utils/lira.ts";
import { ProductGallery } from "~/catalogue/components/product-gallery.tsx";
import { ProductJsonLd } from "~/catalogue/components/product-json-ld.tsx";
import { SizePicker } from "~/catalogue/components/size-picker.tsx";
import { ReturnsPolicy } from "~/shell/returns-policy.tsx";
import { AllInCartNote, StockBadge } from "~/catalogue/components/stock-badge.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { canonicalLink } from "~/utils/seo.ts";
import { productShareTags, withShareTags } from "~/shell/share-tags.ts";
import { ShareLink } from "~/catalogue/components/share-link.tsx";
import { googleCondition } from "~/catalogue/google-condition.ts";
import { absoluteUrl } from "~/platform/files/storage.server.ts";
import { siteOrigin } from "~/platform/http/site-origin.server.ts";
import { formatMoney, toDollars } from "~/utils/money.ts";
import { quantityInCart, readCart } from "~/cart/cart.server.ts";
import { ancestorsOf, listCategories } from "~/catalogue/category.server.ts";
import { withCategoryLabels } from "~/catalogue/category-labels.server.ts";
import { getVisibleProduct } from "~/catalogue/product-page.server.ts";
import { lbpRateForPages } from "~/settings/shop-settings.server.ts";
import { productDeliveryNote } from "~/settings/delivery-note.server.ts";
import { sizesWithNoneLeft, stockOfSize } from "~/catalogue/size-stock.ts";
import type { RootLoader } from "~/root.tsx";
import { shownDescription, shownTitle } from "~/catalogue/shown-text.ts";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { explainedCondition } from "~/catalogue/page-text.server.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { useLocale, useLocalePath } from "~/i18n/use-locale.ts";
import { StockAlertForm } from "~/catalogue/components/stock-alert-form.tsx";
import { answerStockAlertForm } from "~/catalogue/stock-alert-form.server.ts";
import { stockAlertFormView } from "~/catalogue/stock-alert-words.server.ts";

const labelAndSentence = ({ label, sentence }: { label: string; sentence: string }) => ({ label, sentence });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  const product = id === null ? undefined : getVisibleProduct(context.db, context.storage, id);
  const i18n = i18nOfRequest(request);
  if (!product) throw data({ message: i18n._(msg`Product not found.`) }, { status: 404 });
  const url = new URL(request.url);
  const sizeParam = url.searchParams.get("size");
  const selectedSize = product.sizes.find((size) => size === sizeParam) ?? null;
  const imageCount = product.images.length;
  const wantedImage = Number.parseInt(url.searchParams.get("image") ?? "1", 10);
  const imageIndex =
    Number.isFinite(wantedImage) && wantedImage >= 1 && wantedImage <= imageCount ? wantedImage - 1 : 0;

  const origin = siteOrigin(request, context.publicUrl);
  const condition = googleCondition(product.packaging, product.grade);
  const title = shownTitle(product, localeOfPath(url.pathname));
  // What a link preview shows (the Open Graph tags), worked out here so the browser's bundle need not.
  const share = productShareTags({
    title,
    image: product.shareImage && {
      ...product.shareImage,
      url: absoluteUrl(origin, product.shareImage.url),
      alt: product.images[0]?.caption || title,
    },
    price: toDollars(product.priceCents).toFixed(2),
    inStock: product.stock > 0,
    condition,
  });

  const soldOutSizes = sizesWithNoneLeft(product);
  const cart = await readCart(request, context.cookies);
  // Stock less what the cart holds of this product and size (a sized product's: the chosen size's).
  const sizeStock = stockOfSize(product, selectedSize);
  const available = sizeStock - quantityInCart(cart, product.id, selectedSize);
  const trail = withCategoryLabels(
    i18nOfRequest(request),
    ancestorsOf(listCategories(context.db), product.categoryId).map((row) => ({ label: row.label, slug: row.slug })),
  );

  return {
    product: { ...product, createdAt: product.createdAt.toISOString() },
    selectedSize,
    imageIndex,
    sizeStock,
    soldOutSizes,
    // 'Tell me when it's back', on a sold-out product or when a size is sold out.
    stockAlert:
      product.stock <= 0 || soldOutSizes.length > 0
        ? stockAlertFormView(i18n, product.id, soldOutSizes, selectedSize)
        : null,
    available,
    trail,
    // The condition's labels and sentences, in the page's language.
    condition: {
      packaging: labelAndSentence(explainedCondition(i18n, "packaging", product.packaging)),
      grade: labelAndSentence(explainedCondition(i18n, "grade", product.grade)),
    },
    origin,
    share,
    itemCondition: condition,
    lbpRate: lbpRateForPages(context.db),
    deliveryNote: productDeliveryNote(context.db, i18n, product.priceCents), // said here, drawn as a string
  };
}

/** 'Tell me when it's back', posted from this page (with or without JavaScript). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return answerStockAlertForm(request, context, params.id ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const i18n = i18nOfMatches(matches, location.pathname);
  const locale = localeOfPath(location.pathname);
  if (!data) {
    return withShareTags(
      [
        { title: i18n._(msg`Product not found. | OpenBox Lebanon`) },
        {
          name: "description",
          content: i18n._(msg`This product is no longer in the shop. Browse the open-box catalogue instead.`),
        },
        { name: "robots", content: "noindex" },
      ],
      { matches, location },
    );
  }
  const { product, share } = data;
  return withShareTags(
    [
      { title: `${share.title} | OpenBox Lebanon` },
      { name: "description", content: shownDescription(product, locale).slice(0, 155) },
      canonicalLink(matches, localePath(locale, `/shop/product/${product.id}`)),
    ],
    { matches, location },
    share,
  );
};

export default function ProductPage() {
  const {
    product,
    selectedSize,
    imageIndex,
    sizeStock,
    soldOutSizes,
    available,
    trail,
    condition,
    origin,
    itemCondition,
    lbpRate,
    stockAlert,
    deliveryNote,
  } = useLoaderData<typeof loader>();
  const returnsPolicy = useRouteLoaderData<RootLoader>("root")?.shopDetails.returnsPolicy;
  const state = { size: selectedSize, image: imageIndex };
  const soldOut = sizeStock <= 0 || available <= 0;
  const { t } = useLingui();
  const to = useLocalePath();
  const locale = useLocale();
  const title = shownTitle(product, locale);
  const pageUrl = origin + localePath(locale, `/shop/product/${product.id}`);

  return (
    <article>
      <Breadcrumb
        crumbs={[
          { label: t`Home`, to: to("/") },
          { label: t`Shop`, to: to("/shop") },
          // Not the top category 'Home' after the Home crumb.
          ...trail
            .filter((crumb) => crumb.label.toLowerCase() !== "home")
            .map((crumb) => ({ label: crumb.label, to: to(`/shop?category=${crumb.slug}`) })),
          { label: title },
        ]}
      />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} imageIndex={imageIndex} title={title} state={state} />

        <section aria-labelledby="product-title" className="flex flex-col gap-4">
          <h1 id="product-title" className="text-2xl font-bold tracking-tight md:text-3xl">
            <bdi>{title}</bdi>
          </h1>
          <div>
            <StockBadge stock={sizeStock} available={available} />
            <AllInCartNote stock={sizeStock} available={available} />
          </div>
          <Price priceCents={product.priceCents} oldPriceCents={product.oldPriceCents} size="page">
            {lbpRate ? (
              <Lira
                lbp={centsToLbp(product.priceCents, lbpRate)}
                className="text-lg font-semibold text-slate-700"
                data-testid="price-lbp"
              />
            ) : null}
          </Price>
          <p className="text-sm text-slate-700">{deliveryNote}</p>
          <ConditionSection
            packaging={condition.packaging}
            grade={condition.grade}
            notes={product.conditionNotes}
            inTheBox={product.inTheBox}
          />
          <p dir="auto" className="whitespace-pre-line leading-relaxed text-slate-700">
            {shownDescription(product, locale)}
          </p>

          <SizePicker
            sizes={product.sizes}
            selectedSize={selectedSize}
            soldOut={product.stock <= 0}
            soldOutSizes={soldOutSizes}
            state={state}
          />

          <AddToCartForm
            productId={product.id}
            sizes={product.sizes}
            selectedSize={selectedSize}
            available={soldOut ? 0 : available}
          />
          {stockAlert ? <StockAlertForm form={stockAlert} /> : null}
          <ShareLink title={title} price={formatMoney(product.priceCents)} url={pageUrl} />
          <ReturnsPolicy policy={returnsPolicy} />
        </section>
      </div>
      <ProductJsonLd product={product} condition={itemCondition} origin={origin} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const to = useLocalePath();
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound ? <Trans>Product not found.</Trans> : <Trans>Unexpected Application Error!</Trans>}
      </h1>
      <Link to={to("/shop")} className={buttonClass("primary", "md", "mt-6")}>
        <Trans>Back to Shop</Trans>
      </Link>
    </section>
  );
}
