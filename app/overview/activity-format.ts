import { GRADE_INFO, PACKAGING_INFO } from "~/catalogue/condition.ts";
import { formatMoney } from "~/utils/money.ts";

/** What the log's values need besides themselves: category ids as the owner names them. */
export type ActivityLabels = { categories: Record<number, string> };

const conditionLabels: Record<string, Record<string, { label: string }>> = {
  packaging: PACKAGING_INFO,
  grade: GRADE_INFO,
};

/**
 * A changed value as the owner reads it: money in dollars ('$4.00', also for a fee stored as
 * `feesCents.Akkar`), categories and condition values by their labels, yes/no, lists joined.
 */
export function shownValue(field: string, value: unknown, labels: ActivityLabels): string {
  if (value === null || value === undefined || value === "") return "—";
  if (/Cents(\.|$)/.test(field) && typeof value === "number") return formatMoney(value);
  if (field === "categoryId" && typeof value === "number") return labels.categories[value] ?? `#${value}`;
  if (typeof value === "string" && conditionLabels[field]?.[value]) return conditionLabels[field][value].label;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "—";
  // Stock per size: "S 0, M 2, L 1".
  if (typeof value === "object")
    return Object.entries(value)
      .map(([key, entry]) => `${key} ${String(entry)}`)
      .join(", ");
  return String(value);
}

/** `priceCents` as "price", `feesCents.Akkar` as "fees Akkar", `categoryId` as "category". */
export function fieldName(field: string) {
  return field
    .replace(/Cents\b/g, "")
    .replace(/Id$/, "")
    .replace(/\./g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}
