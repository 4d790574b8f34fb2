import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { renderToStaticMarkup } from "react-dom/server";
import { type Locale, localePath } from "~/i18n/locale.ts";
import type { CategoryMenuNode } from "~/catalogue/views.ts";

/**
 * The header's category menu (header.tsx draws it through `ServerHtml`): the same for every page in
 * a language until the catalogue changes, so it is rendered once per language and catalogue version
 * and written as a string, not redrawn as some ninety React elements on every response and hydrated
 * on every page load. Plain anchors: the header's one listener navigates for them all.
 */
function Branch({ node, locale, i18n }: { node: CategoryMenuNode; locale: Locale; i18n: I18n }) {
  const href = localePath(locale, `/shop?category=${encodeURIComponent(node.slug)}`);
  const label = node.label;
  if (node.children.length === 0) {
    return (
      <li>
        <a href={href} className="block rounded px-2 py-2 text-slate-700 hover:bg-slate-100">
          {label}
        </a>
      </li>
    );
  }
  return (
    <li>
      <details>
        <summary className="flex cursor-pointer list-none items-center justify-between rounded px-2 py-2 text-slate-800 hover:bg-slate-100">
          {label}
          <span aria-hidden="true" className="when-closed ms-2 text-slate-500">
            +
          </span>
          <span aria-hidden="true" className="when-open ms-2 text-slate-500">
            −
          </span>
        </summary>
        <ul className="ms-3 border-s border-slate-200 ps-2">
          <li>
            <a href={href} className="block rounded px-2 py-2 text-sm text-slate-600 hover:bg-slate-100">
              {i18n._(msg`All ${label}`)}
            </a>
          </li>
          {node.children.map((child) => (
            <Branch key={child.id} node={child} locale={locale} i18n={i18n} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** By the catalogue version's menu (categoryMenu keeps one array per version), then by language. */
const drawn = new WeakMap<CategoryMenuNode[], Map<Locale, string>>();

/**
 * The menu's entries, 'All Products' and the tree, as HTML. `menu` is `categoryMenu`'s tree (the one
 * kept for the catalogue's version, the key), `labelled` the same tree in the page's language.
 */
export function categoryMenuHtml(i18n: I18n, menu: CategoryMenuNode[], labelled: CategoryMenuNode[]): string {
  const locale = i18n.locale as Locale;
  let byLocale = drawn.get(menu);
  if (!byLocale) drawn.set(menu, (byLocale = new Map()));
  let html = byLocale.get(locale);
  if (html === undefined) {
    html = renderToStaticMarkup(
      <>
        <li>
          <a
            href={localePath(locale, "/shop")}
            className="block rounded px-2 py-2 font-medium text-slate-900 hover:bg-slate-100"
          >
            {i18n._(msg`All Products`)}
          </a>
        </li>
        {labelled.map((node) => (
          <Branch key={node.id} node={node} locale={locale} i18n={i18n} />
        ))}
      </>,
    );
    byLocale.set(locale, html);
  }
  return html;
}
