import { z } from "zod";

/** Browser-safe shapes of one-shot flash messages (see flash.server.ts). */
const toastSchema = z.object({ type: z.enum(["danger", "warning", "info", "success"]), message: z.string() });
export type Toast = z.infer<typeof toastSchema>;
export type ToastType = Toast["type"];

/**
 * `placedOrderId` is only the order's public id: the home page reads the summary from the
 * database, so the cookie stays small however many lines or long titles the order has.
 */
export const flashSchema = z.object({ toast: toastSchema.optional(), placedOrderId: z.string().optional() });
export type Flash = z.infer<typeof flashSchema>;
