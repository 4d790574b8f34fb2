/** Stock badge colour: 0 danger, 1 to 10 warning, above 10 success. */
export function StockBadge({ stock }: { stock: number }) {
  const tone =
    stock <= 0
      ? "bg-danger-50 text-danger-700"
      : stock <= 10
        ? "bg-warning-50 text-warning-700"
        : "bg-success-50 text-success-700";
  return (
    <span className={`tabular inline-flex min-w-8 justify-center rounded-full px-2 py-0.5 text-xs font-bold ${tone}`}>
      {stock}
    </span>
  );
}
