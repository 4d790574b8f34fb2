import { asc, eq } from "drizzle-orm";
import { orderItems, orders } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import type { PlacedOrderView } from "~/checkout/views.ts";
import type { ShippingInput } from "../orders/order.server.ts";

const PUBLIC_ID = /^[0-9a-f]{24}$/;
const SHIPPING_FIELDS = [
  "name",
  "email",
  "phone",
  "district",
  "city",
  "street",
  "building",
  "address",
] as const satisfies readonly (keyof ShippingInput)[];

/**
 * What the home page shows after checkout, nothing the shopper did not just submit or see: the
 * summary of an order by its public id (carried in the signed flash
 * cookie), or null.
 */
export function loadPlacedOrder(db: Db, publicId: unknown): PlacedOrderView | null {
  if (typeof publicId !== "string" || !PUBLIC_ID.test(publicId)) return null;
  const order = db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.publicId, publicId))
    .get();
  if (!order) return null;
  const items = db
    .select({
      title: orderItems.title,
      titleAr: orderItems.titleAr,
      size: orderItems.size,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))
    .all();
  return { publicId, orderNumber: order.orderNumber, totalCents: order.totalCents, items };
}

/**
 * The order a checkout form already placed, for a retried post whose first response emptied the
 * cart: its public id when this idempotency key made an order with the same delivery details,
 * else null (a different submission under a reused key is not the same checkout).
 */
export function findPlacedOrderId(db: Db, idempotencyKey: string, shipping: ShippingInput): string | null {
  const order = db
    .select({
      publicId: orders.publicId,
      name: orders.customerName,
      email: orders.email,
      phone: orders.phone,
      district: orders.governorate,
      city: orders.city,
      street: orders.street,
      building: orders.building,
      address: orders.address,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey))
    .get();
  if (!order) return null;
  const same = SHIPPING_FIELDS.every((field) => order[field] === shipping[field]);
  return same ? order.publicId : null;
}
