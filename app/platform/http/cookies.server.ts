import { createCookie } from "@remix-run/node";

export type ShopCookies = ReturnType<typeof createShopCookies>;

/**
 * The shop's cookies, all signed with SESSION_SECRET. Created once at start (server.ts) and
 * handed to loaders and actions through the load context.
 */
export function createShopCookies(secret: string, options: { secure: boolean }) {
  const base = { secrets: [secret], httpOnly: true, sameSite: "lax" as const, path: "/", secure: options.secure };
  return {
    /** The cart lives in a signed cookie named `cart` (product id, size, quantity). */
    cart: createCookie("cart", { ...base, maxAge: 60 * 60 * 24 * 30 }),
    /** Holds only the administrator's session id; the session itself is a database row. */
    adminSession: createCookie("admin_session", { ...base, maxAge: 60 * 60 * 8 }),
    /** One-shot messages carried across a redirect (toasts, the placed-order summary). */
    flash: createCookie("flash", { ...base, maxAge: 60 }),
  };
}
