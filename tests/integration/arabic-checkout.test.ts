import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { jsonBody, SHIPPING } from "../support/api-client.ts";
import { useTestServer } from "../support/test-server.ts";
import { loginCookie } from "../support/admin-session.ts";

const server = useTestServer();

/** A shopper without JavaScript: plain form posts, the cookies kept between requests. */
function shopper() {
  const jar = new Map<string, string>();
  return async (path: string, form?: Record<string, string>) => {
    const response = await fetch(`${server.base}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";

describe("buying on the Arabic pages", () => {
  it("keeps an Arabic shopper on /ar from the cart to the receipt and tracking, in Arabic", async () => {
    const product = createProduct(server.db, {
      title: uniqueWord("Lamp"),
      titleAr: "مصباح",
      priceCents: 5_000,
      stock: 3,
    });
    const visit = shopper();

    // Add to Cart without JavaScript: back to the product page, with an Arabic toast linking to /ar pages.
    const added = await visit("/ar/cart", {
      intent: "add",
      productId: String(product.id),
      quantity: "1",
      returnTo: `/ar/shop/product/${product.id}`,
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`/ar/shop/product/${product.id}`);
    const cart = await (await visit("/ar/cart")).text();
    // The toast names the item by its Arabic title, as the page does.
    expect(cart).toContain("تمت إضافة \u2068مصباح\u2069");
    expect(cart).toContain('href="/ar/checkout"');
    expect(cart).toContain("ملخص الطلب");
    expect(cart).not.toContain("Order Summary");

    // A quantity above the stock: lowered, with the warning in Arabic, back on /ar/cart.
    const capped = await visit("/ar/cart", { intent: "set", productId: String(product.id), size: "", quantity: "9" });
    expect(capped.headers.get("location")).toBe("/ar/cart");
    expect(await (await visit("/ar/cart")).text()).toContain("المتوفر في المخزون 3 فقط");
    await visit("/ar/cart", { intent: "set", productId: String(product.id), size: "", quantity: "1" });

    // The checkout: governorates shown in Arabic, sent by their English names.
    const page = await (await visit("/ar/checkout")).text();
    expect(page).toContain('<option value="Mount Lebanon">جبل لبنان</option>');
    const signatures = Object.fromEntries(
      ["idempotencyKey", "cartSignature", "deliverySignature", "discountSignature"].map((name) => [
        name,
        hidden(page, name),
      ]),
    );

    // Empty fields (the action's check, as without JavaScript): Arabic messages, no English ones.
    const empty = await visit("/ar/checkout", { ...signatures });
    expect(empty.status).toBe(400);
    const errors = await empty.text();
    for (const message of ["الاسم مطلوب", "رقم الهاتف مطلوب", "المحافظة مطلوبة", "العنوان الكامل مطلوب"])
      expect(errors).toContain(message);
    expect(errors).not.toContain("Name is required");

    // A JS-off 'Apply' of a code that does not exist: the refusal in Arabic, the typed name kept.
    const applied = await visit("/ar/checkout?discount=apply", { ...signatures, code: "NOPE", name: "سارة" });
    const appliedHtml = await applied.text();
    expect(appliedHtml).toContain("هذا الرمز غير صالح.");
    expect(appliedHtml).toContain('value="سارة"');
    await visit("/ar/checkout?discount=remove", { ...signatures });

    // Placing the order: the receipt at /ar?order=…, its link to /ar/track/….
    const placed = await visit("/ar/checkout", {
      ...signatures,
      name: "سارة الخوري",
      email: "sara@example.com",
      phone: "٠٣ ١٢٣ ٤٥٦",
      district: "Mount Lebanon",
      city: "جونية",
      street: "شارع المرفأ",
      building: "بناية النخيل",
      address: "الطابق الثالث",
    });
    expect(placed.status).toBe(302);
    const receiptPath = placed.headers.get("location")!;
    expect(receiptPath).toMatch(/^\/ar\?order=[0-9a-f]{24}$/);
    const publicId = receiptPath.slice("/ar?order=".length);
    const receipt = await (await visit(receiptPath)).text();
    expect(receipt).toContain("شكراً لك!");
    expect(receipt).toContain(`href="/ar/track/${publicId}"`);

    // Tracking: Arabic steps; the lookup form answers on /ar too.
    const tracked = await (await visit(`/ar/track/${publicId}`)).text();
    expect(tracked).toContain("تم الطلب");
    expect(tracked).toContain("الحالة: تم الطلب");
    const { orderNumber, language } = server.db
      .select({ orderNumber: orders.orderNumber, language: orders.language })
      .from(orders)
      .where(eq(orders.publicId, publicId))
      .get()!;
    // Placed on /ar/checkout without JavaScript: the order keeps its language for its emails and texts.
    expect(language).toBe("ar");
    expect(tracked).toContain(`<bdi dir="ltr">#${orderNumber}</bdi>`);
    const found = await visit("/ar/track?index", { number: String(orderNumber), phone: "03 123 456" });
    expect(found.status).toBe(302);
    expect(found.headers.get("location")).toBe(`/ar/track/${publicId}`);
    const missed = await visit("/ar/track?index", { number: "999999", phone: "03 123 456" });
    expect(missed.status).toBe(404);
    expect(await missed.text()).toContain("لم نجد طلباً بهذا الرقم وهذا الهاتف.");
  });

  it("shows the error screen in Arabic on an /ar page", async () => {
    const missing = await fetch(`${server.base}/ar/track/${"0".repeat(24)}`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain("الصفحة غير موجودة");
    expect(html).not.toContain("Page not found");
    expect(html).not.toContain("Back to Shop");
  });

  it("keeps order/createOrder's answers in English", async () => {
    const response = await fetch(`${server.base}/api/order/createOrder`, {
      method: "POST",
      ...jsonBody({ items: [{ product: "1", quantity: 1 }], shippingAddress: { district: "Beirut" } }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain("Name is required");
    expect(error).not.toMatch(/[\u0600-\u06FF]/);
  });

  it("takes the order's language from order/createOrder: English unless said, Arabic when asked, nothing else", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Lamp"), priceCents: 5_000, stock: 5 });
    const order = (language?: unknown) =>
      fetch(`${server.base}/api/order/createOrder`, {
        method: "POST",
        ...jsonBody({
          items: [{ product: String(product.id), quantity: 1 }],
          shippingAddress: SHIPPING,
          ...(language === undefined ? {} : { language }),
        }),
      });
    const plain = await order();
    expect(plain.status).toBe(201);
    expect(((await plain.json()) as { order: { language: string } }).order.language).toBe("en");
    const arabic = await order("ar");
    expect(arabic.status).toBe(201);
    const { order: placed } = (await arabic.json()) as { order: { _id: string; language: string } };
    expect(placed.language).toBe("ar");
    const read = await fetch(`${server.base}/api/order/getOrderById?id=${placed._id}`, {
      headers: { Cookie: await loginCookie(server.base) },
    });
    expect(((await read.json()) as { order: { language: string } }).order.language).toBe("ar");
    for (const wrong of ["fr", "AR", "", 1, null]) {
      const refused = await order(wrong);
      expect(refused.status, JSON.stringify(wrong)).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^language: /);
    }
  });
});
