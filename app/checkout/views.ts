import type { Governorate } from "~/settings/delivery.ts";
import type { Cents } from "~/utils/money.ts";

/** What the checkout hands to components (browser-safe). */

/** The summary shown once after an order is placed. */
export type PlacedOrderView = {
  /** For the link to the order's tracking page, the lasting receipt. */
  publicId: string;
  orderNumber: number;
  totalCents: number;
  /** `titleAr`: the product's Arabic title when the order was placed, for the Arabic receipt. */
  items: { title: string; titleAr: string | null; size: string | null; quantity: number }[];
};

/** What delivery would cost a cart of this subtotal, for each governorate: what the cart and the checkout show. */
export type DeliveryQuote = {
  fees: { governorate: Governorate; feeCents: Cents }[];
  lowestCents: Cents;
  highestCents: Cents;
  freeDeliveryFromCents: Cents | null;
};
