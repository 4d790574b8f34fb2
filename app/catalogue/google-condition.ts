import type { Grade, Packaging } from "./condition.ts";

/** Google's (and Meta's) three conditions, in the feed, the link-preview tags and the JSON-LD. */
export type GoogleCondition = "new" | "refurbished" | "used";

/**
 * The rule of docs/google-condition.md: Google's `new` means brand new in its original, unopened
 * packaging, so an opened box or a missing one is `used`, whatever the grade. A box damaged in
 * transport holds an item the shop sells as new and complete; it stays `new` only while the item
 * is graded like new, since a lower grade says the item itself shows wear. `refurbished` is never
 * claimed: it promises professional restoration, which no packaging or grade here records.
 */
export function googleCondition(packaging: Packaging | string, grade: Grade | string): GoogleCondition {
  return packaging === "damaged-box" && grade === "like-new" ? "new" : "used";
}
