import type { AnswerTable } from "~/i18n/answers.ts";

/**
 * The order desk's WhatsApp texts to a shopper (order-desk.ts's `whatsAppMessage`), by code: the
 * English word for word as the desk always sent it, other languages by the same id. Browser-safe.
 */
export type WhatsAppWords =
  | { code: "whatsapp.to-confirm"; name: string; shop: string; number: number; total: string }
  | { code: "whatsapp.confirmed"; name: string; shop: string; number: number; total: string }
  | { code: "whatsapp.shipped"; name: string; shop: string; number: number; total: string }
  | { code: "whatsapp.delivered"; name: string; shop: string; number: number }
  | { code: "whatsapp.canceled"; name: string; shop: string; number: number }
  | { code: "whatsapp.returned"; name: string; shop: string; number: number }
  | { code: "whatsapp.follow"; text: string; url: string };

export const WHATSAPP_WORDS: AnswerTable<WhatsAppWords> = {
  "whatsapp.to-confirm": /*i18n*/ {
    id: "whatsapp.to-confirm",
    message:
      "Hello {name}, this is {shop} about your order #{number} ({total}, cash on delivery). Can you confirm it, please?",
  },
  "whatsapp.confirmed": /*i18n*/ {
    id: "whatsapp.confirmed",
    message:
      "Hello {name}, this is {shop}: your order #{number} ({total}, cash on delivery) is confirmed and being prepared.",
  },
  "whatsapp.shipped": /*i18n*/ {
    id: "whatsapp.shipped",
    message:
      "Hello {name}, this is {shop}: your order #{number} is on its way. Please have {total} ready in cash for the courier.",
  },
  "whatsapp.delivered": /*i18n*/ {
    id: "whatsapp.delivered",
    message: "Hello {name}, this is {shop}: thank you for your order #{number}! We hope you enjoy it.",
  },
  "whatsapp.canceled": /*i18n*/ {
    id: "whatsapp.canceled",
    message: "Hello {name}, this is {shop} about your order #{number}, which was canceled.",
  },
  "whatsapp.returned": /*i18n*/ {
    id: "whatsapp.returned",
    message: "Hello {name}, this is {shop} about your order #{number}, which was returned to us.",
  },
  "whatsapp.follow": /*i18n*/ { id: "whatsapp.follow", message: "{text} Follow it here: {url}" },
};
