import { useHydrated } from "~/ui/hooks/use-hydrated.ts";

/**
 * Tells the /cart action that JavaScript is running, so it responds with data for a fetcher
 * instead of redirecting a plain form post back to a page.
 */
export function EnhancedFlag() {
  return useHydrated() ? <input type="hidden" name="enhanced" value="1" /> : null;
}
