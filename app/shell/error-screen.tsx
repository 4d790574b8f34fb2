import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";

/**
 * The error screen inside the layout: 'Page not found' for a 404, else the unexpected error, with
 * the way back to the shop in the page's language. The root's error boundary renders it, and the
 * catch-all route's own (so an unknown `/ar/...` address keeps the Arabic catalogue for its title).
 */
export function ErrorScreen({ notFound }: { notFound: boolean }) {
  const to = useLocalePath();
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound ? <Trans>Page not found</Trans> : <Trans>Unexpected Application Error!</Trans>}
      </h1>
      <p className="mt-3 text-slate-600">
        {notFound ? (
          <Trans>We could not find the page you were looking for.</Trans>
        ) : (
          <Trans>Something went wrong on our side. Please try again in a moment.</Trans>
        )}
      </p>
      <Link
        to={to("/shop")}
        className="mt-6 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        <Trans>Back to Shop</Trans>
      </Link>
    </section>
  );
}
