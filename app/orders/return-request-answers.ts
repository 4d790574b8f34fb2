import type { AnswerTable } from "~/i18n/answers.ts";

/**
 * Why a shopper's return request was not stored (ReturnRequestRefused's answer). Browser-safe; the
 * English is word for word what `/api/order/requestReturn` answers, other languages by the same id.
 */
export type ReturnRequestAnswer =
  | { code: "return.not-found" }
  | { code: "return.not-delivered" }
  | { code: "return.window-closed" }
  | { code: "return.already-requested" }
  | { code: "return.no-items" }
  | { code: "return.not-in-order" }
  | { code: "return.too-many"; title: string; delivered: number };

export const RETURN_REQUEST_ANSWERS: AnswerTable<ReturnRequestAnswer> = {
  "return.not-found": /*i18n*/ { id: "return.not-found", message: "Order not found" },
  "return.not-delivered": /*i18n*/ {
    id: "return.not-delivered",
    message: "Only a delivered order can be returned.",
  },
  "return.window-closed": /*i18n*/ {
    id: "return.window-closed",
    message: "The return window for this order has closed.",
  },
  "return.already-requested": /*i18n*/ {
    id: "return.already-requested",
    message: "A return was already requested for this order.",
  },
  "return.no-items": /*i18n*/ { id: "return.no-items", message: "Choose at least one item to return." },
  "return.not-in-order": /*i18n*/ {
    id: "return.not-in-order",
    message: "That item is not in this order.",
  },
  "return.too-many": /*i18n*/ {
    id: "return.too-many",
    message: "You can return at most {delivered} of {title}.",
  },
};
