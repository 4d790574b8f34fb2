/**
 * The open-box condition of a product: how its packaging came to the shop and what state the
 * item is in. Values, labels and the one plain sentence explaining each, written once for the
 * forms, the API, the cards, the product page and /condition-guide.
 */

export const PACKAGINGS = ["open-box", "damaged-box", "no-box"] as const;
export type Packaging = (typeof PACKAGINGS)[number];

export const GRADES = ["like-new", "very-good", "good"] as const;
export type Grade = (typeof GRADES)[number];

export const DEFAULT_PACKAGING: Packaging = "open-box";
export const DEFAULT_GRADE: Grade = "like-new";

export const CONDITION_NOTES_MAX = 1000;
export const IN_THE_BOX_MAX_ITEMS = 20;
export const IN_THE_BOX_ITEM_MAX = 80;
export const IMAGE_CAPTION_MAX = 120;

type Explained = { label: string; sentence: string; example: string };

export const PACKAGING_INFO: Record<Packaging, Explained> = {
  "open-box": {
    label: "Open box",
    sentence: "The box was opened, usually for a return or a display; the item inside is complete.",
    example: "A blender returned unused by a customer, checked, with its seal cut and every part in place.",
  },
  "damaged-box": {
    label: "Damaged box",
    sentence: "The box was damaged in transport; the item inside is new and complete.",
    example: "A kettle whose carton was crushed on one corner in shipping; the kettle itself is untouched.",
  },
  "no-box": {
    label: "No box",
    sentence: "The item comes without its original box, packed safely for delivery.",
    example: "A display drill from a shop shelf, sent wrapped in protective packaging instead of its retail box.",
  },
};

export const GRADE_INFO: Record<Grade, Explained> = {
  "like-new": {
    label: "Like new",
    sentence: "No visible marks or signs of use; it looks and works like a new one.",
    example: "A toaster taken out of its box once and put back, with no scratch anywhere.",
  },
  "very-good": {
    label: "Very good",
    sentence: "Light marks you can see up close, such as a small scuff; it works perfectly.",
    example: "A vacuum cleaner with a faint scuff on its side that you notice only when looking for it.",
  },
  good: {
    label: "Good",
    sentence: "Visible marks or signs of use, described in the notes; it works perfectly.",
    example: "A microwave with a scratch across its top and a small dent on the back panel.",
  },
};

export function packagingLabel(value: string) {
  return PACKAGING_INFO[value as Packaging]?.label ?? value;
}

export function gradeLabel(value: string) {
  return GRADE_INFO[value as Grade]?.label ?? value;
}

/** Keeps the known values of a repeated URL parameter, in the fixed order, without repeats; unknown ones are ignored. */
export function knownValues<T extends string>(allowed: readonly T[], values: string[]): T[] {
  return allowed.filter((value) => values.includes(value));
}
