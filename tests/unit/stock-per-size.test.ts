import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { activity, products, productSizeStock } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { apiProductWrite, editProductSchema, type ProductInput } from "~/catalogue/product-schema.ts";
import { createProduct as createProductRecord, StockBySizeNeeded } from "~/catalogue/admin/product-records.server.ts";
import { editProduct } from "~/catalogue/admin/product-writes.server.ts";
import { getAdminProduct, listAdminProducts } from "~/catalogue/admin/product-list.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";
import { getVisibleProduct } from "~/catalogue/product-page.server.ts";
import { checkAddToCart, checkCartQuantity, loadCartView, orderableQuantity } from "~/cart/cart.server.ts";
import { CART_ANSWERS, type CartAnswer } from "~/cart/cart-answers.ts";
import { englishOf } from "~/i18n/answers.ts";
import { OrderRefused, placeOrder } from "~/orders/order.server.ts";
import { cancelOrder } from "~/orders/order-admin.server.ts";
import { orderRefusal } from "~/checkout/place-order.server.ts";
import { getOverview } from "~/overview/overview.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { createTestDb, createTestStorage, TEST_SHIPPING } from "../support/test-db.ts";

/** A cart rule's answer as `/api/` and English pages say it: its code's English. */
function inEnglish<Check extends { ok: boolean; answer?: CartAnswer }>({ answer, ...rest }: Check) {
  return answer ? { ...rest, message: englishOf(CART_ANSWERS, answer) } : rest;
}

const IMAGE = {
  originalKey: "products/a.jpg",
  variantPrefix: "products/a",
  variantWidths: [160],
  width: 160,
  height: 160,
};

const dressInput: ProductInput = {
  title: "Dress",
  price: 30,
  description: "Open box",
  category: "Tools",
  size: ["S", "M", "L"],
  quantity: 99,
  stockBySize: { S: 0, M: 2, L: 1 },
  isHidden: false,
  oldPrice: null,
  packaging: "open-box",
  grade: "like-new",
  conditionNotes: "",
  inTheBox: [],
};

const stockRows = (db: Db, productId: number) =>
  Object.fromEntries(
    db
      .select()
      .from(productSizeStock)
      .where(eq(productSizeStock.productId, productId))
      .all()
      .map((row) => [row.size, row.stock]),
  );
const totalOf = (db: Db, productId: number) =>
  db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).get()!.stock;

