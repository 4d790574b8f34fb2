import type { I18n } from "@lingui/core";
import { type Db, openReadOnlyConnection } from "~/platform/db/db.server.ts";
import { shareImageKey } from "~/platform/files/images.server.ts";
import { absoluteUrl, type Storage } from "~/platform/files/storage.server.ts";
import { localePath, type Locale } from "~/i18n/locale.ts";
import { toDollars } from "~/utils/money.ts";
import { ancestorsOf, listCategories } from "./category.server.ts";
import { categoryLabel } from "./category-labels.server.ts";
import { googleCondition } from "./google-condition.ts";
import { shownDescription, shownTitle } from "./shown-text.ts";

/** Google Merchant Center's product data namespace; Meta's catalogues read the same feed. */
export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

/** Google takes one image and at most 10 more per item. */
const MAX_ADDITIONAL_IMAGES = 10;

/** Google's longest title; the shop allows 200 characters, so the feed shortens the longer ones. */
export const FEED_TITLE_MAX = 150;

/**
 * A title Google accepts: at most 150 characters (counted as characters, not UTF-16 units), cut at
 * the last space of its last quarter where there is one, with an ellipsis that says it was cut.
 */
export function feedTitle(title: string) {
  const characters = Array.from(title);
  if (characters.length <= FEED_TITLE_MAX) return title;
  const kept = characters.slice(0, FEED_TITLE_MAX - 1).join("");
  const space = kept.lastIndexOf(" ");
  return (space > kept.length * 0.75 ? kept.slice(0, space) : kept).trimEnd() + "…";
}

/**
 * The visible products, each with its stock per size (or null) and its first 11 images in gallery
 * order, by id: one statement iterated row by row, so the feed never holds the catalogue. The `+`
 * keeps SQLite from reading `is_hidden` through an index: with one, it built and sorted every row
 * (their JSON included) before returning the first, 3.7 s and the whole catalogue in its sorter at
 * 100,000 products; walking the table in id order, the first item is there at once.
 */
export const FEED_SQL = `
  select p.id, p.title, p.title_ar, p.description, p.description_ar, p.price_cents, p.stock, p.sizes,
    p.packaging, p.grade, p.category_id,
    (select json_group_object(s.size, s.stock) from product_size_stock s where s.product_id = p.id having count(*) > 0),
    (select json_group_array(i.variant_prefix)
       from (select variant_prefix from product_images where product_id = p.id order by position, id limit ${MAX_ADDITIONAL_IMAGES + 1}) i)
  from products p
  where +p.is_hidden = 0
  order by p.id`;

type Row = [
  id: number,
  title: string,
  titleAr: string | null,
  description: string,
  descriptionAr: string | null,
  priceCents: number,
  stock: number,
  sizes: string,
  packaging: string,
  grade: string,
  categoryId: number,
  stockBySize: string | null,
  imagePrefixes: string,
];

/** XML 1.0 allows no control characters but tab and newlines: an owner's pasted text may hold some. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** XML's five predefined entities: every reader knows them (some feed readers decode no numeric ones). */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string) {
  return text.replace(NOT_IN_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export type FeedOptions = {
  /** The shop's absolute address (`siteOrigin`): the links and image links start with it. */
  origin: string;
  locale: Locale;
  i18n: I18n;
  storage: Storage;
};

/** The feed's opening: the RSS channel, named and linked in the feed's language. */
export function feedHead({ origin, locale }: Pick<FeedOptions, "origin" | "locale">) {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">\n<channel>\n` +
    `${element("title", "OpenBox Lebanon")}\n` +
    `${element("link", origin + localePath(locale, "/"))}\n` +
    `${element("description", "Open-box, damaged-box and no-box goods at lower prices, delivered across Lebanon.")}\n`
  );
}

export const FEED_TAIL = "</channel>\n</rss>\n";

/**
 * Each visible product's `<item>` (one per size for a product that keeps stock per size, sharing
 * `g:item_group_id`), as text, read on a read-only connection of its own that closes when the rows
 * run out or the caller stops early (decision 051): memory stays one row whatever the catalogue's size.
 */
export function* feedItems(db: Db, options: FeedOptions): Generator<string> {
  const categories = listCategories(db);
  const categoryPaths = new Map<number, string>();
  const productType = (categoryId: number) => {
    let known = categoryPaths.get(categoryId);
    if (known === undefined) {
      known = ancestorsOf(categories, categoryId)
        .map((row) => categoryLabel(options.i18n, row.label))
        .join(" > ");
      categoryPaths.set(categoryId, known);
    }
    return known;
  };
  const connection = openReadOnlyConnection(db);
  try {
    const rows = connection.prepare(FEED_SQL).raw(true).iterate() as IterableIterator<Row>;
    for (const row of rows) yield productItems(row, productType(row[10]), options);
  } finally {
    connection.close();
  }
}

function productItems(row: Row, productType: string, { origin, locale, storage }: FeedOptions): string {
  const [id, title, titleAr, description, descriptionAr, priceCents, stock, sizesJson] = row;
  const [, , , , , , , , packaging, grade, , stockJson, prefixesJson] = row;
  const sizes = JSON.parse(sizesJson) as string[];
  const stockBySize = stockJson === null ? null : (JSON.parse(stockJson) as Record<string, number>);
  const images = (JSON.parse(prefixesJson) as string[]).map((prefix) =>
    absoluteUrl(origin, storage.url(shareImageKey(prefix))),
  );
  const link = origin + localePath(locale, `/shop/product/${id}`);
  const shared = [
    element("g:title", feedTitle(shownTitle({ title, titleAr }, locale))),
    element("g:description", shownDescription({ description, descriptionAr }, locale)),
    ...(images[0] ? [element("g:image_link", images[0])] : []),
    ...images.slice(1).map((url) => element("g:additional_image_link", url)),
    element("g:price", `${toDollars(priceCents).toFixed(2)} USD`),
    element("g:condition", googleCondition(packaging, grade)),
    // The shop records no brand, GTIN or MPN: Google's rule for an item without them (docs/google-condition.md).
    element("g:identifier_exists", "no"),
    ...(productType ? [element("g:product_type", productType)] : []),
  ].join("");
  const item = (fields: string) => `<item>${fields}</item>\n`;
  const availability = (left: number) => element("g:availability", left > 0 ? "in_stock" : "out_of_stock");
  if (!stockBySize) {
    // One shared stock: one item; a single size is still this item's size.
    const size = sizes.length === 1 ? element("g:size", sizes[0]!) : "";
    return item(element("g:id", String(id)) + element("g:link", link) + shared + availability(stock) + size);
  }
  return sizes
    .map((size) =>
      item(
        element("g:id", `${id}-${size}`) +
          element("g:item_group_id", String(id)) +
          element("g:link", `${link}?size=${encodeURIComponent(size)}`) +
          shared +
          availability(stockBySize[size] ?? 0) +
          element("g:size", size),
      ),
    )
    .join("");
}
