import { Trans } from "@lingui/react/macro";
import { useNavigation } from "@remix-run/react";
import { englishPath } from "~/i18n/locale.ts";

/** What a shopper is waiting for, in the product's fixed wording where it has one, in either language. */
function LoadingLabel({ pathname }: { pathname: string }) {
  const path = englishPath(pathname);
  if (path.startsWith("/shop/product/")) return <Trans>Loading product details...</Trans>;
  if (path === "/shop" || path === "/") return <Trans>Loading products...</Trans>;
  return <Trans>Loading...</Trans>;
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
          <LoadingLabel pathname={navigation.location.pathname} />
        </span>
      ) : null}
    </div>
  );
}
