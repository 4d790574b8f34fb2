import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema/index.ts";
import { apiClient, jsonBody as json, png, SHIPPING as shipping } from "../support/api-client.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });

const { call, upload, addProduct } = apiClient(
  () => server.base,
  () => server.cookie,
);

describe("the spec's flow through the API alone", () => {
  it("uploads, adds, lists, searches, orders, ships, delivers, and cancels with stock restored", async () => {
    const product = await addProduct("Flowdrill Cordless", 5);
    expect(product.image_link[0]).toMatch(new RegExp(`^${server.base}/uploads/products/[a-f0-9]{24}-\\d+\\.webp$`));
    const image = await fetch(product.image_link[0]!);
    expect(image.headers.get("content-type")).toBe("image/webp");

    const visible = (await (await call("/api/product/getVisible")).json()) as { _id: string; price: number }[];
    expect(visible.find((p) => p._id === product._id)).toMatchObject({ price: 12.34 });
    const found = (await (await call("/api/product/search?q=flowdri")).json()) as { _id: string }[];
    expect(found.map((p) => p._id)).toContain(product._id);

    const ordered = await call("/api/order/createOrder", {
      method: "POST",
      ...json({
        items: [{ product: product._id, quantity: 2, size: null }],
        shippingAddress: shipping,
        deliveryFee: 0,
        subtotal: 0.01,
        total: 0.01,
      }),
    });
    expect(ordered.status).toBe(201);
    const { message, order } = (await ordered.json()) as {
      message: string;
      order: { _id: string; status: string; subtotal: number; deliveryFee: number; totalPrice: number };
    };
    expect(message).toBe("Order created successfully");
    expect(order).toMatchObject({ status: "processing", subtotal: 24.68, deliveryFee: 4, totalPrice: 28.68 });

    const all = (await (await call("/api/order/getAllOrders", { admin: true })).json()) as {
      orders: { _id: string }[];
    };
    expect(all.orders.map((o) => o._id)).toContain(order._id);

    const shipped = (await (await call(`/api/order/updateOrder?id=${order._id}`, { admin: true })).json()) as {
      message: string;
      order: { status: string };
    };
    expect(shipped).toMatchObject({ message: "Order status updated successfully", order: { status: "shipped" } });
    const delivered = (await (
      await call(`/api/order/updateOrder?id=${order._id}`, { method: "POST", admin: true })
    ).json()) as { order: { status: string } };
    expect(delivered.order.status).toBe("delivered");
    const terminal = await call(`/api/order/updateOrder?id=${order._id}`, { admin: true });
    expect(terminal.status).toBe(409);
    expect(((await terminal.json()) as { error: string }).error).toMatch(/delivered/);

    const other = (await (
      await call("/api/order/createOrder", {
        method: "POST",
        ...json({ items: [{ product: Number(product._id), quantity: 3 }], shippingAddress: shipping }),
      })
    ).json()) as { order: { _id: string } };
    const stockOf = () =>
      server.db
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, Number(product._id)))
        .get()!.stock;
    expect(stockOf()).toBe(0);
    const canceled = await call(`/api/order/cancelOrder?id=${other.order._id}`, { admin: true });
    expect(await canceled.json()).toMatchObject({
      message: "Order cancelled successfully",
      success: true,
      order: { status: "canceled" },
    });
    expect(stockOf()).toBe(3);
    const again = await call(`/api/order/cancelOrder?id=${other.order._id}`, { method: "POST", admin: true });
    expect(again.status).toBe(409);
    expect(stockOf()).toBe(3);
  });
});

