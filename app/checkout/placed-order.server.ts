import { eq } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import type { PlacedOrderView } from "~/checkout/views.ts";
import { loadOrderAndItems, type ShippingInput } from "~/orders/order.server.ts";

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
  const found = loadOrderAndItems(db, publicId);
  if (!found) return null;
  const { order, items } = found;
  return {
    publicId,
    orderNumber: order.orderNumber,
    totalCents: order.totalCents,
    discount:
      order.couponCode && order.discountCents > 0 ? { code: order.couponCode, cents: order.discountCents } : null,
    totalLbp: order.totalLbp,
    items: items.map(({ title, titleAr, size, quantity }) => ({ title, titleAr, size, quantity })),
  };
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
