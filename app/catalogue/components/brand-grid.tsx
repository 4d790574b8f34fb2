import { Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { BRAND_NAMES } from "~/catalogue/options.ts";

/** A brand logo; one that fails to load is hidden, so no broken image shows. */
function BrandLogo({ index, name }: { index: number; name: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // A logo that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <li className="flex snap-start items-center justify-center rounded-md border border-slate-100 bg-white p-1">
      <img
        ref={ref}
        src={`/brands/brand${index}.svg`}
        alt={name}
        width={160}
        height={60}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="h-auto w-full"
      />
    </li>
  );
}

export function BrandGrid() {
  return (
    <div>
      <h2 id="brands-heading" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
        <Trans>Brands we sell</Trans>
      </h2>
      {/* On a phone one row that scrolls sideways, so the hero leaves room for the first products. */}
      {/* Focusable, so the sideways scroll works from the keyboard too. */}
      <ul
        tabIndex={0}
        aria-labelledby="brands-heading"
        className="-mx-4 grid snap-x auto-cols-[calc((100%-1rem)/2.2)] grid-flow-col gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:auto-cols-auto sm:grid-flow-row sm:grid-cols-5 sm:px-0 sm:pb-0 lg:grid-cols-6"
      >
        {BRAND_NAMES.map((name, i) => (
          <BrandLogo key={name} index={i + 1} name={name} />
        ))}
      </ul>
    </div>
  );
}
