import { Form, Link, NavLink } from "@remix-run/react";
import type { CategoryTreeNode } from "~/models/category.server.ts";
import { CartIcon, SearchIcon } from "./icons.tsx";
import { Logo } from "./logo.tsx";

type HeaderProps = { categories: CategoryTreeNode[]; cartQuantity: number };

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900"}`;

function CategoryBranch({ node }: { node: CategoryTreeNode }) {
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
      <details className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between rounded px-2 py-2 text-slate-800 hover:bg-slate-100">
          {node.label}
          <span aria-hidden="true" className="ml-2 text-slate-500 group-open:hidden">+</span>
          <span aria-hidden="true" className="ml-2 hidden text-slate-500 group-open:inline">−</span>
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

export function ShopMenu({ categories }: { categories: CategoryTreeNode[] }) {
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

export function Header({ categories, cartQuantity }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
        <Logo />
        <nav aria-label="Main" className="ml-2 flex items-center">
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
        <Form method="get" action="/shop" role="search" className="ml-auto hidden max-w-md flex-1 md:flex">
          <label htmlFor="header-search" className="sr-only">
            Search products
          </label>
          <input
            id="header-search"
            type="search"
            name="search"
            required
            placeholder="Search products..."
            className="min-h-11 w-full rounded-l-md border border-slate-300 bg-white px-3 text-base"
          />
          <button type="submit" className="min-h-11 rounded-r-md bg-brand-700 px-3 text-white hover:bg-brand-800" aria-label="Search">
            <SearchIcon />
          </button>
        </Form>
        <Link
          to="/cart"
          className="relative ml-auto inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:ml-2"
          aria-label={cartQuantity > 0 ? `Cart, ${cartQuantity} items` : "Cart"}
        >
          <CartIcon />
          {cartQuantity > 0 ? (
            <span data-testid="cart-badge" className="tabular absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-danger-700 px-1 text-center text-xs font-bold leading-5 text-white">
              {cartQuantity}
            </span>
          ) : null}
        </Link>
      </div>
    </header>
  );
}
