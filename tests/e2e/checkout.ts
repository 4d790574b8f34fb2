import { expect, type Page } from "@playwright/test";

/**
 * The shopper's side of an order, shared by the specs: put a product in the cart, fill the
 * checkout form, place the order and read its receipt. Each step works the same with JavaScript
 * on and off: the form posts either way, and the receipt is the home page at `/?order=<public id>`.
 */

/** The checkout form's fields by their labels, the governorate's by the option to choose. */
export type CheckoutDetails = {
  "Full Name": string;
  "Email Address": string;
  "Phone Number": string;
  Governorate: string;
  City: string;
  Street: string;
  Building: string;
  "Full Address": string;
};

/** A shopper with complete, valid delivery details; a test overrides what it is about. */
export const SHOPPER: CheckoutDetails = {
  "Full Name": "Maya Khoury",
  "Email Address": "maya@example.com",
  "Phone Number": "+961 71 234 567",
  Governorate: "Beqaa",
  City: "Zahle",
  Street: "Brazil Street",
  Building: "Haddad Building",
  "Full Address": "2nd floor, facing the park",
};

/** The same details as the checkout's form post, for replaying a checkout without the browser. */
export function checkoutForm(details: Partial<CheckoutDetails> = {}) {
  const shopper = { ...SHOPPER, ...details };
  return {
    name: shopper["Full Name"],
    email: shopper["Email Address"],
    phone: shopper["Phone Number"],
    district: shopper.Governorate,
    city: shopper.City,
    street: shopper.Street,
    building: shopper.Building,
    address: shopper["Full Address"],
  };
}

/** Adds a line through the cart action, sharing the page's cookies (no page visit needed). */
export async function postToCart(page: Page, productId: number, quantity = 1, size: string | null = null) {
  const response = await page.request.post("/cart", {
    form: { intent: "add", productId: String(productId), quantity: String(quantity), size: size ?? "" },
  });
  expect(response.ok()).toBe(true);
}

/** Adds one of a product (without sizes) with the product page's Add to Cart button, as a shopper does. */
export async function addToCartOnProductPage(page: Page, productId: number) {
  await page.goto(`/shop/product/${productId}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/was added to your cart/)).toBeVisible();
}

/**
 * Fills the checkout form on the page (already at /checkout) with the default shopper's details
 * and `details` over them; returns what it typed.
 */
export async function fillCheckout(page: Page, details: Partial<CheckoutDetails> = {}) {
  const shopper = { ...SHOPPER, ...details };
  for (const [label, value] of Object.entries(shopper)) {
    if (label === "Governorate") await page.getByLabel(label).selectOption(value);
    else await page.getByLabel(label, { exact: true }).fill(value);
  }
  return shopper;
}

/** After a refused order: the form still holds everything the shopper typed (`fillCheckout`'s answer). */
export async function expectCheckoutKeeps(page: Page, typed: CheckoutDetails) {
  for (const [label, value] of Object.entries(typed))
    await expect(
      label === "Governorate" ? page.getByLabel(label) : page.getByLabel(label, { exact: true }),
    ).toHaveValue(value);
}

/**
 * Presses Place Order and waits for the receipt on the home page; returns the order's number, its
 * public id and the receipt. `timeout` allows for a busy machine where a test does many posts.
 */
export async function submitCheckout(page: Page, { timeout }: { timeout?: number } = {}) {
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/\?order=[0-9a-f]{24}$/, { timeout });
  const receipt = page.getByTestId("placed-order");
  await expect(receipt).toContainText(/Order #\d+ was placed/, { timeout });
  const orderNumber = /Order #(\d+) was placed/.exec((await receipt.textContent()) ?? "")![1]!;
  return { orderNumber, publicId: new URL(page.url()).searchParams.get("order")!, receipt };
}

/** Opens the checkout with what is in the cart, fills it in (see `fillCheckout`) and places the order. */
export async function placeOrderAtCheckout(
  page: Page,
  details: Partial<CheckoutDetails> = {},
  options: { timeout?: number } = {},
) {
  await page.goto("/checkout");
  await fillCheckout(page, details);
  return submitCheckout(page, options);
}
