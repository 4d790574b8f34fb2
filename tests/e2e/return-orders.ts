import { eq } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { advanceOrderStatus } from "~/orders/order-admin.server.ts";
import { placeOrder } from "~/orders/order.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { TEST_SHIPPING } from "../support/test-db.ts";

/** A phone number of this run's own (Lebanese mobile, 8 digits), so one test's orders are its alone. */
export function uniqueMobile() {
  return `7${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

/**
 * The set-up both return specs open with: a product of this test's own, with its stock read back
 * from the database, and orders of one of it that the owner has moved on (shipped, delivered),
 * through the models.
 */
export function productToReturn(
  db: Db,
  {
    prefix,
    noun,
    priceCents,
    stock,
    costCents,
  }: { prefix: string; noun: string; priceCents: number; stock: number; costCents?: number },
) {
  const product = createProduct(db, { title: `${uniqueWord(prefix)} ${noun}`, priceCents, stock });
  if (costCents !== undefined) db.update(products).set({ costCents }).where(eq(products.id, product.id)).run();
  return {
    product,
    stock: () => db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock,
    /** An order of one, placed by `shipping` (over TEST_SHIPPING) and moved through `steps`. */
    order(shipping: Partial<typeof TEST_SHIPPING>, steps: ("shipped" | "delivered")[] = []) {
      const { order } = placeOrder(db, {
        lines: [{ productId: product.id, size: null, quantity: 1 }],
        shipping: { ...TEST_SHIPPING, ...shipping },
      });
      for (const step of steps) advanceOrderStatus(db, order.publicId, step);
      return order;
    },
  };
}
