import { Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { ImageSources } from "~/catalogue/views.ts";

type ProductImageProps = {
  image: ImageSources | null;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks the right variant. */
  sizes: string;
  /** The first image on a page loads at once; the rest when they come near the screen. */
  eager?: boolean;
  className?: string;
};

/**
 * A product photo from its resized WebP variants, width and height set so nothing jumps. A missing
 * or broken image becomes a 'No Image' placeholder.
 */
export function ProductImage({ image, alt, sizes, eager = false, className = "" }: ProductImageProps) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0) setBroken(true);
  }, []);
  if (!image || broken) {
    return (
      // A decorative image (empty alt) stays out of the accessibility tree; a named one keeps its name.
      <div
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
        className={`flex items-center justify-center bg-slate-100 text-sm font-medium text-slate-600 ${className}`}
      >
        <Trans>No Image</Trans>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      // React 18 knows no fetchPriority prop (it warns); the lowercase attribute is what browsers read.
      {...(eager ? { fetchpriority: "high" } : {})}
      // The first image is usually the largest paint: decoded with the frame it is ready for (async
      // decoding painted a photo that had loaded before the first frame one or two frames later).
      // The rest decode off the main thread.
      decoding={eager ? "auto" : "async"}
      onError={() => setBroken(true)}
      className={className}
    />
  );
}
