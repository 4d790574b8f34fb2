import { Trans, useLingui } from "@lingui/react/macro";
import { Link, NavLink } from "@remix-run/react";
import { LanguageSwitch } from "~/i18n/language-switch.tsx";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { useClientNavigation } from "~/ui/hooks/use-client-navigation.ts";
import { useDetailsClosedOnNavigation } from "~/ui/hooks/use-details-closed-on-navigation.ts";
import { ServerHtml } from "~/platform/render/server-html.tsx";
import { CartIcon, MenuIcon, SearchIcon } from "~/ui/icons.tsx";
import { Logo } from "~/shell/logo.tsx";
import { SearchBox } from "./search-box.tsx";

type HeaderProps = {
  cartQuantity: number;
  /** The cart link's name with its count, said by the root loader ('Cart, 1 item'); absent only when it failed. */
  cartLabel?: string;
};

/** The menu's category tree, drawn by the server (category-menu-html.server.tsx, through the root loader). */
export const CATEGORY_MENU_ID = "category-menu";

/** The wide header's Home and Shop links (a phone reaches both through the menu). */
const navLink = ({ isActive }: { isActive: boolean }) =>
  `hidden min-h-11 items-center rounded-md px-3 font-medium md:inline-flex ${isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900"}`;

/**
 * The site's search, rendered once for both widths: on a phone the 'Search Products' drawer (a
 * <details> opened by the search button, no JavaScript needed); from 768 px the same box in the
 * header's row, the <details> shown open by CSS (app.css, `.search-drawer`).
 */
function SiteSearch() {
  const ref = useDetailsClosedOnNavigation({ shownFrom: 768 });
  const { t } = useLingui();
  return (
    <details ref={ref} className="search-drawer order-1 ms-auto md:max-w-md md:flex-1">
      <summary className={drawerButton} aria-label={t`Search`}>
        <SearchIcon className="size-6" />
      </summary>
      <div
        className={`${drawerPanel} md:static md:max-h-none md:overflow-visible md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
      >
        <p className="mb-2 font-semibold text-slate-900 md:hidden">
          <Trans>Search Products</Trans>
        </p>
        <SearchBox id="site-search" />
      </div>
    </details>
  );
}

const drawerButton =
  "inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100";
const drawerPanel =
  "absolute inset-x-0 top-full z-40 max-h-[80dvh] overflow-y-auto border-b border-slate-200 bg-white p-4 shadow-card";

/**
 * The site's menu, its category tree rendered once for both widths: on a phone a drawer (a <details>
 * opened by the menu button, no JavaScript needed); from 768 px the Shop link's hover menu, the same
 * <details> shown open by CSS (app.css, `.site-menu`) while the pointer or focus is on Shop.
 */
function SiteMenu() {
  const ref = useDetailsClosedOnNavigation({ shownFrom: 768 });
  const { t } = useLingui();
  const to = useLocalePath();
  // The tree's links are plain anchors (one listener navigates for them all).
  useClientNavigation(ref);
  return (
    <nav aria-label={t`Main`} className="order-first flex items-center md:order-none md:ms-2">
      <NavLink to={to("/")} end className={navLink}>
        <Trans>Home</Trans>
      </NavLink>
      <div className="group md:relative">
        <NavLink to={to("/shop")} className={navLink}>
          <Trans>Shop</Trans>
        </NavLink>
        <details ref={ref} className="site-menu">
          <summary className={drawerButton} aria-label={t`Menu`}>
            <MenuIcon />
          </summary>
          <div
            className={`${drawerPanel} md:invisible md:inset-x-auto md:start-0 md:w-72 md:rounded-card md:border md:p-2 md:opacity-0 md:transition md:group-focus-within:visible md:group-focus-within:opacity-100 md:group-hover:visible md:group-hover:opacity-100`}
          >
            <p className="mb-2 font-semibold text-slate-900 md:hidden">
              <Trans>Menu</Trans>
            </p>
            <ul className="mb-2 text-sm md:hidden">
              <li>
                <a href={to("/")} className="block rounded px-2 py-2 font-medium text-slate-900 hover:bg-slate-100">
                  <Trans>Home</Trans>
                </a>
              </li>
            </ul>
            <ServerHtml as="ul" id={CATEGORY_MENU_ID} className="text-sm" />
          </div>
        </details>
      </div>
    </nav>
  );
}

export function Header({ cartQuantity, cartLabel }: HeaderProps) {
  const to = useLocalePath();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* The search comes before the menu in the page (so Tab reaches it before the category tree's
          links); `order` draws the row as menu, logo, search on a phone and logo, menu, search wider. */}
      <div className="relative mx-auto flex max-w-7xl items-center gap-1 px-2 py-2 sm:gap-3 sm:px-4">
        <Logo />
        <SiteSearch />
        <SiteMenu />
        <div className="order-2 flex items-center md:gap-2">
          <LanguageSwitch className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900" />
          <Link
            to={to("/cart")}
            className="relative inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
            aria-label={cartLabel}
          >
            <CartIcon />
            {cartQuantity > 0 ? (
              <span
                data-testid="cart-badge"
                className="tabular absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-danger-700 px-1 text-center text-xs font-bold leading-5 text-white"
              >
                {cartQuantity}
              </span>
            ) : null}
          </Link>
        </div>
      </div>
    </header>
  );
}
