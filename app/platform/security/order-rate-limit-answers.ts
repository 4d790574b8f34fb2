import type { AnswerTable } from "~/i18n/answers.ts";

/** Which of the fake-order rate limits refused an order. Browser-safe. */
export type OrderRateAnswer = { code: "order-rate.phone" } | { code: "order-rate.address" };

/** Their English, what `/api/` and English pages say; other languages by the same id. */
export const ORDER_RATE_ANSWERS: AnswerTable<OrderRateAnswer> = {
  "order-rate.phone": /*i18n*/ {
    id: "order-rate.phone",
    message: "Too many orders for this phone number. Please call us to order.",
  },
  "order-rate.address": /*i18n*/ {
    id: "order-rate.address",
    message: "Too many orders from this connection. Please call us to order.",
  },
};
