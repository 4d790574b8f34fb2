import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { categories, productImages, products, productSizeStock } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { storeImage } from "~/platform/files/images.server.ts";
import { LocalDiskStorage } from "~/platform/files/storage.server.ts";
import { phoneKey } from "~/utils/phone-number.ts";

let counter = 0;

/** A unique word for titles, so a test finds its own products among everyone else's. */
export function uniqueWord(prefix = "Zq") {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Inserts a product through the real schema (the FTS triggers keep search in sync). With
 * `stockBySize` it keeps stock per size: its sizes are the keys and its stock their sum.
 */
export function createProduct(
  db: Db,
  fields: {
    title: string;
    category?: string;
    priceCents?: number;
    oldPriceCents?: number | null;
    stock?: number;
    sizes?: string[];
    isHidden?: boolean;
    description?: string;
    stockBySize?: Record<string, number>;
    titleAr?: string | null;
    descriptionAr?: string | null;
  },
) {
  const perSize = fields.stockBySize ? Object.entries(fields.stockBySize) : null;
  const category = db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, fields.category ?? "Tools"))
    .get()!;
  const product = db
    .insert(products)
    .values({
      title: fields.title,
      description: fields.description ?? `${fields.title}: open box, inspected and complete.`,
      priceCents: fields.priceCents ?? 2_500,
      oldPriceCents: fields.oldPriceCents ?? null,
      stock: perSize ? perSize.reduce((sum, [, stock]) => sum + stock, 0) : (fields.stock ?? 10),
      sizes: perSize ? perSize.map(([size]) => size) : (fields.sizes ?? []),
      categoryId: category.id,
      isHidden: fields.isHidden ?? false,
      titleAr: fields.titleAr ?? null,
      descriptionAr: fields.descriptionAr ?? null,
    })
    .returning()
    .get();
  if (perSize)
    db.insert(productSizeStock)
      .values(perSize.map(([size, stock]) => ({ productId: product.id, size, stock })))
      .run();
  return product;
}

/**
 * Gives a product a real stored image (a plain square PNG, stored with its WebP variants in the
 * server's uploads folder, exactly as an upload would be), so listings render srcset, sizes, width
 * and height for it.
 */
export async function addProductImage(db: Db, productId: number, options: { size?: number; position?: number } = {}) {
  const size = options.size ?? 700;
  const png = await sharp({ create: { width: size, height: size, channels: 3, background: { r: 40, g: 120, b: 110 } } })
    .png()
    .toBuffer();
  const storage = new LocalDiskStorage(path.join(process.env.E2E_DATA_DIR!, "uploads"));
  const stored = await storeImage(storage, png);
  return db
    .insert(productImages)
    .values({ productId, position: options.position ?? 0, ...stored })
    .returning()
    .get();
}

/**
 * Inserts `count` orders of one line each straight into the tables, in one transaction (a few
 * hundred milliseconds for 20,000), numbered after the highest order number there is.
 */
export function createOrders(
  db: Db,
  count: number,
  fields: {
    productId: number;
    customerName?: string;
    address?: string;
    /** One status for all, or the n-th order's (n from 1). */
    status?: string | ((n: number) => string);
    /** One phone for all, or the n-th order's; keyed with `phoneKey` as the order model does. */
    phone?: string | ((n: number) => string);
  },
) {
  const sqlite = db.$client;
  const insertOrder = sqlite.prepare(
    `insert into orders (public_id, order_number, status, customer_name, email, phone, phone_key, governorate, city, street, building, address, subtotal_cents, delivery_fee_cents, total_cents)
     values (?, ?, ?, ?, 'bulk@example.com', ?, ?, 'Beirut', 'Beirut', 'Hamra', '1', ?, 2500, 400, 2900)`,
  );
  const valueFor = (value: string | ((n: number) => string) | undefined, n: number, fallback: string) =>
    typeof value === "function" ? value(n) : (value ?? fallback);
  const insertItem = sqlite.prepare(
    "insert into order_items (order_id, product_id, title, unit_price_cents, size, quantity) values (?, ?, 'Bulk item', 2500, null, 1)",
  );
  // Parsing a phone takes tens of microseconds: bulk orders mostly repeat a few numbers.
  const keys = new Map<string, string>();
  const keyOf = (phone: string) => keys.get(phone) ?? keys.set(phone, phoneKey(phone)).get(phone)!;
  sqlite.transaction(() => {
    const { last } = sqlite.prepare("select coalesce(max(order_number), 1000) as last from orders").get() as {
      last: number;
    };
    for (let n = 1; n <= count; n++) {
      const phone = valueFor(fields.phone, n, "+961 3 000 000");
      const { lastInsertRowid } = insertOrder.run(
        `bulk${last + n}${uniqueWord("")}`,
        last + n,
        valueFor(fields.status, n, "processing"),
        fields.customerName ?? `Bulk customer ${n}`,
        phone,
        keyOf(phone),
        fields.address ?? "Next to the bakery",
      );
      insertItem.run(lastInsertRowid, fields.productId);
    }
  })();
}
