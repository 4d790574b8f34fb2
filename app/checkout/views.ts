/** What the checkout hands to components (browser-safe). */

/** The summary shown once after an order is placed. */
export type PlacedOrderView = {
  /** For the link to the order's tracking page, the lasting receipt. */
  publicId: string;
  orderNumber: number;
  totalCents: number;
  /** The discount code the order was placed with and what it took off; null: none. */
  discount: { code: string; cents: number } | null;
  /** The total in lira at the rate the order kept; null: the lira was off. */
  totalLbp: number | null;
  /** `titleAr`: the product's Arabic title when the order was placed, for the Arabic receipt. */
  items: { title: string; titleAr: string | null; size: string | null; quantity: number }[];
};
