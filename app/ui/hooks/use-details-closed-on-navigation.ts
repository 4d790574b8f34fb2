import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A <details> drawer opens and closes without JavaScript; with it, the page changes without a
 * reload, so the drawer must close itself when the location does.
 *
 * `shownFrom` (px): from that width app.css shows the drawer's content open through
 * `::details-content` (one copy for both widths, decision 027). A browser without that selector
 * would keep it behind its button there, so with JavaScript it is opened instead.
 */
export function useDetailsClosedOnNavigation({
  shownFrom,
  keepOpenOnState,
}: {
  shownFrom?: number;
  /** A navigation whose `state` holds this key leaves the drawer as it is (a change made inside it). */
  keepOpenOnState?: string;
} = {}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (!ref.current) return;
    const state = location.state as Record<string, unknown> | null;
    if (keepOpenOnState && state?.[keepOpenOnState]) return;
    const openByScript =
      shownFrom !== undefined &&
      !CSS.supports("selector(::details-content)") &&
      window.matchMedia(`(min-width: ${shownFrom}px)`).matches;
    ref.current.open = openByScript;
  }, [location, shownFrom, keepOpenOnState]);
  return ref;
}
