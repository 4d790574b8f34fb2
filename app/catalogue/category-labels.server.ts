import type { I18n, MessageDescriptor } from "@lingui/core";
import type { CategoryMenuNode } from "./views.ts";
import { msg } from "@lingui/core/macro";

/**
 * The shop's category tree (category-tree.ts) as shoppers read it in Arabic. The tree's labels
 * are a fixed list in the code, so they are translated here, by their English label; a category
 * the list does not know (one added to the database by hand) keeps its own label. Translated by
 * the loaders, so the browser never downloads the list.
 */
const CATEGORY_LABELS: Record<string, MessageDescriptor> = {
  Fashion: msg`Fashion`,
  "Women's Fashion": msg`Women's Fashion`,
  "Women's Clothes": msg`Women's Clothes`,
  "Women's Shoes": msg`Women's Shoes`,
  "Women's Bags": msg`Women's Bags`,
  "Women's Accessories": msg`Women's Accessories`,
  "Men's Fashion": msg`Men's Fashion`,
  "Men's Clothes": msg`Men's Clothes`,
  "Men's Shoes": msg`Men's Shoes`,
  "Men's Bags": msg`Men's Bags`,
  Eyewear: msg`Eyewear`,
  // The category, not the home page (the header's 'Home'): its own message.
  Home: msg({ message: "Home", context: "category" }),
  "Home Appliances": msg`Home Appliances`,
  "Kitchen Appliances": msg`Kitchen Appliances`,
  Tools: msg`Tools`,
  "Beauty Care": msg`Beauty Care`,
  "Beauty Care Women": msg`Beauty Care Women`,
  "Beauty Care Men": msg`Beauty Care Men`,
  Kids: msg`Kids`,
  "Kids' Clothes": msg`Kids' Clothes`,
  "Kids' Shoes": msg`Kids' Shoes`,
  Baby: msg`Baby`,
  Electronics: msg`Electronics`,
  "Computer Accessories": msg`Computer Accessories`,
};

/** A category's label in the page's language; English pages show the database's label as it is. */
export function categoryLabel(i18n: I18n, label: string): string {
  if (i18n.locale === "en") return label;
  const known = CATEGORY_LABELS[label];
  return known ? i18n._(known) : label;
}

/** Labels of a list of categories (a trail of crumbs, the current category) in the page's language. */
export function withCategoryLabels<Row extends { label: string }>(i18n: I18n, rows: Row[]): Row[] {
  return i18n.locale === "en" ? rows : rows.map((row) => ({ ...row, label: categoryLabel(i18n, row.label) }));
}

/** The category menu (the root loader's) in the page's language. */
export function categoryMenuIn(i18n: I18n, menu: CategoryMenuNode[]): CategoryMenuNode[] {
  if (i18n.locale === "en") return menu;
  // One translated tree per catalogue version's tree and language: the same object for every page,
  // which the pages' parts drawn once are keyed by (objectKey, server-html.tsx).
  let byLocale = translatedMenus.get(menu);
  if (!byLocale) translatedMenus.set(menu, (byLocale = new Map()));
  let translated = byLocale.get(i18n.locale);
  if (!translated) byLocale.set(i18n.locale, (translated = translateMenu(i18n, menu)));
  return translated;
}

const translatedMenus = new WeakMap<CategoryMenuNode[], Map<string, CategoryMenuNode[]>>();

function translateMenu(i18n: I18n, menu: CategoryMenuNode[]): CategoryMenuNode[] {
  return menu.map((node) => ({
    ...node,
    label: categoryLabel(i18n, node.label),
    children: translateMenu(i18n, node.children),
  }));
}
