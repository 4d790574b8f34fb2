import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import { ErrorScreen } from "~/shell/error-screen.tsx";
import { messages } from "./locales/ar/pages.po";
import type { CatalogueHandle } from "./catalogue-handle.ts";

/**
 * The layout over the Arabic pages at `/ar`: the same shopper pages, with the Arabic catalogue,
 * which the router preloads with an Arabic page and no English page downloads (English needs none).
 */
export const handle: CatalogueHandle = { catalogue: { locale: "ar", messages } };

export default function ArabicPages() {
  return <Outlet />;
}

/**
 * An error on an Arabic page is caught here, under this layout, so the error screen has the Arabic
 * catalogue (the root's boundary sees only the root's match, which has none).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorScreen notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
