/** Browser-safe shapes of one-shot flash messages (see flash.server.ts). */
export type ToastType = "danger" | "warning" | "info" | "success";
export type Toast = { type: ToastType; message: string };

/**
 * `placedOrderId` is only the order's public id: the home page reads the summary from the
 * database, so the cookie stays small however many lines or long titles the order has.
 */
export type Flash = { toast?: Toast; placedOrderId?: string };
