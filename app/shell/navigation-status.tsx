import { useNavigation } from "@remix-run/react";

/** What a shopper is waiting for, in the spec's words where it has them (§2, §4). */
function loadingLabel(pathname: string) {
  if (pathname.startsWith("/shop/product/")) return "Loading product details...";
  if (pathname === "/shop" || pathname === "/") return "Loading products...";
  return "Loading...";
}

/**
 * A spinner while the next page's data loads after a click (JavaScript only: without it the
 * browser's own progress shows). It fades in after a moment, so quick responses never flash it.
 */
export function NavigationStatus() {
  const navigation = useNavigation();
  const waiting = navigation.state === "loading" && navigation.formMethod === undefined;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center px-4"
    >
      {waiting ? (
        <span className="navigation-status inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-card">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white border-r-transparent"
          />
          {loadingLabel(navigation.location.pathname)}
        </span>
      ) : null}
    </div>
  );
}
