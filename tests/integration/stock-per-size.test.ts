import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, productImages, productSizeStock } from "../../db/schema/index.ts";
import { apiClient, jsonBody, png, SHIPPING } from "../support/api-client.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const { call, upload, addProduct } = apiClient(
  () => server.base,
  () => server.cookie,
);

type ApiProduct = { _id: string; quantity: number; size: string[]; stockBySize: Record<string, number> | null };

async function imageLinks() {
  const uploaded = await upload({ name: "dress.png", data: await png("#9b2226") });
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { urls: string[] }).urls;
}

const dress = (overrides: Record<string, unknown>) => ({
  Title: "Linen Dress",
  price: 45,
  Description: "Open box, tried on once",
  Category: "Women's Clothes",
  size: ["S", "M", "L"],
  quantity: 40,
  ...overrides,
});

async function addDress(stockBySize: Record<string, number>, title = "Linen Dress") {
  const response = await call("/api/product/addProduct", {
    method: "POST",
    admin: true,
    ...jsonBody(dress({ Title: title, image_link: await imageLinks(), stockBySize })),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { product: ApiProduct & { image_link: string[] } }).product;
}

const order = (productId: string, size: string | null, quantity: number) =>
  call("/api/order/createOrder", {
    method: "POST",
    ...jsonBody({ items: [{ product: productId, quantity, size }], shippingAddress: SHIPPING }),
  });

const productById = async (id: string) =>
  ((await (await call(`/api/product/getProductById?id=${id}`, { admin: true })).json()) as { prod: ApiProduct }).prod;

describe("sizes with their own stock over /api/", () => {
  it("adds a dress with S 0, M 2, L 1; orders 2 × M; refuses M naming the size; L stays orderable; cancel brings M back", async () => {
    const added = await addDress({ S: 0, M: 2, L: 1 });
    expect(added).toMatchObject({ quantity: 3, size: ["S", "M", "L"], stockBySize: { S: 0, M: 2, L: 1 } });

    const visible = (await (await call(`/api/product/getVisible?limit=50`)).json()) as ApiProduct[];
    expect(visible.find((product) => product._id === added._id)?.stockBySize).toEqual({ S: 0, M: 2, L: 1 });

    const soldOutSize = await order(added._id, "S", 1);
    expect(soldOutSize.status).toBe(409);
    expect(await soldOutSize.json()).toEqual({
      error: "Only 0 left in stock of Linen Dress (size S)",
      product: added._id,
      remaining: 0,
      size: "S",
    });

    const placed = await order(added._id, "M", 2);
    expect(placed.status).toBe(201);
    const { order: stored } = (await placed.json()) as { order: { _id: string; items: { size: string }[] } };
    expect(stored.items.map((item) => item.size)).toEqual(["M"]);
    expect(await productById(added._id)).toMatchObject({ quantity: 1, stockBySize: { S: 0, M: 0, L: 1 } });

    const refused = await order(added._id, "M", 1);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "Only 0 left in stock of Linen Dress (size M)",
      product: added._id,
      remaining: 0,
      size: "M",
    });

    // The Overview lists the size with 1 left, and the log shows the stock per size it was added with.
    const overview = (await (await call("/api/admin/overview", { admin: true })).json()) as {
      lowStock: { _id: string; title: string; size: string | null; quantity: number }[];
    };
    expect(overview.lowStock.filter((line) => line._id === added._id)).toEqual([
      { _id: added._id, title: "Linen Dress", quantity: 1, isHidden: false, size: "L" },
    ]);
    const activityPage = await call(`/admin/activity?product=${added._id}`, { admin: true });
    expect(await activityPage.text()).toContain("S 0, M 2, L 1");

    const lastL = await order(added._id, "L", 1);
    expect(lastL.status).toBe(201);
    expect(await productById(added._id)).toMatchObject({ quantity: 0, stockBySize: { S: 0, M: 0, L: 0 } });

    const canceled = await call(`/api/order/cancelOrder?id=${stored._id}`, { method: "POST", admin: true });
    expect(canceled.status).toBe(200);
    expect(await productById(added._id)).toMatchObject({ quantity: 2, stockBySize: { S: 0, M: 2, L: 0 } });
  });

  it("makes exactly one order of 20 racing for the last unit of one size", async () => {
    const added = await addDress({ S: 3, M: 1, L: 3 }, "Race Dress");
    const responses = await Promise.all(Array.from({ length: 20 }, () => order(added._id, "M", 1)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const bodies = (await Promise.all(
      responses.filter((response) => response.status === 409).map((response) => response.json()),
    )) as { size: string; remaining: number }[];
    expect(new Set(bodies.map((body) => `${body.size} ${body.remaining}`))).toEqual(new Set(["M 0"]));
    const rows = server.db
      .select()
      .from(productSizeStock)
      .where(eq(productSizeStock.productId, Number(added._id)))
      .all();
    expect(Object.fromEntries(rows.map((row) => [row.size, row.stock]))).toEqual({ S: 3, M: 0, L: 3 });
    expect(await productById(added._id)).toMatchObject({ quantity: 6 });
    const lines = server.db
      .select({ size: orderItems.size, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.productId, Number(added._id)))
      .all();
    expect(lines).toEqual([{ size: "M", quantity: 1 }]);
  });

  it("answers 400 naming stockBySize for each bad one, on add and on edit, storing nothing", async () => {
    const links = await imageLinks();
    const existing = await addDress({ S: 1, M: 1, L: 1 }, "Edited Dress");
    const cases: [Record<string, unknown>, string][] = [
      [{ stockBySize: { S: 1, M: 1, L: 1, XL: 1 } }, "stockBySize: XL is not one of the product's sizes"],
      [{ stockBySize: { S: 1, M: 1 } }, "stockBySize: is missing the stock of size L"],
      [
        { stockBySize: { S: -1, M: 1, L: 1 } },
        "stockBySize: the stock of size S must be a whole number from 0 to 1000000",
      ],
      [
        { stockBySize: { S: 0.5, M: 1, L: 1 } },
        "stockBySize: the stock of size S must be a whole number from 0 to 1000000",
      ],
      [{ size: [], stockBySize: { S: 1 } }, "stockBySize: is only for a product with sizes"],
      [{ stockBySize: "S:1" }, "stockBySize: must be an object of each size and its stock"],
    ];
    for (const [overrides, error] of cases) {
      const add = await call("/api/product/addProduct", {
        method: "POST",
        admin: true,
        ...jsonBody(dress({ Title: "Refused Dress", image_link: links, ...overrides })),
      });
      expect(add.status, JSON.stringify(overrides)).toBe(400);
      expect(await add.json()).toEqual({ error });
      const edit = await call(`/api/product/edit?id=${existing._id}`, {
        method: "PUT",
        admin: true,
        ...jsonBody(dress({ Title: "Edited Dress", image_link: existing.image_link, ...overrides })),
      });
      expect(edit.status, JSON.stringify(overrides)).toBe(400);
      expect(await edit.json()).toEqual({ error });
    }
    const search = (await (await call("/api/product/getAllProducts?limit=100", { admin: true })).json()) as {
      products: { Title: string }[];
    };
    expect(search.products.filter((product) => product.Title === "Refused Dress")).toEqual([]);
    expect(await productById(existing._id)).toMatchObject({ quantity: 3, stockBySize: { S: 1, M: 1, L: 1 } });

    // An edit that leaves stockBySize out keeps it while the sizes stay, and is refused when they change.
    const kept = await call(`/api/product/edit?id=${existing._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody(dress({ Title: "Edited Dress", image_link: existing.image_link, quantity: 9 })),
    });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { product: ApiProduct }).product).toMatchObject({
      quantity: 3,
      stockBySize: { S: 1, M: 1, L: 1 },
    });
    const resized = await call(`/api/product/edit?id=${existing._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody(dress({ Title: "Edited Dress", image_link: existing.image_link, size: ["S", "M"] })),
    });
    expect(resized.status).toBe(400);
    expect(((await resized.json()) as { error: string }).error).toMatch(/^stockBySize: /);
    // null puts it back on one shared stock.
    const shared = await call(`/api/product/edit?id=${existing._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody(dress({ Title: "Edited Dress", image_link: existing.image_link, stockBySize: null, quantity: 4 })),
    });
    expect(((await shared.json()) as { product: ApiProduct }).product).toMatchObject({
      quantity: 4,
      stockBySize: null,
    });
  });

  it("keeps a product without stockBySize exactly as before", async () => {
    const product = (await addProduct("Plain Kettle", 1)) as unknown as ApiProduct;
    expect(product).toMatchObject({ quantity: 1, size: [], stockBySize: null });
    expect((await order(product._id, null, 1)).status).toBe(201);
    const refused = await order(product._id, null, 1);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe(
      JSON.stringify({ error: "Only 0 left in stock of Plain Kettle", product: product._id, remaining: 0 }),
    );
  });

  it("takes stockBySize.* from the admin Edit form: blank is 0, a bad count is an error on stockBySize", async () => {
    const added = await addDress({ S: 1, M: 1, L: 1 }, "Form Dress");
    const image = server.db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, Number(added._id)))
      .get()!;
    const post = (stock: Record<string, string>) => {
      const form = new FormData();
      const fields: [string, string][] = [
        ["title", "Form Dress"],
        ["price", "45"],
        ["description", "Open box"],
        ["category", "Women's Clothes"],
        ["size", "S"],
        ["size", "M"],
        ["size", "L"],
        ["imageId", String(image.id)],
        ["keepImage", String(image.id)],
        ...Object.entries(stock).map(([size, count]): [string, string] => [`stockBySize.${size}`, count]),
      ];
      for (const [name, value] of fields) form.append(name, value);
      return fetch(`${server.base}/admin/products/${added._id}/edit`, {
        method: "POST",
        body: form,
        headers: { Cookie: server.cookie, Origin: server.base },
        redirect: "manual",
      });
    };
    const refused = await post({ S: "2", M: "-1", L: "" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("the stock of size M must be a whole number from 0 to 1000000");
    expect(await productById(added._id)).toMatchObject({ stockBySize: { S: 1, M: 1, L: 1 } });

    const saved = await post({ S: "2", M: "", L: "5", XL: "" });
    expect(saved.status).toBe(302);
    expect(await productById(added._id)).toMatchObject({ quantity: 7, stockBySize: { S: 2, M: 0, L: 5 } });
  });
});
