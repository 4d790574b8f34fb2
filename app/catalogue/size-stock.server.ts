import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { products, productSizeStock } from "../../db/schema/index.ts";
import type { Db, Tx } from "~/platform/db/db.server.ts";
import { SIZES } from "./options.ts";
import type { StockBySize } from "./views.ts";

/**
 * Stock per size (CONTRACT "Sizes with their own stock", decision 035). A product keeps it when it
 * has rows in `product_size_stock`, exactly one per size; `products.stock` is then their sum,
 * written in the same transaction, so everything that reads only the product row (listings, sold-out
 * cards, the Overview's sold out, the stock indexes) keeps working unchanged.
 */

type Reader = Pick<Db, "select">;

const sizeOrder = new Map<string, number>(SIZES.map((size, index) => [size, index]));
const bySpecOrder = (a: { size: string }, b: { size: string }) =>
  (sizeOrder.get(a.size) ?? SIZES.length) - (sizeOrder.get(b.size) ?? SIZES.length);

/** Each product's stock per size, keys in the spec's size order; a product on shared stock is absent. */
export function stockBySizeOf(db: Reader, ids: number[]): Map<number, StockBySize> {
  const found = new Map<number, StockBySize>();
  if (ids.length === 0) return found;
  const rows = db
    .select()
    .from(productSizeStock)
    .where(ids.length === 1 ? eq(productSizeStock.productId, ids[0]!) : inArray(productSizeStock.productId, ids))
    .all()
    .sort(bySpecOrder);
  for (const row of rows) {
    const stock = found.get(row.productId) ?? {};
    stock[row.size] = row.stock;
    found.set(row.productId, stock);
  }
  return found;
}

/** The stock a line of this product in this size can take: its size's when it keeps stock per size. */
export function stockOfSize(product: { stock: number }, stockBySize: StockBySize | undefined, size: string | null) {
  if (!stockBySize) return product.stock;
  return size === null ? 0 : (stockBySize[size] ?? 0);
}

/** The sum a product keeps in `products.stock` when it keeps stock per size. */
export function totalStock(stockBySize: StockBySize) {
  return Object.values(stockBySize).reduce((sum, stock) => sum + stock, 0);
}

/**
 * Replaces a product's stock per size inside the product write's transaction; null puts it back on
 * shared stock (no rows). The caller writes `products.stock` (the sum) in the same transaction.
 */
export function replaceStockBySize(tx: Tx, productId: number, stockBySize: StockBySize | null) {
  tx.delete(productSizeStock).where(eq(productSizeStock.productId, productId)).run();
  if (!stockBySize) return;
  const rows = Object.entries(stockBySize).map(([size, stock]) => ({ productId, size, stock }));
  if (rows.length) tx.insert(productSizeStock).values(rows).run();
}

/**
 * Takes `quantity` of one size with one conditional update, inside the order's transaction, so two
 * shoppers can never both take a size's last unit. `undefined`: the product keeps shared stock (no
 * row for the size); otherwise whether it was taken and how many the size had.
 */
export function takeSizeStock(
  tx: Tx,
  productId: number,
  size: string,
  quantity: number,
): { taken: boolean; remaining: number } | undefined {
  const row = tx
    .select({ stock: productSizeStock.stock })
    .from(productSizeStock)
    .where(and(eq(productSizeStock.productId, productId), eq(productSizeStock.size, size)))
    .get();
  if (!row) return undefined;
  const taken = tx
    .update(productSizeStock)
    .set({ stock: sql`${productSizeStock.stock} - ${quantity}` })
    .where(
      and(
        eq(productSizeStock.productId, productId),
        eq(productSizeStock.size, size),
        gte(productSizeStock.stock, quantity),
      ),
    )
    .run();
  return { taken: taken.changes > 0, remaining: row.stock };
}

/**
 * Puts stock back (a canceled order): to the size when the product keeps stock per size, and to the
 * product's total in either case, in the caller's transaction.
 */
export function putBackStock(tx: Tx, productId: number, size: string | null, quantity: number) {
  if (size !== null)
    tx.update(productSizeStock)
      .set({ stock: sql`${productSizeStock.stock} + ${quantity}` })
      .where(and(eq(productSizeStock.productId, productId), eq(productSizeStock.size, size)))
      .run();
  tx.update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId))
    .run();
}
