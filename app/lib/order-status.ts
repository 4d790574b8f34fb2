import type { OrderStatus } from "../../db/schema/orders.ts";

/** Forward only: processing → shipped → delivered (contract). */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = { processing: "shipped", shipped: "delivered" };

/** The next-status button (spec §4 "Order status (admin)"). */
export const NEXT_STATUS_LABEL: Partial<Record<OrderStatus, string>> = { processing: "Mark as Shipped", shipped: "Mark as Delivered" };
