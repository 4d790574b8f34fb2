/**
 * Browser-safe shapes of one-shot flash messages. Plain types, no zod: every shopper page renders
 * toasts, and the schema that checks a cookie read back lives on the server (flash.server.ts).
 */
export type ToastType = "danger" | "warning" | "info" | "success";
export type ToastLink = { href: string; label: string };
/** `links` are the ways on from the message, e.g. 'View cart' after Add to Cart. */
export type Toast = { type: ToastType; message: string; links?: ToastLink[] };

/**
 * `placedOrderId` is only the order's public id: the home page reads the summary from the
 * database, so the cookie stays small however many lines or long titles the order has.
 */
export type Flash = { toast?: Toast; placedOrderId?: string };
