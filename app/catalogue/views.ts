/**
 * The shapes loaders hand to components, browser-safe so a component never imports a route module
 * or a `*.server.ts` file. The models build them; the components render them.
 */

import type { Grade, Packaging } from "./condition.ts";

import type { ImageSources } from "~/platform/files/image-sources.ts";

export type { ImageSources };

/** A product's stock per size, keys in the order of SIZES (options.ts); null where the product keeps one shared stock. */
export type StockBySize = Record<string, number>;

/** A product as a card in a listing or carousel shows it. */
export type ProductCardData = {
  id: number;
  title: string;
  /** The Arabic title the /ar pages show instead (`titleAr ?? title`); null: none. */
  titleAr: string | null;
  priceCents: number;
  /** The price shown struck through, already decided by the model (null: none). */
  oldPriceCents: number | null;
  packaging: Packaging;
  grade: Grade;
  /** The total: a card is out of stock only when every size is. */
  stock: number;
  sizes: string[];
  /** Sizes with none left of their own, on a product still in stock; absent: none. */
  soldOutSizes?: string[];
  image: ImageSources | null;
};

/** A home page carousel: its products, or the message shown when they could not be read. */
export type CarouselSection = {
  title: string;
  viewAll: string;
  products: ProductCardData[];
  error: string | null;
};

/** A suggestion under the search box: title, price and a small image, nothing more. */
export type SearchSuggestion = {
  id: number;
  title: string;
  /** The Arabic title the /ar pages show instead; null: none. */
  titleAr: string | null;
  priceCents: number;
  image: { src: string; width: number; height: number } | null;
};

export type CategoryRow = {
  id: number;
  name: string;
  label: string;
  slug: string;
  code: string;
  parentId: number | null;
};
export type CategoryTreeNode = CategoryRow & { children: CategoryTreeNode[] };

/** What the menus and filters render of a category: all the browser is sent of the tree. */
export type CategoryMenuNode = { id: number; label: string; slug: string; children: CategoryMenuNode[] };

/** The Filters panel's packaging and grade choices: how many products each would list with the other filters kept. */
export type ConditionFacets = {
  packaging: { value: Packaging; count: number }[];
  grade: { value: Grade; count: number }[];
};

/** What the product page's 'Tell me when it's back' answers, in the page's language. */
export type StockAlertReply =
  { saved: true; message: string } | { field: "email" | "phone" | "size" | null; error: string };

/** 'Tell me when it's back' as the product page shows it: the sold-out sizes to choose from and its words. */
export type StockAlertFormView = {
  productId: number;
  sizes: string[];
  size: string | null;
  words: { heading: string; intro: string; size: string; email: string; phone: string };
};
