import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useDetailsClosedOnNavigation } from "~/lib/use-details-closed-on-navigation.ts";
import type { CategoryMenuNode } from "~/lib/views.ts";
import { CartIcon, MenuIcon, SearchIcon } from "./icons.tsx";
import { Logo } from "./logo.tsx";
import { SearchBox } from "./search-box.tsx";

type HeaderProps = { categories: CategoryMenuNode[]; cartQuantity: number };

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900"}`;

function CategoryBranch({ node }: { node: CategoryMenuNode }) {
  const href = `/shop?category=${encodeURIComponent(node.slug)}`;
  if (node.children.length === 0) {
    return (
      <li>
        <Link to={href} className="block rounded px-2 py-2 text-slate-700 hover:bg-slate-100">
          {node.label}
        </Link>
      </li>
    );
  }
  return (
    <li>
      <details>
        <summary className="flex cursor-pointer list-none items-center justify-between rounded px-2 py-2 text-slate-800 hover:bg-slate-100">
          {node.label}
          <span aria-hidden="true" className="when-closed ml-2 text-slate-500">
            +
          </span>
          <span aria-hidden="true" className="when-open ml-2 text-slate-500">
            −
          </span>
        </summary>
        <ul className="ml-3 border-l border-slate-200 pl-2">
          <li>
            <Link to={href} className="block rounded px-2 py-2 text-sm text-slate-600 hover:bg-slate-100">
              All {node.label}
            </Link>
          </li>
          {node.children.map((child) => (
            <CategoryBranch key={child.id} node={child} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function ShopMenu({ categories }: { categories: CategoryMenuNode[] }) {
  return (
    <ul className="text-sm">
      <li>
        <Link to="/shop" className="block rounded px-2 py-2 font-medium text-slate-900 hover:bg-slate-100">
          All Products
        </Link>
      </li>
      {categories.map((node) => (
        <CategoryBranch key={node.id} node={node} />
      ))}
    </ul>
  );
}

/** A drawer that opens from the header on small screens: a <details>, so it needs no JavaScript. */
function Drawer({
  label,
  icon,
  title,
  children,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const ref = useDetailsClosedOnNavigation();
  return (
    <details ref={ref} className="group/drawer md:hidden">
      <summary
        className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
        aria-label={label}
      >
        {icon}
      </summary>
      <div className="absolute inset-x-0 top-full z-40 max-h-[80dvh] overflow-y-auto border-b border-slate-200 bg-white p-4 shadow-card">
        <p className="mb-2 font-semibold text-slate-900">{title}</p>
        {children}
      </div>
    </details>
  );
}

export function Header({ categories, cartQuantity }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex max-w-7xl items-center gap-1 px-2 py-2 sm:gap-3 sm:px-4">
        <Drawer label="Menu" icon={<MenuIcon />} title="Menu">
          <nav aria-label="Mobile">
            <ul className="mb-2 text-sm">
              <li>
                <Link to="/" className="block rounded px-2 py-2 font-medium text-slate-900 hover:bg-slate-100">
                  Home
                </Link>
              </li>
            </ul>
            <ShopMenu categories={categories} />
          </nav>
        </Drawer>
        <Logo />
        <nav aria-label="Main" className="ml-2 hidden items-center md:flex">
          <NavLink to="/" end className={navLink}>
            Home
          </NavLink>
          <div className="group relative">
            <NavLink to="/shop" className={navLink}>
              Shop
            </NavLink>
            <div className="invisible absolute left-0 top-full z-40 w-72 rounded-card border border-slate-200 bg-white p-2 opacity-0 shadow-card transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
              <ShopMenu categories={categories} />
            </div>
          </div>
        </nav>
        <div className="ml-auto hidden max-w-md flex-1 md:flex">
          <SearchBox id="header-search" />
        </div>
        <div className="ml-auto flex items-center md:ml-2">
          <Drawer label="Search" icon={<SearchIcon className="size-6" />} title="Search Products">
            <SearchBox id="drawer-search" inline />
          </Drawer>
          <Link
            to="/cart"
            className="relative inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
            aria-label={cartQuantity > 0 ? `Cart, ${cartQuantity} items` : "Cart"}
          >
            <CartIcon />
            {cartQuantity > 0 ? (
              <span
                data-testid="cart-badge"
                className="tabular absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-danger-700 px-1 text-center text-xs font-bold leading-5 text-white"
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