describe("admin calls", () => {
  it("respond 401 without a session and 403 from another site", async () => {
    for (const [method, path] of [
      ["GET", "/api/product/getAllProducts"],
      ["GET", "/api/order/getAllOrders"],
      ["POST", "/api/product/addProduct"],
      ["PUT", "/api/product/edit?id=1"],
      ["DELETE", "/api/product/deletebyID?id=1"],
      ["GET", "/api/order/updateOrder?id=x"],
      ["GET", "/api/order/cancelOrder?id=x"],
      ["POST", "/api/upload"],
    ] as const) {
      const response = await call(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ error: "Authentication required" });
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const crossSite = await call("/api/product/deletebyID?id=1", {
      method: "DELETE",
      admin: true,
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("refuse bad input with 400 naming the field, unknown ids with 404, and large bodies with 413", async () => {
    const bad = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...json({ Title: " ", price: 3, Description: "d", Category: "Tools" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Title: Please enter a product title" });
    const badCategory = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...json({ Title: "x", price: 3, Description: "d", Category: "Weapons" }),
    });
    expect(((await badCategory.json()) as { error: string }).error).toBe("Category: Please select a product category");
    const foreignImage = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...json({
        Title: "x",
        price: 3,
        Description: "d",
        Category: "Tools",
        image_link: ["https://elsewhere.example/a.png"],
      }),
    });
    expect(foreignImage.status).toBe(400);
    expect(((await foreignImage.json()) as { error: string }).error).toMatch(/^image_link: /);

    const missing = await call("/api/product/edit?id=999999", {
      method: "PUT",
      admin: true,
      ...json({ Title: "x", price: 3, Description: "d", Category: "Tools", image_link: [] }),
    });
    expect(missing.status).toBe(404);
    expect((await call("/api/product/deletebyID?id=999999", { method: "DELETE", admin: true })).status).toBe(404);
    expect((await call("/api/product/deletebyID", { method: "DELETE", admin: true })).status).toBe(400);
    expect((await call("/api/order/updateOrder", { admin: true })).status).toBe(400);
    expect(await (await call("/api/order/cancelOrder", { admin: true })).json()).toEqual({ error: "Invalid order ID" });
    expect((await call("/api/order/updateOrder?id=nope", { admin: true })).status).toBe(404);

    const huge = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      body: "x".repeat(1024 * 1024 + 1),
      headers: { "Content-Type": "application/json" },
    });
    expect(huge.status).toBe(413);
  });

  it("the Add Product form takes uploaded images by URL, and refuses an image from elsewhere", async () => {
    const form = (images: string[]) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({
        title: "Formsaw Handsaw",
        price: "9.50",
        quantity: "3",
        category: "Tools",
        description: "Handsaw, no box",
      }))
        body.append(name, value);
      for (const image of images) body.append("images", image);
      return call("/admin/products", { method: "POST", admin: true, body, redirect: "manual" });
    };
    const foreign = await form(["https://elsewhere.example/a.png"]);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain(
      "image_link: https://elsewhere.example/a.png is not an image uploaded to this shop",
    );

    const uploaded = await upload({ name: "saw.png", data: await png("#e9c46a") });
    const { urls } = (await uploaded.json()) as { urls: string[] };
    const added = await form(urls);
    expect(added.status).toBe(302);
    const stored = server.db.select().from(products).where(eq(products.title, "Formsaw Handsaw")).get();
    expect(stored).toMatchObject({ priceCents: 950, stock: 3 });
    // The upload now belongs to the product: a second product cannot claim it.
    expect((await form(urls)).status).toBe(400);
  });

  it("upload refuses a non-image named .png and a file over 5 MB, and keeps good files beside a bad one", async () => {
    const html = await upload({ name: "evil.png", data: Buffer.from("<html><script>alert(1)</script></html>") });
    expect(html.status).toBe(400);
    expect(((await html.json()) as { error: string }).error).toMatch(/^File evil\.png is not an image file/);
    const svg = await upload({
      name: "logo.png",
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg.status).toBe(400);
    const big = await upload({ name: "big.png", data: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "File big.png exceeds 5MB limit" });
    const mixed = await upload(
      { name: "good.png", data: await png("#e76f51") },
      { name: "bad.png", data: Buffer.from("nope") },
    );
    expect(mixed.status).toBe(201);
    const body = (await mixed.json()) as { urls: string[]; errors: string[] };
    expect(body.urls).toHaveLength(1);
    expect(body.errors).toEqual(["File bad.png is not an image file"]);
  });

  it("edit changes the price and hides; delete removes the product and its files", async () => {
    const product = await addProduct("Editsaw Jigsaw", 4, 20);
    const edited = await call(`/api/product/edit?id=${product._id}`, {
      method: "PUT",
      admin: true,
      ...json({
        Title: "Editsaw Jigsaw",
        price: 18.5,
        Description: "d",
        Category: "Tools",
        size: [],
        image_link: product.image_link,
        quantity: 4,
        isHidden: true,
      }),
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      message: "Product updated successfully!",
      product: { price: 18.5, isHidden: true },
    });
    expect((await call(`/api/product/getProductById?id=${product._id}`)).status).toBe(404);
    const asAdmin = (await (await call(`/api/product/getProductById?id=${product._id}`, { admin: true })).json()) as {
      prod: { isHidden: boolean };
    };
    expect(asAdmin.prod.isHidden).toBe(true);

    const deleted = await call(`/api/product/deletebyID?id=${product._id}`, { method: "DELETE", admin: true });
    expect(await deleted.json()).toEqual({ message: "Product and images deleted successfully!" });
    expect((await fetch(product.image_link[0]!)).status).toBe(404);
  });
});

