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
