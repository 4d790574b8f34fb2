import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import type { ImageSources } from "~/catalogue/views.ts";
import { type ProductPageState, withParam } from "~/catalogue/product-page-links.ts";
import { ProductImage } from "./product-image.tsx";

type GalleryImage = ImageSources & { caption: string };

/** The product page's images: the chosen one large with its caption, and a thumbnail link to each. */
export function ProductGallery({
  images,
  imageIndex,
  title,
  state,
}: {
  images: GalleryImage[];
  imageIndex: number;
  title: string;
  state: ProductPageState;
}) {
  const image = images[imageIndex] ?? null;
  const { t } = useLingui();
  const count = images.length;
  return (
    <section aria-label={t`Product images`}>
      <div className="relative aspect-square overflow-hidden rounded-card border border-slate-200 bg-white">
        <ProductImage
          image={image}
          alt={image?.caption || title}
          sizes="(min-width: 768px) 50vw, 100vw"
          eager
          className="size-full object-contain"
        />
        {images.length > 0 ? (
          <p className="tabular absolute bottom-2 end-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">
            <Trans>
              {imageIndex + 1} of {count}
            </Trans>
          </p>
        ) : null}
      </div>
      {image?.caption ? (
        <p dir="auto" className="mt-2 text-sm text-slate-700" data-testid="image-caption">
          {image.caption}
        </p>
      ) : null}
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={t`Choose an image`}>
          {images.map((thumb, index) => (
            <li key={thumb.src} className="shrink-0">
              <Link
                to={withParam(state, { image: index })}
                replace
                preventScrollReset
                aria-current={index === imageIndex ? "true" : undefined}
                aria-label={t`Image ${index + 1} of ${count}`}
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
  );
}
