import { z } from "zod";

/** Browser-safe shapes of one-shot flash messages (see flash.server.ts). */
const toastLinkSchema = z.object({ href: z.string(), label: z.string() });
/** `links` are the ways on from the message, e.g. 'View cart' after Add to Cart. */
const toastSchema = z.object({ type: z.enum(["danger", "warning", "info", "success"]), message: z.string(), links: z.array(toastLinkSchema).optional() });
export type Toast = z.infer<typeof toastSchema>;
export type ToastType = Toast["type"];
export type ToastLink = z.infer<typeof toastLinkSchema>;

/** Where a shopper goes after adding to the cart: the success alert (JS on) and toast (JS off) offer both. */
export const AFTER_ADD_TO_CART_LINKS: ToastLink[] = [
  { href: "/cart", label: "View cart" },
  { href: "/checkout", label: "Checkout" },
];

/**
 * `placedOrderId` is only the order's public id: the home page reads the summary from the
 * database, so the cookie stays small however many lines or long titles the order has.
 */
export const flashSchema = z.object({ toast: toastSchema.optional(), placedOrderId: z.string().optional() });
export type Flash = z.infer<typeof flashSchema>;
