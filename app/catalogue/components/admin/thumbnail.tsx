import { useEffect, useRef, useState } from "react";

type ThumbnailProps = {
  /** The image's URL, or null when the product has no image. */
  src: string | null;
  /** The square's side in CSS pixels. */
  size: 40 | 64;
};

/** A square admin thumbnail; no image, or one that fails to load, shows a 'No Image' placeholder. */
export function Thumbnail({ src, size }: ThumbnailProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const broken = src !== null && brokenSrc === src;
  const ref = useRef<HTMLImageElement>(null);
  const box = size === 40 ? "size-10 text-[10px]" : "size-16 text-xs";
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0 && element.currentSrc)
      setBrokenSrc(element.getAttribute("src"));
  }, []);
  if (!src || broken) {
    return (
      <span
        data-testid="thumbnail-placeholder"
        className={`flex shrink-0 items-center justify-center rounded bg-slate-100 text-center font-medium leading-tight text-slate-700 ${box}`}
      >
        No Image
      </span>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setBrokenSrc(src)}
      className={`shrink-0 rounded bg-slate-100 object-contain ${box}`}
    />
  );
}
