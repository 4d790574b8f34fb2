import { msg } from "@lingui/core/macro";
import { i18nFor } from "~/i18n/i18n.server.ts";
import type { Locale } from "~/i18n/locale.ts";
import { formatMoney } from "~/utils/money.ts";
import type { ShopperMessage } from "./order-status.ts";
import type { ReturnRequestView } from "./return-request-read.server.ts";

/** The shopper's emails of a return after delivery: asked for, approved, refused, received. */
export type ReturnRequestMessage = Extract<ShopperMessage, `return-${string}`>;

/** The units a return names, as one line: "1 × Kettle, 2 × Mug (size M)". */
function unitsOf(request: ReturnRequestView | null, locale: Locale) {
  return (request?.items ?? [])
    .map((item) => {
      const title = locale === "ar" && item.titleAr ? item.titleAr : item.title;
      return `${item.quantity} × ${title}${item.size ? ` (${item.size})` : ""}`;
    })
    .join(", ");
}

/** The totals' bottom line of every return email: the order was paid when it was delivered. */
export function returnRequestDue(locale: Locale) {
  return i18nFor(locale)._(msg`Paid on delivery (order total)`);
}

/** Each return email's heading in `locale`. */
export function returnRequestHeading(message: ReturnRequestMessage, locale: Locale) {
  const i18n = i18nFor(locale);
  switch (message) {
    case "return-requested":
      return i18n._(msg`We received your return request`);
    case "return-approved":
      return i18n._(msg`Your return is approved`);
    case "return-refused":
      return i18n._(msg`We could not accept your return`);
    case "return-received":
      return i18n._(msg`We received your return`);
  }
}

/**
 * Each return email's subject, heading, opening and the totals' bottom line, in `locale` (English
 * is the code's own text; Arabic by the same key from the server catalogue). The order's language
 * picks `locale`; until orders keep one, every caller passes "en".
 */
export function returnRequestWording(
  message: ReturnRequestMessage,
  order: { orderNumber: number; phone: string; returnRequest: ReturnRequestView | null },
  shop: { shopPhone: string },
  locale: Locale,
) {
  const i18n = i18nFor(locale);
  const number = order.orderNumber;
  const units = unitsOf(order.returnRequest, locale);
  const phone = order.phone;
  const shopPhone = shop.shopPhone;
  const due = returnRequestDue(locale);
  switch (message) {
    case "return-requested":
      return {
        subject: i18n._(msg`Return request for order #${number} received`),
        heading: returnRequestHeading(message, locale),
        intro: i18n._(
          msg`You asked to return ${units}. We will look at your request and tell you by email, usually within two working days.`,
        ),
        due,
      };
    case "return-approved":
      return {
        subject: i18n._(msg`Return for order #${number} approved`),
        heading: returnRequestHeading(message, locale),
        intro: i18n._(
          msg`We will call you on ${phone} to arrange the pick-up of ${units}. Please keep everything that came in the box.`,
        ),
        due,
      };
    case "return-refused": {
      const note = order.returnRequest?.refusalNote ?? "";
      return {
        subject: i18n._(msg`Return for order #${number} refused`),
        heading: returnRequestHeading(message, locale),
        intro: i18n._(msg`${note} If you have a question, call us on ${shopPhone}.`),
        due,
      };
    }
    case "return-received": {
      const refund = formatMoney(order.returnRequest?.refundCents ?? 0);
      return {
        subject: i18n._(msg`Refund for order #${number}`),
        heading: returnRequestHeading(message, locale),
        intro: i18n._(msg`The items you sent back (${units}) reached us. We refunded you ${refund}.`),
        due,
      };
    }
  }
}
