import { describe, expect, it } from "vitest";
import { SHIPPING, jsonBody } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";

// Empty values mean "unset": this server runs the rate limit's defaults (5 an hour a phone, 60 an address).
const server = useTestServer({ env: { ORDER_PHONE_LIMIT: "", ORDER_RATE_LIMIT: "" } });

const PHONE_MESSAGE = "Too many orders for this phone number. Please call us to order.";
const ADDRESS_MESSAGE = "Too many orders from this connection. Please call us to order.";

function order(productId: number, phone: string) {
  return fetch(`${server.base}/api/order/createOrder`, {
    method: "POST",
    ...jsonBody({
      items: [{ product: String(productId), quantity: 1, size: null }],
      shippingAddress: { ...SHIPPING, phone },
    }),
  });
}

/** A checkout through the real form: the cart cookie from /cart, then the form's POST. */
async function checkout(productId: number, phone: string) {
  const added = await fetch(`${server.base}/cart`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", productId: String(productId), size: "", quantity: "1" }),
    redirect: "manual",
  });
  const cart = added.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("cart="))!
    .split(";")[0]!;
  const page = await (await fetch(`${server.base}/checkout`, { headers: { Cookie: cart } })).text();
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? "";
  return fetch(`${server.base}/checkout`, {
    method: "POST",
    headers: { Cookie: cart },
    body: new URLSearchParams({
      ...SHIPPING,
      phone,
      cartSignature: hidden("cartSignature"),
      deliverySignature: hidden("deliverySignature"),
    }),
    redirect: "manual",
  });
}

/** The checkout page's form-level error box, from its opening tag to the form's first field. */
function formErrorsOf(page: string) {
  const start = page.lastIndexOf("<div", page.indexOf("data-form-errors"));
  expect(start).toBeGreaterThanOrEqual(0);
  return page.slice(start, page.indexOf("<label", start));
}

describe("the fake-order rate limit with its defaults", () => {
  it("refuses the 6th order in an hour for one phone number (by its digits) while another number still orders, then the 61st from one address", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Limit"), stock: 1_000 });
    let placed = 0;
    // One customer, written five ways: the rate limit compares the number's digits.
    for (const phone of ["+961 70 555 111", "70 555 111", "070-555-111", "00961 70555111", "(961) 70 555 111"]) {
      const response = await order(product.id, phone);
      expect(response.status, phone).toBe(201);
      placed += 1;
    }
    const sixth = await order(product.id, "+96170555111");
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ error: PHONE_MESSAGE });
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);

    const byForm = await checkout(product.id, "70 555 111");
    expect(byForm.status).toBe(429);
    // The page the form returns focuses the refusal (autofocus) and gives the shop's number to call.
    const refusal = formErrorsOf(await byForm.text());
    expect(refusal).toContain(PHONE_MESSAGE);
    expect(refusal).toMatch(/autofocus=""/);
    expect(refusal).toContain('href="tel:+96170123456"');

    // Refused orders took nothing from the address's allowance: 55 more numbers order, the 61st order is refused.
    for (let n = 0; placed < 60; n++) {
      const response = await order(product.id, `+961 3 ${String(100_000 + n)}`);
      expect(response.status).toBe(201);
      placed += 1;
    }
    const sixtyFirst = await order(product.id, "+961 3 999 999");
    expect(sixtyFirst.status).toBe(429);
    expect(await sixtyFirst.json()).toEqual({ error: ADDRESS_MESSAGE });
    const formAfter = await checkout(product.id, "+961 3 999 998");
    expect(formAfter.status).toBe(429);
    expect(await formAfter.text()).toContain(ADDRESS_MESSAGE);
  });
});
