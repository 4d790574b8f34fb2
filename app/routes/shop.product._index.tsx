import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { buttonClass } from "~/ui/button.tsx";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { withShareTags } from "~/shell/share-tags.ts";

export const meta: MetaFunction = ({ matches, location }) => {
  const i18n = i18nOfMatches(matches, location.pathname);
  return withShareTags(
    [
      { title: i18n._(msg`No product ID provided. | OpenBox Lebanon`) },
      {
        name: "description",
        content: i18n._(msg`This address names no product. Browse the open-box catalogue instead.`),
      },
      { name: "robots", content: "noindex" },
    ],
    { matches, location },
  );
};

/** `/shop/product` without an id: 'No product ID provided.' */
export function loader({ request }: LoaderFunctionArgs) {
  throw data({ message: i18nOfRequest(request)._(msg`No product ID provided.`) }, { status: 404 });
}

export default function NoProductId() {
  return null;
}

export function ErrorBoundary() {
  const to = useLocalePath();
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>No product ID provided.</Trans>
      </h1>
      <Link to={to("/shop")} className={buttonClass("primary", "md", "mt-6")}>
        <Trans>Back to Shop</Trans>
      </Link>
    </section>
  );
}
