import { asc } from "drizzle-orm";
import { categories } from "../../db/schema/index.ts";
import { cachedOncePerCatalogueVersion } from "~/platform/db/catalogue-version.server.ts";
import type { Db } from "~/platform/db/db.server.ts";

import type { CategoryMenuNode, CategoryRow, CategoryTreeNode } from "~/catalogue/views.ts";

/**
 * The whole category table: a few dozen rows, read again only after the catalogue changed (every
 * shopper page needs them, and a fresh render should not pay for the query). Treat as read-only.
 */
export const listCategories: (db: Db) => readonly CategoryRow[] = cachedOncePerCatalogueVersion((db) =>
  db
    .select({
      id: categories.id,
      name: categories.name,
      label: categories.label,
      slug: categories.slug,
      code: categories.code,
      parentId: categories.parentId,
    })
    .from(categories)
    .orderBy(asc(categories.parentId), asc(categories.position), asc(categories.id))
    .all(),
);

const toMenuNode = ({ id, label, slug, children }: CategoryTreeNode): CategoryMenuNode => ({
  id,
  label,
  slug,
  children: children.map(toMenuNode),
});

/** The tree the header menu and the shop's filters render, cached like the rows until the catalogue changes. Treat as read-only. */
export const categoryMenu: (db: Db) => CategoryMenuNode[] = cachedOncePerCatalogueVersion((db) =>
  buildCategoryTree(listCategories(db)).map(toMenuNode),
);

/** Categories with no valid parent are roots. */
export function buildCategoryTree(rows: readonly CategoryRow[]): CategoryTreeNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as CategoryTreeNode[] }]));
  const roots: CategoryTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Matches a category by name, slug, id or code, case-insensitively. */
export function findCategory(rows: readonly CategoryRow[], reference: string): CategoryRow | undefined {
  const wanted = reference.trim().toLowerCase();
  if (!wanted) return undefined;
  return rows.find(
    (row) =>
      row.name.toLowerCase() === wanted ||
      row.label.toLowerCase() === wanted ||
      row.slug === wanted ||
      row.code.toLowerCase() === wanted ||
      String(row.id) === wanted,
  );
}

/** The category and all its descendants' ids: a category filter includes its subcategories. */
export function descendantIds(rows: readonly CategoryRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const row of rows) if (row.parentId === ids[i]) ids.push(row.id);
  }
  return ids;
}

/** From the root down to the category itself: breadcrumbs and which branches to expand. */
export function ancestorsOf(rows: readonly CategoryRow[], id: number): CategoryRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chain: CategoryRow[] = [];
  for (
    let row = byId.get(id);
    row && chain.length < rows.length;
    row = row.parentId === null ? undefined : byId.get(row.parentId)
  ) {
    chain.unshift(row);
  }
  return chain;
}
