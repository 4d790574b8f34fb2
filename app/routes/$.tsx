import { msg } from "@lingui/core/macro";
import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { ErrorScreen } from "~/shell/error-screen.tsx";
import { withShareTags } from "~/shell/share-tags.ts";

/**
 * The screen's head, as the root's error head says it: this route's own error boundary draws the
 * screen, inside the language's layout, so an Arabic address gets the Arabic words.
 */
export const meta: MetaFunction = ({ matches, location }) => {
  const i18n = i18nOfMatches(matches, location.pathname);
  return withShareTags(
    [
      { title: i18n._(msg`Page not found | OpenBox Lebanon`) },
      {
        name: "description",
        content: i18n._(msg`Open-box, damaged-box and no-box goods at lower prices, delivered across Lebanon.`),
      },
      { name: "robots", content: "noindex" },
    ],
    { matches, location },
  );
};

/** Any unknown URL: respond 404, with the error screen inside the layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorScreen notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
