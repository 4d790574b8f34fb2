import { Trans } from "@lingui/react/macro";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorScreen } from "./shell/error-screen.tsx";
import { Footer } from "./settings/components/footer.tsx";
import { LanguageAlternates } from "./i18n/language-alternates.tsx";
import { directionOf, localeOfPath } from "./i18n/locale.ts";
import { ShopI18nProvider } from "./i18n/shop-i18n-provider.tsx";
import { CATEGORY_MENU_ID, Header } from "./catalogue/components/header.tsx";
import { NavigationStatus } from "./shell/navigation-status.tsx";
import { Toaster } from "./shell/toaster.tsx";
import { readFlash } from "./platform/http/flash.server.ts";
import { HydrateAfterLoad } from "./platform/render/scripts-after-load.tsx";
import { useNonce } from "./platform/render/nonce.tsx";
import { orderableQuantity, readCart } from "./cart/cart.server.ts";
import { cartLinkLabel } from "./cart/cart-messages.server.ts";
import { categoryMenu } from "./catalogue/category.server.ts";
import { categoryMenuIn } from "./catalogue/category-labels.server.ts";
import { categoryMenuHtml } from "./catalogue/components/category-menu-html.server.tsx";
import { i18nOfRequest } from "./i18n/i18n.server.ts";
import { shopDetailsForPages } from "./settings/shop-settings.server.ts";
import { siteOrigin } from "./platform/http/site-origin.server.ts";
import stylesheetHref from "./styles/app.css?url";

/** The hashed, immutable stylesheet: linked, not inlined (decision 032 measured no gain from inlining). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheetHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The error screens have a title too: the route that failed drew no meta of its own. In English
 * only: when the root's error boundary draws the screen, no language layout matched, so no
 * catalogue is at hand (an unknown `/ar/...` address is drawn by the catch-all route, in Arabic).
 */
export const meta: MetaFunction = ({ error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? "Page not found | OpenBox Lebanon" : "Unexpected Application Error! | OpenBox Lebanon" },
    {
      name: "description",
      content: "Open-box, damaged-box and no-box goods at lower prices, delivered across Lebanon.",
    },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [cart, { flash, headers }] = await Promise.all([
    readCart(request, context.cookies),
    readFlash(request, context.cookies),
  ]);
  const i18n = i18nOfRequest(request);
  const menu = categoryMenu(context.db);
  const categories = categoryMenuIn(i18n, menu);
  // The header's menu, drawn once per language and catalogue version (ServerHtml); the tree stays in
  // the data for /shop's filters, and so that a changed catalogue is a new render-memo key.
  context.serverHtml?.set(CATEGORY_MENU_ID, categoryMenuHtml(i18n, menu, categories));
  const cartQuantity = orderableQuantity(context.db, cart);
  return data(
    {
      categories,
      cartQuantity,
      cartLabel: cartLinkLabel(i18n, cartQuantity),
      // The footer's phone, links and policy, which product pages and the tracking page read too.
      shopDetails: shopDetailsForPages(context.db),
      // Absolute links in the head (canonical, hreflang, Open Graph): PUBLIC_URL when set.
      origin: siteOrigin(request, context.publicUrl),
      flash,
    },
    { headers },
  );
}

export type RootLoader = typeof loader;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<RootLoader>("root");
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6357" />
        <Meta />
        <Links />
        <LanguageAlternates origin={rootData?.origin ?? ""} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <ShopI18nProvider>
          <a
            href="#main"
            className="fixed start-2 top-2 z-50 inline-flex min-h-11 -translate-y-[200%] items-center rounded-md bg-white px-4 font-semibold text-brand-700 shadow-card focus:translate-y-0"
          >
            <Trans>Skip to content</Trans>
          </a>
          <Header cartQuantity={rootData?.cartQuantity ?? 0} cartLabel={rootData?.cartLabel} />
          <Toaster
            toast={rootData?.flash?.toast ?? null}
            placement={pathname.startsWith("/admin") ? "bottom" : "top"}
          />
          <NavigationStatus />
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
            {children}
          </main>
          <Footer details={rootData?.shopDetails} />
          <ScrollRestoration nonce={nonce} />
          <HydrateAfterLoad nonce={nonce} />
          <Scripts nonce={nonce} />
        </ShopI18nProvider>
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorScreen notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
