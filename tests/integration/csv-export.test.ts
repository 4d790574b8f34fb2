import http from "node:http";
import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { placeOrder } from "~/orders/order.server.ts";
import { createOrders, createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const BOM = [0xef, 0xbb, 0xbf];

const download = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.base + path, { headers: { Cookie: server.cookie, ...headers }, redirect: "manual" });

/**
 * A download on a connection of its own. Writing thousands of orders holds this process's event loop
 * for seconds, past the server's 5 s keep-alive: fetch then sent the next request down a kept
 * connection the server was closing ("other side closed"), on a loaded machine.
 */
function downloadOnNewConnection(target: string) {
  return new Promise<Response>((resolve, reject) => {
    http
      .get(
        server.base + target,
        { agent: false, headers: { Cookie: server.cookie, "Accept-Encoding": "identity" } },
        (message) => {
          const body = Readable.toWeb(message) as ReadableStream<Uint8Array>;
          resolve(new Response(body, { status: message.statusCode }));
        },
      )
      .on("error", reject);
  });
}

async function csvRecords(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual(BOM);
  return parse(Buffer.from(bytes), { bom: true, columns: true }) as Record<string, string>[];
}

describe("GET /admin/orders.csv", () => {
  it("exports the list's orders as UTF-8 CSV with a BOM, formula cells neutralised, Arabic intact", async () => {
    const product = createProduct(server.db, { title: `Kettle ${uniqueWord()}`, priceCents: 1_999, stock: 5 });
    const name = '=HYPERLINK("x") محمد';
    const { order } = placeOrder(server.db, {
      lines: [{ productId: product.id, size: null, quantity: 2 }],
      shipping: {
        name,
        email: "m@example.com",
        phone: "+961 71 000 000",
        district: "Beirut",
        city: "بيروت",
        street: "الحمرا",
        building: "5",
        address: "@home, near the bakery",
      },
    });

    const response = await download("/admin/orders.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records = await csvRecords(response);
    expect(Object.keys(records[0]!)).toEqual([
      "Order number",
      "Date (Beirut)",
      "Status",
      "Customer",
      "Phone",
      "Governorate",
      "City",
      "Address",
      "Items",
      "Subtotal",
      "Discount code",
      "Discount",
      "Delivery fee",
      "Total",
      "Return",
      "Refund",
      "Language",
    ]);
    const row = records.find((record) => record["Order number"] === `#${order.orderNumber}`)!;
    expect(row.Customer).toBe(`'${name}`);
    expect(row.Customer!.slice(1)).toBe(name);
    // A Lebanese number as the dashboard shows it: no '+', so no formula guard to see.
    expect(row.Phone).toBe("71 000 000");
    expect(row).toMatchObject({
      Status: "processing",
      Governorate: "Beirut",
      City: "بيروت",
      Address: "الحمرا, 5, @home, near the bakery",
      Subtotal: "39.98",
      "Discount code": "",
      Discount: "0.00",
      "Delivery fee": "4.00",
      Total: "43.98",
      Return: "",
      Refund: "",
      Language: "en",
    });
    expect(row.Items).toBe(`2 × ${product.title}`);
    expect(row["Date (Beirut)"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("follows the list's view, search and date range", async () => {
    const product = createProduct(server.db, { title: `Lamp ${uniqueWord()}`, stock: 50 });
    const customer = uniqueWord("Rana");
    placeOrder(server.db, {
      lines: [{ productId: product.id, size: null, quantity: 1 }],
      shipping: {
        name: customer,
        email: "r@example.com",
        phone: "03 123 456",
        district: "Beqaa",
        city: "Zahle",
        street: "Main",
        building: "2",
        address: "Up the hill",
      },
    });
    const numbers = async (query: string) =>
      (await csvRecords(await download(`/admin/orders.csv?${query}`))).map((record) => record.Customer);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await numbers(`q=${customer}`)).toEqual([customer]);
    expect(await numbers(`view=completed&q=${customer}`)).toEqual([]);
    expect(await numbers(`q=${customer}&from=${yesterday}&to=${tomorrow}`)).toEqual([customer]);
    expect(await numbers(`q=${customer}&from=${tomorrow}`)).toEqual([]);
    expect(await numbers(`q=${customer}&to=${yesterday}`)).toEqual([]);
    expect(await numbers(`q=${customer}&from=${today.slice(0, 8)}01`)).toEqual([customer]);

    // One phone's orders, as /admin/orders?phone= lists them: however the number was written, any status.
    const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
    for (const [name, phone] of [
      [`${customer} A`, `76 ${digits}`],
      [`${customer} B`, `+961 76${digits}`],
    ] as const)
      placeOrder(server.db, {
        lines: [{ productId: product.id, size: null, quantity: 1 }],
        shipping: {
          name,
          email: "r@example.com",
          phone,
          district: "Beqaa",
          city: "Zahle",
          street: "Main",
          building: "2",
          address: "Up",
        },
      });
    expect((await numbers(`phone=${encodeURIComponent(`0096176${digits}`)}`)).sort()).toEqual([
      `${customer} A`,
      `${customer} B`,
    ]);

    const bad = await download("/admin/orders.csv?from=24/11/2026");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe("from: use a date like 2026-11-24");
  });

  it("sends the browser to the login form without an admin session", async () => {
    for (const path of ["/admin/orders.csv", "/admin/products.csv"]) {
      const response = await fetch(server.base + path, { redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/admin");
    }
  });

  it("streams: the server reads rows only as the client takes them, and writes never wait for it", async () => {
    const product = createProduct(server.db, { title: `Bulk ${uniqueWord()}`, stock: 10 });
    // A limit of 60 s: writing and streaming them took 20 s on a machine running other suites.
    // 20,000 orders of ~600 bytes each: far more than the socket buffers hold, so a server that
    // honours backpressure must stop reading rows while the client does not read.
    createOrders(server.db, 20_000, { productId: product.id, address: "Second floor, ".repeat(40) });
    const response = await downloadOnNewConnection("/admin/orders.csv");
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // A window, not a wait for a condition: proving the server does NOT read ahead means giving a
    // server that ignores backpressure a second to read every row and let go of its snapshot.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // The export's own read-only connection still holds its snapshot (it has not read every row):
    // new pages written now cannot all be checkpointed. An order placed meanwhile still succeeds.
    placeOrder(server.db, {
      lines: [{ productId: product.id, size: null, quantity: 1 }],
      shipping: {
        name: "During export",
        email: "d@example.com",
        phone: "01 234 567",
        district: "Beirut",
        city: "Beirut",
        street: "x",
        building: "1",
        address: "y",
      },
    });
    const [during] = server.db.$client.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
    expect(during!.checkpointed).toBeLessThan(during!.log);

    const decoder = new TextDecoder();
    let bytes = first.value!.length;
    let lines = decoder.decode(first.value!, { stream: true }).split("\r\n").length - 1;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.length;
      lines += decoder.decode(chunk.value, { stream: true }).split("\r\n").length - 1;
    }
    expect(bytes).toBeGreaterThan(10_000_000);
    expect(lines).toBeGreaterThan(20_000);
    // Once the download ends the export's connection is closed: everything can be checkpointed.
    const [after] = server.db.$client.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
    expect(after!.checkpointed).toBe(after!.log);
  }, 60_000);
});

describe("GET /admin/products.csv", () => {
  it("exports every product, hidden ones too, with prices as typed", async () => {
    const word = uniqueWord();
    const visible = createProduct(server.db, {
      title: `سماعة ${word}`,
      category: "Electronics",
      priceCents: 1_050,
      oldPriceCents: 1_500,
      stock: 3,
    });
    const hidden = createProduct(server.db, { title: `-10% ${word}`, priceCents: 999, stock: 0, isHidden: true });
    const sized = createProduct(server.db, { title: `Dress ${word}`, stockBySize: { S: 0, M: 2, L: 1 } });
    const response = await download("/admin/products.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/filename="products-/);
    const records = await csvRecords(response);
    // Every field a product has (CONTRACT "Products from a spreadsheet"), so the file imports back.
    expect(Object.keys(records[0]!)).toEqual([
      "_id",
      "Title",
      "Description",
      "Category",
      "Price",
      "Price new",
      "Cost",
      "Stock",
      "Sizes",
      "stockBySize",
      "Hidden",
      "Packaging",
      "Grade",
      "Condition notes",
      "In the box",
      "Images",
      "Image captions",
      "Arabic title",
      "Arabic description",
      "Created (Beirut)",
    ]);
    expect(records.find((record) => record._id === String(visible.id))).toMatchObject({
      Title: `سماعة ${word}`,
      Price: "10.50",
      "Price new": "15.00",
      Cost: "",
      Stock: "3",
      stockBySize: "",
      Hidden: "no",
    });
    expect(records.find((record) => record._id === String(sized.id))).toMatchObject({
      Stock: "3",
      Sizes: "S | M | L",
      stockBySize: '{"S":0,"M":2,"L":1}',
    });
    expect(records.find((record) => record._id === String(hidden.id))).toMatchObject({
      Title: `'-10% ${word}`,
      Price: "9.99",
      "Price new": "",
      Stock: "0",
      Hidden: "yes",
    });
  });
});
