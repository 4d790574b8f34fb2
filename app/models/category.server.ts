import { asc } from "drizzle-orm";
import { categories } from "../../db/schema/index.ts";
import type { Db } from "~/lib/db.server.ts";

import type { CategoryRow, CategoryTreeNode } from "~/lib/views.ts";

/** The whole category table: a few dozen rows, read per request (it is tiny and indexed). */
export function listCategories(db: Db): CategoryRow[] {
  return db
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
    .all();
}

/** Spec §3: categories with no valid parent are roots. */
export function buildCategoryTree(rows: CategoryRow[]): CategoryTreeNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as CategoryTreeNode[] }]));
  const roots: CategoryTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Matches a category by name, slug, id or code, case-insensitively (spec §4 "Shop list"). */
export function findCategory(rows: CategoryRow[], reference: string): CategoryRow | undefined {
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
export function descendantIds(rows: CategoryRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const row of rows) if (row.parentId === ids[i]) ids.push(row.id);
  }
  return ids;
}

/** From the root down to the category itself: breadcrumbs and which branches to expand. */
export function ancestorsOf(rows: CategoryRow[], id: number): CategoryRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chain: CategoryRow[] = [];
  for (let row = byId.get(id); row && chain.length < rows.length; row = row.parentId === null ? undefined : byId.get(row.parentId)) {
    chain.unshift(row);
  }
  return chain;
}
