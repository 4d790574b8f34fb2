import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A <details> drawer opens and closes without JavaScript; with it, the page changes without a
 * reload, so the drawer must close itself when the location does.
 */
export function useDetailsClosedOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location]);
  return ref;
}
