import { z } from "zod";
import type { ShopCookies } from "~/lib/cookies.server.ts";

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** A cart line as the cookie holds it: product id, size (null when the product has none), quantity. */
export type CartLine = { productId: number; size: string | null; quantity: number };

const cookieLine = z.tuple([
  z.number().int().positive(),
  z.string().max(8).nullable(),
  z.number().int().min(1).max(MAX_LINE_QUANTITY),
]);
const cookieCart = z.array(cookieLine).max(MAX_CART_LINES);

/** Reads the signed cart cookie. Missing, tampered, corrupt or oversized data is an empty cart. */
export async function readCart(request: Request, cookies: ShopCookies): Promise<CartLine[]> {
  let raw: unknown;
  try {
    raw = await cookies.cart.parse(request.headers.get("Cookie"));
  } catch {
    return [];
  }
  const parsed = cookieCart.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.map(([productId, size, quantity]) => ({ productId, size, quantity }));
}

export async function serializeCart(lines: CartLine[], cookies: ShopCookies): Promise<string> {
  return cookies.cart.serialize(lines.map((line) => [line.productId, line.size, line.quantity]));
}

export function cartQuantity(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
