import { Button } from "~/ui/button.tsx";

/**
 * Downloads the orders the list shows (its view and search, or one phone's orders) as CSV,
 * optionally for a date range.
 * A plain GET form to the resource route, so it works the same with or without JavaScript.
 */
export function OrderExportForm({
  view,
  search,
  phone = "",
}: {
  view: "active" | "completed" | "to-confirm";
  search: string;
  phone?: string;
}) {
  return (
    <form
      method="get"
      action="/admin/orders.csv"
      aria-label="Export orders"
      className="flex flex-wrap items-end gap-2 text-sm"
    >
      {view !== "active" ? <input type="hidden" name="view" value={view} /> : null}
      {search ? <input type="hidden" name="q" value={search} /> : null}
      {phone ? <input type="hidden" name="phone" value={phone} /> : null}
      <label className="flex flex-col gap-1">
        <span className="font-medium text-slate-800">From</span>
        <input
          type="date"
          name="from"
          className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-base"
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium text-slate-800">To</span>
        <input type="date" name="to" className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-base" />
      </label>
      <Button type="submit" variant="secondary" className="min-h-11 whitespace-nowrap">
        Export CSV
      </Button>
    </form>
  );
}

/** Notices to the owner that keep failing: the owner would otherwise miss new orders silently. */
export function FailingNoticesAlert({
  count,
  toShoppers = 0,
  lastError,
}: {
  count: number;
  /** How many of them are emails to customers. */
  toShoppers?: number;
  lastError: string | null;
}) {
  if (count === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-md border-l-4 border-warning-700 bg-warning-50 px-3 py-2 text-sm text-warning-700"
    >
      <p className="font-semibold">
        {count === 1 ? "1 order notice could not be sent" : `${count} order notices could not be sent`}
        {toShoppers > 0 ? ` (${toShoppers === 1 ? "1 email" : `${toShoppers} emails`} to customers)` : ""}
      </p>
      {lastError ? <p className="mt-1 break-words">{`Last error: ${lastError}`}</p> : null}
      <p className="mt-1">They are retried automatically; check the email and webhook settings of the shop.</p>
    </div>
  );
}
