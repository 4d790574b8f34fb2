import { asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { categories, productImages, products } from "../../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { imageSources } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import type { ImageSources } from "~/catalogue/views.ts";
import { GRADE_INFO, GRADES, PACKAGING_INFO, PACKAGINGS } from "~/catalogue/condition.ts";
import { stockBySizeOf } from "../size-stock.server.ts";
import type { AdminProductSort } from "../margin.ts";

/** What the administrator reads of the catalogue: the products table, the edit form, confirmations, the admin API's pages. */

export const ADMIN_PAGE_SIZE = 50;

/** LIKE treats % and _ as wildcards: escape them so a search is a plain substring match. */
function containing(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The condition values whose value or label holds the search term ("damaged", "very good"). */
function matchingValues<T extends string>(values: readonly T[], info: Record<T, { label: string }>, term: string) {
  const wanted = term.toLowerCase();
  return values.filter((value) => value.includes(wanted) || info[value].label.toLowerCase().includes(wanted));
}

/**
 * The table's order: newest first, or by margin (the share of the price left once the cost is
 * paid), products without a cost after those with one either way, newest first among equals.
 */
function adminOrder(sort: AdminProductSort) {
  const newest = [desc(products.createdAt), desc(products.id)];
  if (sort === "newest") return newest;
  const margin = sql`(${products.priceCents} - ${products.costCents}) * 1.0 / ${products.priceCents}`;
  return [sql`${products.costCents} is null`, sort === "margin-high" ? desc(margin) : asc(margin), ...newest];
}

/**
 * The admin table: every product (hidden too), newest first or by margin, one page at a time. The
 * search is a case-insensitive substring match on title, category, description, price ("19.99"),
 * packaging and grade.
 */
export function listAdminProducts(
  db: Db,
  storage: Storage,
  options: { search?: string; page?: number; pageSize?: number; sort?: AdminProductSort },
) {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const term = options.search?.trim();
  const pattern = term ? containing(term) : null;
  const where = pattern
    ? or(
        sql`lower(${products.title}) like ${pattern} escape '\\'`,
        sql`lower(${products.description}) like ${pattern} escape '\\'`,
        sql`lower(${products.titleAr}) like ${pattern} escape '\\'`,
        sql`lower(${products.descriptionAr}) like ${pattern} escape '\\'`,
        sql`lower(${categories.name}) like ${pattern} escape '\\'`,
        sql`lower(${categories.label}) like ${pattern} escape '\\'`,
        sql`printf('%.2f', ${products.priceCents} / 100.0) like ${pattern} escape '\\'`,
        inArray(products.packaging, matchingValues(PACKAGINGS, PACKAGING_INFO, term!)),
        inArray(products.grade, matchingValues(GRADES, GRADE_INFO, term!)),
      )
    : undefined;
  const rows = db
    .select({
      id: products.id,
      title: products.title,
      priceCents: products.priceCents,
      costCents: products.costCents,
      stock: products.stock,
      sizes: products.sizes,
      isHidden: products.isHidden,
      packaging: products.packaging,
      grade: products.grade,
      category: categories.name,
      categoryLabel: categories.label,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...adminOrder(options.sort ?? "newest"))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const [{ total } = { total: 0 }] = db
    .select({ total: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .all();
  const thumbs = new Map<number, ImageSources>();
  if (rows.length) {
    const images = db
      .select()
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(productImages.position))
      .all();
    for (const image of images)
      if (!thumbs.has(image.productId)) thumbs.set(image.productId, imageSources(storage, image));
  }
  const stock = stockBySizeOf(db, rows);
  return {
    items: rows.map((row) => ({
      ...row,
      stockBySize: stock.get(row.id) ?? null,
      thumb: thumbs.get(row.id) ?? null,
    })),
    total,
    page,
    pageSize,
  };
}

/** A product as the edit form shows it, with its images. */
export function getAdminProduct(db: Db, storage: Storage, id: number) {
  const product = db
    .select({
      id: products.id,
      title: products.title,
      priceCents: products.priceCents,
      description: products.description,
      titleAr: products.titleAr,
      descriptionAr: products.descriptionAr,
      stock: products.stock,
      sizes: products.sizes,
      isHidden: products.isHidden,
      oldPriceCents: products.oldPriceCents,
      costCents: products.costCents,
      packaging: products.packaging,
      grade: products.grade,
      conditionNotes: products.conditionNotes,
      inTheBox: products.inTheBox,
      category: categories.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .get();
  if (!product) return undefined;
  const images = db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .all()
    .map((image) => ({ id: image.id, caption: image.caption, ...imageSources(storage, image) }));
  return { ...product, stockBySize: stockBySizeOf(db, [product]).get(id) ?? null, images };
}

/** Product titles for a confirmation ("Delete these 3 products?"). */
export function productTitles(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, ids)).all();
}

/** One page of every product's id (hidden ones too), newest first, and how many there are: the admin API's listing. */
export function pageOfProductIds(db: Db, { limit, offset }: { limit: number; offset: number }) {
  const ids = db
    .select({ id: products.id })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset(offset)
    .all();
  // Not db.$count(): on better-sqlite3 it is a query builder, not a number.
  const total = db.select({ total: count() }).from(products).get()!.total;
  return { ids: ids.map((row) => row.id), total };
}
