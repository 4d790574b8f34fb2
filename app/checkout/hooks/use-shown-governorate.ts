import { useEffect, useState } from "react";

/**
 * The governorate the checkout's fee and total follow. With JavaScript they follow the select,
 * including a governorate chosen before the scripts arrived (read from the select once React takes
 * the page over); without it, a refused post still shows the governorate it was sent with.
 */
export function useShownGovernorate(district: { id: string; initialValue?: unknown }) {
  const [governorate, setGovernorate] = useState<string | null>(null);
  useEffect(() => {
    const select = document.getElementById(district.id);
    if (select instanceof HTMLSelectElement && select.value) setGovernorate(select.value);
  }, [district.id]);
  const shown = governorate ?? (typeof district.initialValue === "string" ? district.initialValue : null);
  return [shown, setGovernorate] as const;
}
