/**
 * A cart holding one of a product, made by the cart page's own action (a plain form post, as a
 * browser without JavaScript sends it): the `Cookie` header that carries that cart.
 */
export async function cartCookieWith(base: string, productId: number) {
  const added = await fetch(`${base}/cart`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", productId: String(productId), quantity: "1" }),
    headers: { Origin: base },
    redirect: "manual",
  });
  return added.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
