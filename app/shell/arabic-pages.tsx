import { msg } from "@lingui/core/macro";
import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { ErrorScreen } from "./error-screen.tsx";
import { messages } from "~/i18n/locales/ar/pages.po";
import type { CatalogueHandle } from "~/i18n/catalogue-handle.ts";

/**
 * The layout over the Arabic pages at `/ar`: the same shopper pages, with the Arabic catalogue,
 * which the router preloads with an Arabic page and no English page downloads (English needs none).
 */
export const handle: CatalogueHandle = { catalogue: { locale: "ar", messages } };

export default function ArabicPages() {
  return <Outlet />;
}

/** An Arabic error screen's title, as the root gives an English one (no page drew its meta). */
export const meta: MetaFunction = ({ error, matches, location }) => {
  if (!error) return [];
  const i18n = i18nOfMatches(matches, location.pathname);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    {
      title: notFound
        ? i18n._(msg`Page not found | OpenBox Lebanon`)
        : `${i18n._(msg`Unexpected Application Error!`)} | OpenBox Lebanon`,
    },
    { name: "robots", content: "noindex" },
  ];
};

/**
 * An error on an Arabic page is caught here, under this layout, so the error screen has the Arabic
 * catalogue (the root's boundary sees only the root's match, which has none).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorScreen notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
