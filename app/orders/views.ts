import type { OrderStatus } from "./order-status.ts";

/** One order's delivery slip: what the driver needs, and the shop's phone. */
export type DeliverySlip = {
  publicId: string;
  orderNumber: number;
  createdAt: Date;
  customerName: string;
  phone: string;
  governorate: string;
  city: string;
  street: string;
  building: string;
  address: string;
  /** The owner's note for the driver, printed under the address; null when none. */
  driverNote: string | null;
  items: { title: string; size: string | null; quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  /** The discount code the order was placed with, and what it took off (already out of the amount to collect). */
  couponCode: string | null;
  discountCents: number;
  deliveryFeeCents: number;
  /** Cash on delivery: the whole total, unless the order was canceled or returned (then nothing is collected). */
  amountToCollectCents: number;
  /** The same in lira at the rate the order was placed at; null when the lira was off then. */
  amountToCollectLbp: number | null;
  status: OrderStatus;
  /** The number the driver or the customer calls: the shop's contact phone from its settings. */
  shopPhone: string;
};