const apiError = (body: Record<string, unknown>) => {
  const parsed = apiProductWrite.safeParse({
    Title: "Dress",
    price: 30,
    Description: "Open box",
    Category: "Women's Clothes",
    size: ["S", "M", "L"],
    ...body,
  });
  return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("stockBySize in the product schema", () => {
  it("takes the sizes' counts, or null, or nothing", () => {
    expect(apiError({ stockBySize: { S: 0, M: 2, L: 1 } })).toBeNull();
    expect(apiError({ stockBySize: null })).toBeNull();
    expect(apiError({})).toBeNull();
  });

  it("refuses a bad key or count, naming stockBySize", () => {
    expect(apiError({ stockBySize: { S: 0, M: 2, L: 1, XL: 1 } })).toEqual([
      "stockBySize: XL is not one of the product's sizes",
    ]);
    expect(apiError({ stockBySize: { S: 0, M: 2 } })).toEqual(["stockBySize: is missing the stock of size L"]);
    for (const bad of [-1, 1.5, "2", null])
      expect(apiError({ stockBySize: { S: 0, M: bad, L: 1 } })).toEqual([
        "stockBySize: the stock of size M must be a whole number from 0 to 1000000",
      ]);
    expect(apiError({ stockBySize: [1, 2, 3] })).toEqual(["stockBySize: must be an object of each size and its stock"]);
    expect(apiError({ size: [], stockBySize: {} })).toEqual(["stockBySize: is only for a product with sizes"]);
    expect(apiError({ size: [], stockBySize: { S: 1 } })).toEqual(["stockBySize: is only for a product with sizes"]);
    // JSON.parse makes "__proto__" an own key, which z.record would silently drop.
    expect(apiError({ stockBySize: JSON.parse('{"S":0,"M":2,"L":1,"__proto__":5}') })).toEqual([
      "stockBySize: __proto__ is not one of the product's sizes",
    ]);
    // The sum becomes quantity, which has the same ceiling.
    expect(apiError({ stockBySize: { S: 1_000_000, M: 1, L: 0 } })).toEqual([
      "stockBySize: the stock of all sizes together must be at most 1000000",
    ]);
  });

  it("reads the form's stockBySize.* fields: blank is 0, an unticked size counts only with stock", () => {
    const form = (entries: [string, string][]) => {
      const data = new FormData();
      for (const [name, value] of [
        ["title", "Dress"],
        ["price", "30"],
        ["description", "Open box"],
        ["category", "Tools"],
        ["size", "S"],
        ["size", "M"],
        ["keepImage", "1"],
        ...entries,
      ])
        data.append(name!, value!);
      return parseWithZod(data, { schema: editProductSchema });
    };
    const blanks = form([
      ["stockBySize.S", ""],
      ["stockBySize.M", " 3 "],
      ["stockBySize.L", ""],
    ]);
    expect(blanks.status).toBe("success");
    expect(blanks.status === "success" && blanks.value.stockBySize).toEqual({ S: 0, M: 3, L: 0 });
    expect(form([]).status === "success").toBe(true);
    for (const [entries, message] of [
      [
        [
          ["stockBySize.S", "x"],
          ["stockBySize.M", "1"],
        ],
        "the stock of size S must be a whole number from 0 to 1000000",
      ],
      [
        [
          ["stockBySize.S", "-1"],
          ["stockBySize.M", "1"],
        ],
        "the stock of size S must be a whole number from 0 to 1000000",
      ],
      [[["stockBySize.M", "1"]], "is missing the stock of size S"],
      [
        [
          ["stockBySize.S", "1"],
          ["stockBySize.M", "1"],
          ["stockBySize.L", "4"],
        ],
        "L is not one of the product's sizes",
      ],
    ] as [[string, string][], string][]) {
      const refused = form(entries);
      expect(refused.status).toBe("error");
      expect(refused.reply().error?.stockBySize).toEqual([message]);
    }
  });
});

describe("a product with stock per size", () => {
  function addDress(db: Db, stockBySize: Record<string, number> | null = { S: 0, M: 2, L: 1 }) {
    return createProductRecord(
      db,
      {
        title: "Dress",
        priceCents: 3_000,
        description: "d",
        category: "Tools",
        sizes: ["S", "M", "L"],
        stock: 99,
        stockBySize,
      },
      [IMAGE],
    );
  }

  it("stores each size's stock and keeps the product's stock their sum, logging the change", async () => {
    const db = createTestDb();
    const { storage } = createTestStorage();
    const id = addDress(db);
    expect(stockRows(db, id)).toEqual({ S: 0, M: 2, L: 1 });
    expect(totalOf(db, id)).toBe(3);
    expect(apiProductsByIds(db, storage, "http://shop", [id])[0]).toMatchObject({
      quantity: 3,
      size: ["S", "M", "L"],
      stockBySize: { S: 0, M: 2, L: 1 },
    });
    expect(getVisibleProduct(db, storage, id)).toMatchObject({ stock: 3, stockBySize: { S: 0, M: 2, L: 1 } });
    expect(getAdminProduct(db, storage, id)).toMatchObject({ stock: 3, stockBySize: { S: 0, M: 2, L: 1 } });
    expect(listAdminProducts(db, storage, {}).items[0]).toMatchObject({ stock: 3, stockBySize: { S: 0, M: 2, L: 1 } });

    await editProduct(db, storage, id, { ...dressInput, stockBySize: { S: 4, M: 2, L: 0 } }, { keepIds: undefined });
    expect(stockRows(db, id)).toEqual({ S: 4, M: 2, L: 0 });
    expect(totalOf(db, id)).toBe(6);
    const edits = db.select().from(activity).where(eq(activity.kind, "product.edited")).all();
    expect(edits.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        { field: "stock", before: 3, after: 6 },
        { field: "stockBySize", before: { S: 0, M: 2, L: 1 }, after: { S: 4, M: 2, L: 0 } },
      ]),
    );
  });

  it("keeps its stock per size through an edit without it, unless the sizes change; null or no sizes end it", async () => {
    const db = createTestDb();
    const { storage } = createTestStorage();
    const id = addDress(db);
    const edit = (input: Partial<ProductInput>) =>
      editProduct(db, storage, id, { ...dressInput, stockBySize: undefined, ...input }, { keepIds: undefined });
    await edit({ quantity: 50 });
    expect(stockRows(db, id)).toEqual({ S: 0, M: 2, L: 1 });
    expect(totalOf(db, id)).toBe(3);
    await expect(edit({ size: ["S", "M"] })).rejects.toBeInstanceOf(StockBySizeNeeded);
    expect(stockRows(db, id)).toEqual({ S: 0, M: 2, L: 1 });
    await edit({ stockBySize: null, quantity: 7 });
    expect(stockRows(db, id)).toEqual({});
    expect(totalOf(db, id)).toBe(7);
    expect(apiProductsByIds(db, storage, "http://shop", [id])[0]).toMatchObject({ quantity: 7, stockBySize: null });
    await edit({ stockBySize: { S: 1, M: 1, L: 1 } });
    await edit({ size: [], quantity: 2 });
    expect(stockRows(db, id)).toEqual({});
    expect(totalOf(db, id)).toBe(2);
  });

  it("is bought by size: a size with none left cannot be added, each line is capped at its size", () => {
    const db = createTestDb();
    const { storage } = createTestStorage();
    const id = addDress(db);
    expect(inEnglish(checkAddToCart(db, [], { productId: id, size: "S", quantity: 1 }))).toEqual({
      ok: false,
      message: "This product is out of stock",
    });
    expect(inEnglish(checkAddToCart(db, [], { productId: id, size: "L", quantity: 2 }))).toEqual({
      ok: false,
      message: "Only 1 items available in stock",
    });
    expect(checkAddToCart(db, [], { productId: id, size: "M", quantity: 2 }).ok).toBe(true);
    expect(inEnglish(checkCartQuantity(db, id, 2, "L"))).toEqual({
      ok: false,
      message: "Only 1 items available in stock",
      quantity: 1,
    });
    expect(checkCartQuantity(db, id, 2, "M")).toEqual({ ok: true });
    const lines = [
      { productId: id, size: "S", quantity: 1 },
      { productId: id, size: "M", quantity: 2 },
    ];
    const view = loadCartView(db, storage, lines);
    expect(view.lines.map((line) => [line.size, line.stock, line.available])).toEqual([
      ["S", 0, false],
      ["M", 2, true],
    ]);
    expect(orderableQuantity(db, lines)).toBe(2);
  });

  it("takes an order's stock from the size, refuses naming the size, and gets it back on cancel", () => {
    const db = createTestDb();
    const id = addDress(db);
    const order = (size: string, quantity: number) =>
      placeOrder(db, { lines: [{ productId: id, size, quantity }], shipping: TEST_SHIPPING });
    const placed = order("M", 2);
    expect(stockRows(db, id)).toEqual({ S: 0, M: 0, L: 1 });
    expect(totalOf(db, id)).toBe(1);
    expect(placed.order.items.map((item) => item.size)).toEqual(["M"]);

    const refused = (() => {
      try {
        order("M", 1);
      } catch (error) {
        return error;
      }
    })() as OrderRefused;
    expect(refused).toBeInstanceOf(OrderRefused);
    expect(refused.message).toBe("Only 0 left in stock of Dress (size M)");
    expect(orderRefusal(refused, "api")).toEqual({
      status: 409,
      message: "Only 0 left in stock of Dress (size M)",
      stock: { productId: id, remaining: 0, size: "M" },
    });
    expect(orderRefusal(refused, "checkout").message).toBe(
      'Sorry, only 0 of "Dress" (size M) left in stock. Please change the quantity in your cart.',
    );
    // Two lines of one size count together against it.
    expect(() =>
      placeOrder(db, {
        lines: [
          { productId: id, size: "L", quantity: 1 },
          { productId: id, size: "L", quantity: 1 },
        ],
        shipping: TEST_SHIPPING,
      }),
    ).toThrow("Only 1 left in stock of Dress (size L)");
    expect(stockRows(db, id)).toEqual({ S: 0, M: 0, L: 1 });
    order("L", 1);
    expect(totalOf(db, id)).toBe(0);

    cancelOrder(db, placed.order.publicId);
    expect(stockRows(db, id)).toEqual({ S: 0, M: 2, L: 0 });
    expect(totalOf(db, id)).toBe(2);
  });

  it("keeps the total equal to the sizes' sum when an order is canceled after its size was removed", () => {
    const db = createTestDb();
    const id = addDress(db, { S: 1, M: 1, L: 1 });
    const placed = placeOrder(db, { lines: [{ productId: id, size: "L", quantity: 1 }], shipping: TEST_SHIPPING });
    // The owner drops size L (what an edit with the sizes S and M writes).
    db.delete(productSizeStock).where(eq(productSizeStock.productId, id)).run();
    db.insert(productSizeStock)
      .values([
        { productId: id, size: "S", stock: 1 },
        { productId: id, size: "M", stock: 1 },
      ])
      .run();
    db.update(products)
      .set({ sizes: ["S", "M"], stock: 2 })
      .where(eq(products.id, id))
      .run();
    cancelOrder(db, placed.order.publicId);
    expect(stockRows(db, id)).toEqual({ S: 1, M: 1 });
    expect(totalOf(db, id)).toBe(2);
  });

  it("keeps a product on shared stock exactly as before", () => {
    const db = createTestDb();
    const { storage } = createTestStorage();
    const shirt = createProduct(db, { title: "Shirt", sizes: ["S", "M"], stock: 1 });
    expect(apiProductsByIds(db, storage, "http://shop", [shirt.id])[0]).toMatchObject({
      quantity: 1,
      stockBySize: null,
    });
    expect(getVisibleProduct(db, storage, shirt.id)?.stockBySize).toBeNull();
    expect(checkAddToCart(db, [], { productId: shirt.id, size: "S", quantity: 1 }).ok).toBe(true);
    placeOrder(db, { lines: [{ productId: shirt.id, size: "M", quantity: 1 }], shipping: TEST_SHIPPING });
    const error = (() => {
      try {
        placeOrder(db, { lines: [{ productId: shirt.id, size: "S", quantity: 1 }], shipping: TEST_SHIPPING });
      } catch (caught) {
        return caught as OrderRefused;
      }
    })();
    expect(error?.message).toBe("Only 0 left in stock of Shirt");
    expect(orderRefusal(error!, "api").stock).toEqual({ productId: shirt.id, remaining: 0 });
  });

  it("lists a size with 1 or 2 left in the Overview's low stock as its own line", () => {
    const db = createTestDb();
    const dress = createProduct(db, { title: "Dress", stockBySize: { S: 0, M: 2, L: 1, XL: 9 } });
    const lamp = createProduct(db, { title: "Lamp", stock: 2 });
    createProduct(db, { title: "Plenty", stockBySize: { S: 5, M: 5 } });
    const low = getOverview(db).lowStock;
    expect(low.map((line) => [line.title, line.size, line.stock]).sort()).toEqual(
      [
        ["Dress", "L", 1],
        ["Dress", "M", 2],
        ["Lamp", null, 2],
      ].sort(),
    );
    expect(low.find((line) => line.size === "L")?.id).toBe(dress.id);
    expect(low.find((line) => line.size === null)?.id).toBe(lamp.id);
  });
});
