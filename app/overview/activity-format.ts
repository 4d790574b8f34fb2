import { GRADE_INFO, PACKAGING_INFO } from "~/catalogue/condition.ts";
import { formatMoney } from "~/utils/money.ts";
import { SHOP_TIME_ZONE } from "~/utils/shop-time.ts";

const when = new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

/** A time as the dashboard shows it: '29 Nov 2026, 08:41', Beirut time. */
export function formatActivityTime(iso: string) {
  return when.format(new Date(iso));
}

/** A stored instant ('2026-11-29T06:41:00.000Z'), as a change's value of a field such as `confirmedAt`. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** What the log's values need besides themselves: category ids as the owner names them. */
export type ActivityLabels = { categories: Record<number, string> };

const conditionLabels: Record<string, Record<string, { label: string }>> = {
  packaging: PACKAGING_INFO,
  grade: GRADE_INFO,
};

/**
 * A changed value as the owner reads it: money in dollars ('$4.00', also for a fee stored as
 * `feesCents.Akkar`), categories and condition values by their labels, yes/no, lists joined, times
 * (`confirmedAt`, a discount's `startsAt`) in Beirut time as the rest of the dashboard shows them.
 */
export function shownValue(field: string, value: unknown, labels: ActivityLabels): string {
  if (value === null || value === undefined || value === "") return "—";
  if (/Cents(\.|$)/.test(field) && typeof value === "number") return formatMoney(value);
  if (field === "categoryId" && typeof value === "number") return labels.categories[value] ?? `#${value}`;
  if (typeof value === "string" && conditionLabels[field]?.[value]) return conditionLabels[field][value].label;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" && /At$/.test(field) && ISO_INSTANT.test(value)) return formatActivityTime(value);
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
