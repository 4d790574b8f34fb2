import { msg } from "@lingui/core/macro";
import type { MetaFunction } from "@remix-run/node";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";

export const meta: MetaFunction = ({ matches, location }) => {
  const i18n = i18nOfMatches(matches, location.pathname);
  return [
    { title: i18n._(msg`Page not found | OpenBox Lebanon`) },
    {
      name: "description",
      content: i18n._(msg`We could not find the page you were looking for. Browse the open-box catalogue instead.`),
    },
    { name: "robots", content: "noindex" },
  ];
};

/** Any unknown URL: respond 404 and let the root error boundary render the page inside the layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
