import { useEffect, useRef, useState } from "react";
import { BRAND_LOGO_COUNT } from "~/lib/options.ts";

/** A brand logo; one that fails to load is hidden (spec §2 "Home page sections"). */
function BrandLogo({ index }: { index: number }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // A logo that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <li className="flex items-center justify-center rounded-md border border-slate-100 bg-white p-1">
      <img ref={ref} src={`/brands/brand${index}.svg`} alt={`Brand ${index}`} width={160} height={60} loading="lazy" decoding="async" onError={() => setFailed(true)} className="h-auto w-full" />
    </li>
  );
}

export function BrandGrid() {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">Brands we sell</h2>
      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5 lg:grid-cols-6">
        {Array.from({ length: BRAND_LOGO_COUNT }, (_, i) => (
          <BrandLogo key={i} index={i + 1} />
        ))}
      </ul>
    </div>
  );
}
