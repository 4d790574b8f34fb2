import { and, inArray, sql } from "drizzle-orm";
import { visibleConditionCounts } from "../../db/schema/index.ts";
import { GRADES, PACKAGINGS } from "~/catalogue/condition.ts";
import type { Db } from "~/platform/db/db.server.ts";
import type { ConditionFacets } from "~/catalogue/views.ts";
import type { ConditionFilter } from "./listing.server.ts";
import { searchConditionCounts, toFtsQuery } from "./search.server.ts";

/**
 * The Filters panel's counts: for each packaging, how many products the listing would show with it
 * (with the category and the grade filter applied), and the same for each grade. Without a search these are
 * sums over the per-condition counts the triggers maintain (a few rows); with one, a grouped count of its matches.
 */
export function conditionFacets(
  db: Db,
  options: { categoryIds?: number[]; condition?: ConditionFilter; search?: string },
): ConditionFacets {
  const packagingCounts = new Map<string, number>();
  const gradeCounts = new Map<string, number>();
  const match = options.search ? toFtsQuery(options.search) : null;
  if (options.search && !match) return facetsFrom(packagingCounts, gradeCounts);
  if (match) {
    // One pass over the matches, grouped by both; each list is then narrowed by the other's filter.
    for (const row of searchConditionCounts(db, match)) {
      const { packaging: packagings, grade: grades } = options.condition ?? {};
      if (!grades?.length || grades.includes(row.grade))
        packagingCounts.set(row.packaging, (packagingCounts.get(row.packaging) ?? 0) + row.n);
      if (!packagings?.length || packagings.includes(row.packaging))
        gradeCounts.set(row.grade, (gradeCounts.get(row.grade) ?? 0) + row.n);
    }
    return facetsFrom(packagingCounts, gradeCounts);
  }
  const inCategories = options.categoryIds
    ? inArray(visibleConditionCounts.categoryId, options.categoryIds)
    : undefined;
  const sum = sql<number>`coalesce(sum(${visibleConditionCounts.visible}), 0)`;
  const byPackaging = db
    .select({ value: visibleConditionCounts.packaging, n: sum })
    .from(visibleConditionCounts)
    .where(
      and(
        inCategories,
        options.condition?.grade?.length ? inArray(visibleConditionCounts.grade, options.condition.grade) : undefined,
      ),
    )
    .groupBy(visibleConditionCounts.packaging)
    .all();
  const byGrade = db
    .select({ value: visibleConditionCounts.grade, n: sum })
    .from(visibleConditionCounts)
    .where(
      and(
        inCategories,
        options.condition?.packaging?.length
          ? inArray(visibleConditionCounts.packaging, options.condition.packaging)
          : undefined,
      ),
    )
    .groupBy(visibleConditionCounts.grade)
    .all();
  for (const row of byPackaging) packagingCounts.set(row.value, row.n);
  for (const row of byGrade) gradeCounts.set(row.value, row.n);
  return facetsFrom(packagingCounts, gradeCounts);
}

function facetsFrom(packagingCounts: Map<string, number>, gradeCounts: Map<string, number>): ConditionFacets {
  return {
    packaging: PACKAGINGS.map((value) => ({ value, count: packagingCounts.get(value) ?? 0 })),
    grade: GRADES.map((value) => ({ value, count: gradeCounts.get(value) ?? 0 })),
  };
}
