import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { DATABASE_FAULT_MESSAGES } from "~/platform/db/database-faults.server.ts";
import { TOO_MANY_FOR_PHONE, TOO_MANY_FROM_ADDRESS } from "~/platform/security/order-rate-limit.server.ts";
import { BLOCKED_PHONE_MESSAGE } from "~/orders/customers.server.ts";
import { DISTRICT_REQUIRED, FORM_ALREADY_USED } from "~/orders/order.server.ts";
import { DISCOUNT_MESSAGES } from "~/discounts/discount-rule.ts";

/**
 * The models' refusals a shopper reads on the cart and the checkout, by their English words (the
 * contract's, which `/api/` answers keep): each one's message in the catalogue, so an Arabic page
 * says it in Arabic. A message not listed here is shown as it is.
 */
const REFUSALS: [english: string, message: MessageDescriptor][] = [
  [DISCOUNT_MESSAGES.invalid, msg`This code is not valid.`],
  [DISCOUNT_MESSAGES.expired, msg`This code has expired.`],
  [DISCOUNT_MESSAGES.limit, msg`This code has reached its limit.`],
  [DISCOUNT_MESSAGES.phone, msg`This code was already used with this phone number.`],
  [BLOCKED_PHONE_MESSAGE, msg`We could not take this order online. Please call us to order.`],
  [TOO_MANY_FOR_PHONE, msg`Too many orders for this phone number. Please call us to order.`],
  [TOO_MANY_FROM_ADDRESS, msg`Too many orders from this connection. Please call us to order.`],
  [DATABASE_FAULT_MESSAGES.busy, msg`The shop is busy. Please try again in a minute.`],
  [DATABASE_FAULT_MESSAGES["cannot-save"], msg`The shop cannot save orders right now. Please try again later.`],
  [
    FORM_ALREADY_USED,
    msg`This checkout form was already used for a different order. Please reload the page and place the order again.`,
  ],
  [DISTRICT_REQUIRED, msg`District is required`],
];

const BY_ENGLISH = new Map(REFUSALS);
/** DISCOUNT_MESSAGES.minimum's words, whatever the amount. */
const MINIMUM = /^This code needs an order of at least (\$[\d,.]+)\.$/;

/** A refusal in the page's language (unchanged on an English page). */
export function shopperMessage(i18n: I18n, english: string): string {
  if (i18n.locale === "en") return english;
  const known = BY_ENGLISH.get(english);
  if (known) return i18n._(known);
  const minimum = MINIMUM.exec(english)?.[1];
  if (minimum) {
    const amount = ltr(minimum);
    return i18n._(msg`This code needs an order of at least ${amount}.`);
  }
  return english;
}

/** Text kept left-to-right (an amount, a code) inside a plain-text Arabic message: Unicode's isolates. */
export const ltr = (text: string) => `\u2066${text}\u2069`;
/** Text of either direction (a product's title) inside a plain-text message. */
export const isolated = (text: string) => `\u2068${text}\u2069`;