describe("public calls", () => {
  it("return the spec's shapes and never show hidden products", async () => {
    const shown = await addProduct("Publicmop Steam", 7, 30);
    const hidden = await addProduct("Publicmop Hidden", 7, 30);
    server.db
      .update(products)
      .set({ isHidden: true })
      .where(eq(products.id, Number(hidden._id)))
      .run();

    const byId = (await (await call(`/api/product/getProductById?id=${shown._id}`)).json()) as {
      prod: Record<string, unknown>;
    };
    expect(Object.keys(byId.prod).sort()).toEqual(
      [
        ...[
          "Category",
          "Description",
          "Title",
          "_id",
          "createdAt",
          "image_link",
          "oldPrice",
          "price",
          "quantity",
          "size",
          "thumbnail",
        ],
        // Open-box condition (CONTRACT.md), beside the spec's fields.
        ...["packaging", "grade", "conditionNotes", "inTheBox", "imageCaptions"],
        // Sizes with their own stock (CONTRACT.md): null for shared stock.
        "stockBySize",
        // The Arabic title and description (CONTRACT.md): null when none.
        "titleAr",
        "descriptionAr",
      ].sort(),
    );
    expect(byId.prod).toMatchObject({
      _id: shown._id,
      Title: "Publicmop Steam",
      price: 30,
      oldPrice: null,
      quantity: 7,
      Category: "Tools",
    });
    expect((await call(`/api/product/getProductById?id=${hidden._id}`)).status).toBe(404);
    expect((await call("/api/product/getProductById")).status).toBe(400);

    const search = (await (await call("/api/product/search?q=publicmop")).json()) as { _id: string }[];
    expect(search.map((p) => p._id)).toEqual([shown._id]);
    const category = await call("/api/product/getProductsByCategories?category=tools");
    expect(category.headers.get("x-total-count")).toMatch(/^\d+$/);
    const inCategory = (await category.json()) as { _id: string; Category: string }[];
    expect(inCategory.map((p) => p._id)).toContain(shown._id);
    expect(inCategory.map((p) => p._id)).not.toContain(hidden._id);
    expect(inCategory.every((p) => p.Category === "Tools")).toBe(true);
    expect((await call("/api/product/getProductsByCategories?category=nope")).status).toBe(404);
    expect((await call("/api/product/getProductsByCategories")).status).toBe(400);

    const visible = await call("/api/product/getVisible?limit=500");
    expect(visible.headers.get("cache-control")).toContain("max-age");
    const ids = ((await visible.json()) as { _id: string }[]).map((p) => p._id);
    expect(ids).toContain(shown._id);
    expect(ids).not.toContain(hidden._id);
    expect((await call("/api/product/getVisible?limit=501")).status).toBe(400);

    const orderHidden = await call("/api/order/createOrder", {
      method: "POST",
      ...json({ items: [{ product: hidden._id, quantity: 1 }], shippingAddress: shipping }),
    });
    expect(orderHidden.status).toBe(404);
  });

  it("createOrder responds 400 naming the field, and 409 with what is left", async () => {
    const product = await addProduct("Lastone Lamp", 1, 10);
    const badEmail = await call("/api/order/createOrder", {
      method: "POST",
      ...json({ items: [{ product: product._id, quantity: 1 }], shippingAddress: { ...shipping, email: "nope" } }),
    });
    expect(await badEmail.json()).toEqual({ error: "shippingAddress.email: Invalid email format" });
    const badDistrict = await call("/api/order/createOrder", {
      method: "POST",
      ...json({ items: [{ product: product._id, quantity: 1 }], shippingAddress: { ...shipping, district: "Paris" } }),
    });
    expect(await badDistrict.json()).toEqual({ error: "shippingAddress.district: District is required" });
    const tooMany = await call("/api/order/createOrder", {
      method: "POST",
      ...json({ items: [{ product: product._id, quantity: 2 }], shippingAddress: shipping }),
    });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({ error: "Only 1 left in stock of Lastone Lamp", remaining: 1 });
  });
});

