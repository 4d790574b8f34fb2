const TONES: Record<string, string> = {
  processing: "bg-warning-50 text-warning-700",
  shipped: "bg-info-50 text-info-700",
  delivered: "bg-success-50 text-success-700",
  canceled: "bg-danger-50 text-danger-700",
  returned: "bg-danger-50 text-danger-700 ring-1 ring-danger-700",
};

/** Badge colours per order status; a missing status displays as pending. */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const shown = status || "pending";
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold capitalize ${TONES[shown] ?? "bg-slate-100 text-slate-700"}`}
    >
      {shown}
    </span>
  );
}
