import type { Statement } from "better-sqlite3";
import { and, eq, gte, sql } from "drizzle-orm";
import { products, productSizeStock } from "../../db/schema/index.ts";
import type { Db, Tx } from "~/platform/db/db.server.ts";
import type { StockBySize } from "./views.ts";
import { watchStockBack } from "./stock-alerts.server.ts";

/**
 * Stock per size (decision 035). A product keeps it when it
 * has rows in `product_size_stock`, exactly one per size; `products.stock` is then their sum,
 * written in the same transaction, so everything that reads only the product row (listings, sold-out
 * cards, the Overview's sold out, the stock indexes) keeps working unchanged.
 */

/** One prepared statement per connection: a product page or a cart asks it on every request. */
const statements = new WeakMap<Db["$client"], Statement<[string], [number, string, number]>>();

/**
 * The stock per size of those of `products` that keep it, by id, keys in the order of the product's
 * sizes (as SIZES in options.ts lists them). Only products with sizes are asked about (the others cannot keep any), so a page
 * of products without sizes costs nothing; the rest is one prepared statement.
 */
export function stockBySizeOf(db: Db, products: { id: number; sizes: string[] }[]): Map<number, StockBySize> {
  const found = new Map<number, StockBySize>();
  const sized = products.filter((product) => product.sizes.length > 0);
  if (sized.length === 0) return found;
  let statement = statements.get(db.$client);
  if (!statement) {
    statement = db.$client
      .prepare<[string], [number, string, number]>(
        "select product_id, size, stock from product_size_stock where product_id in (select value from json_each(?))",
      )
      .raw(true);
    statements.set(db.$client, statement);
  }
  const rows = new Map<number, Map<string, number>>();
  for (const [productId, size, stock] of statement.all(JSON.stringify(sized.map((product) => product.id)))) {
    const sizes = rows.get(productId) ?? new Map<string, number>();
    sizes.set(size, stock);
    rows.set(productId, sizes);
  }
  for (const product of sized) {
    const stock = rows.get(product.id);
    if (stock) found.set(product.id, Object.fromEntries(product.sizes.map((size) => [size, stock.get(size) ?? 0])));
  }
  return found;
}

/** The stock a line of this product in this size can take: its size's when it keeps stock per size. */
export function stockOfSize(product: { stock: number }, stockBySize: StockBySize | null, size: string | null) {
  if (!stockBySize) return product.stock;
  return size !== null && Object.hasOwn(stockBySize, size) ? stockBySize[size]! : 0;
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
 * Puts stock back (a canceled order): to the size when the product keeps stock per size (the total
 * then follows the sizes' sum), else to the shared stock, in the caller's transaction.
 */
export function putBackStock(tx: Tx, productId: number, size: string | null, quantity: number) {
  // Stock that comes back from none tells the shoppers waiting for it (stock-alerts.server.ts).
  watchStockBack(tx, productId, () => addStock(tx, productId, size, quantity));
}

function addStock(tx: Tx, productId: number, size: string | null, quantity: number) {
  if (size !== null)
    tx.update(productSizeStock)
      .set({ stock: sql`${productSizeStock.stock} + ${quantity}` })
      .where(and(eq(productSizeStock.productId, productId), eq(productSizeStock.size, size)))
      .run();
  // The total is the rows' sum when the product keeps stock per size (a size removed since the order
  // takes nothing back), else the shared stock plus what comes back.
  tx.update(products)
    .set({
      stock: sql`coalesce((select sum(${productSizeStock.stock}) from ${productSizeStock} where ${productSizeStock.productId} = ${productId}), ${products.stock} + ${quantity})`,
    })
    .where(eq(products.id, productId))
    .run();
}
