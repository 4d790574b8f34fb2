import type { AnswerTable } from "~/i18n/answers.ts";

/**
 * What 'Tell me when it's back' says to the shopper: the form's answers and the back-in-stock
 * email's words. Browser-safe; English by these tables, Arabic by the same ids (answers.po).
 */
export type StockAlertAnswer =
  | { code: "stock-alert.saved" }
  | { code: "stock-alert.contact" }
  | { code: "stock-alert.one-contact" }
  | { code: "stock-alert.email" }
  | { code: "stock-alert.phone" }
  | { code: "stock-alert.size" }
  | { code: "stock-alert.too-many" }
  | { code: "stock-alert.unavailable" };

export const STOCK_ALERT_ANSWERS: AnswerTable<StockAlertAnswer> = {
  "stock-alert.saved": /*i18n*/ { id: "stock-alert.saved", message: "We will let you know." },
  "stock-alert.contact": /*i18n*/ { id: "stock-alert.contact", message: "Enter an email or a phone number." },
  "stock-alert.one-contact": /*i18n*/ {
    id: "stock-alert.one-contact",
    message: "Enter an email or a phone number, not both.",
  },
  "stock-alert.email": /*i18n*/ { id: "stock-alert.email", message: "Enter a valid email address." },
  "stock-alert.phone": /*i18n*/ { id: "stock-alert.phone", message: "Enter a valid phone number, e.g. 03 123 456." },
  "stock-alert.size": /*i18n*/ { id: "stock-alert.size", message: "Choose one of the product's sizes." },
  "stock-alert.too-many": /*i18n*/ {
    id: "stock-alert.too-many",
    message: "Too many requests from this connection. Please try again in an hour.",
  },
  "stock-alert.unavailable": /*i18n*/ {
    id: "stock-alert.unavailable",
    message: "The shop is busy. Please try again in a moment.",
  },
};

/** The back-in-stock email's words, by the email's language. */
export type BackInStockWords =
  | { code: "back-in-stock.subject"; title: string }
  | { code: "back-in-stock.heading"; title: string }
  | { code: "back-in-stock.intro" }
  | { code: "back-in-stock.size"; size: string }
  | { code: "back-in-stock.link" }
  | { code: "back-in-stock.why" }
  | { code: "back-in-stock.whatsapp"; title: string };

export const BACK_IN_STOCK_WORDS: AnswerTable<BackInStockWords> = {
  "back-in-stock.subject": /*i18n*/ { id: "back-in-stock.subject", message: "Back in stock: {title}" },
  "back-in-stock.heading": /*i18n*/ { id: "back-in-stock.heading", message: "{title} is back in stock" },
  "back-in-stock.intro": /*i18n*/ {
    id: "back-in-stock.intro",
    message: "You asked us to tell you when it was back. Open-box items are often single pieces, so it may not last.",
  },
  "back-in-stock.size": /*i18n*/ { id: "back-in-stock.size", message: "Size: {size}" },
  "back-in-stock.link": /*i18n*/ { id: "back-in-stock.link", message: "See it in the shop" },
  "back-in-stock.whatsapp": /*i18n*/ {
    id: "back-in-stock.whatsapp",
    message: "Hello! {title} is back in stock. You asked us to tell you:",
  },
  "back-in-stock.why": /*i18n*/ {
    id: "back-in-stock.why",
    message:
      "You receive this email because you asked us to tell you when this item was back. We will not write again about it.",
  },
};
