import type { AnswerTable } from "~/i18n/answers.ts";

/** Why a discount code does not apply (checkDiscount, and the order that counts its use). Browser-safe. */
export type DiscountAnswer =
  | { code: "discount.invalid" }
  /** `minimum`: the amount as the refusal names it (formatMinimum: "$50", "$49.99"). */
  | { code: "discount.minimum"; minimum: string }
  | { code: "discount.expired" }
  | { code: "discount.limit" }
  | { code: "discount.phone" };

/** The refusals in the product's fixed wording (kept word for word; tests check it): what `/api/` and English pages say; other languages by the same id. */
export const DISCOUNT_ANSWERS: AnswerTable<DiscountAnswer> = {
  "discount.invalid": /*i18n*/ { id: "discount.invalid", message: "This code is not valid." },
  "discount.minimum": /*i18n*/ { id: "discount.minimum", message: "This code needs an order of at least {minimum}." },
  "discount.expired": /*i18n*/ { id: "discount.expired", message: "This code has expired." },
  "discount.limit": /*i18n*/ { id: "discount.limit", message: "This code has reached its limit." },
  "discount.phone": /*i18n*/ { id: "discount.phone", message: "This code was already used with this phone number." },
};