describe("shapes and refusals of the remaining calls", () => {
  it("getAllProducts returns every product with isHidden, never cached", async () => {
    const shown = await addProduct("Shapely Shown", 2);
    const hidden = await addProduct("Shapely Hidden", 2);
    server.db
      .update(products)
      .set({ isHidden: true })
      .where(eq(products.id, Number(hidden._id)))
      .run();
    const response = await call("/api/product/getAllProducts?limit=500", { admin: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-total-count")).toMatch(/^\d+$/);
    const { products: listed } = (await response.json()) as { products: Record<string, unknown>[] };
    const byId = new Map(listed.map((product) => [product._id, product]));
    expect(Object.keys(byId.get(shown._id)!).sort()).toEqual(
      [
        ...[
          "Category",
          "Description",
          "Title",
          "_id",
          "createdAt",
          "image_link",
          "isHidden",
          "oldPrice",
          "price",
          "quantity",
          "size",
          "thumbnail",
        ],
        ...["packaging", "grade", "conditionNotes", "inTheBox", "imageCaptions"],
        "stockBySize",
        ...["titleAr", "descriptionAr"],
        // The products area's own calls carry what the owner paid (null: not given).
        "costPrice",
      ].sort(),
    );
    expect(byId.get(shown._id)).toMatchObject({
      isHidden: false,
      Title: "Shapely Shown",
      quantity: 2,
      price: 12.34,
      stockBySize: null,
    });
    expect(byId.get(hidden._id)).toMatchObject({ isHidden: true });
  });

  it("getAllOrders returns orders with their number, items, delivery details and date", async () => {
    const product = await addProduct("Shapely Kettle", 3, 7.5);
    const placed = await call("/api/order/createOrder", {
      method: "POST",
      ...json({ items: [{ product: product._id, quantity: 2 }], shippingAddress: shipping }),
    });
    const { order } = (await placed.json()) as { order: { _id: string } };
    const response = await call("/api/order/getAllOrders", { admin: true });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(Number(response.headers.get("x-total-count"))).toBe(
      server.db.select({ total: count() }).from(orders).get()!.total,
    );
    const listed = ((await response.json()) as { orders: Record<string, unknown>[] }).orders.find(
      (row) => row._id === order._id,
    )!;
    expect(listed).toMatchObject({
      orderId: expect.any(Number),
      status: "processing",
      items: [{ product: product._id, title: "Shapely Kettle", titleAr: null, quantity: 2, size: null, price: 7.5 }],
      // The phone is stored in its one normal form, E.164 (decision 050).
      shippingAddress: { ...shipping, phone: "+9613123456" },
      subtotal: 15,
      deliveryFee: 4,
      totalPrice: 19,
    });
    expect(listed.orderId as number).toBeGreaterThanOrEqual(1001);
    expect(new Date(listed.createdAt as string).toISOString()).toBe(listed.createdAt);
  });

  it("responds 404 for an unknown product or order", async () => {
    const product = await call("/api/product/getProductById?id=987654");
    expect(product.status).toBe(404);
    expect(await product.json()).toEqual({ error: "Product 987654 not found" });
    const order = await call("/api/order/cancelOrder?id=0123456789abcdef01234567", { admin: true });
    expect(order.status).toBe(404);
    expect(await order.json()).toEqual({ error: "Order 0123456789abcdef01234567 not found" });
  });

  it("createOrder responds 400 for a body that is not JSON and for no items", async () => {
    const notJson = await call("/api/order/createOrder", {
      method: "POST",
      body: "{items: [",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "Request body must be valid JSON" });
    const empty = await call("/api/order/createOrder", {
      method: "POST",
      ...json({ items: [], shippingAddress: shipping }),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "items: must hold at least one item" });
  });
});
