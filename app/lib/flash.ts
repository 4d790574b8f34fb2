/** Browser-safe shapes of one-shot flash messages (see flash.server.ts). */
export type ToastType = "danger" | "warning" | "info" | "success";
export type Toast = { type: ToastType; message: string };

export type PlacedOrderSummary = {
  orderNumber: number;
  totalCents: number;
  items: { title: string; size: string | null; quantity: number }[];
};

export type Flash = { toast?: Toast; placedOrder?: PlacedOrderSummary };
