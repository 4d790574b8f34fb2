import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { RevenueChart } from "~/overview/components/revenue-chart.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { useIsPending } from "~/ui/hooks/use-is-pending.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { latestBackup } from "~/platform/ops/backup.server.ts";
import { formatMoney } from "~/utils/money.ts";
import { getOverview, type ReturnedFigures } from "~/overview/overview.server.ts";
import { PeriodCard } from "~/overview/components/period-card.tsx";
import { waitingByProduct } from "~/catalogue/stock-alerts.server.ts";

export const meta: MetaFunction = () => [{ title: "Overview | OpenBox Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/overview");
  const backup = latestBackup(context.backupDir);
  return {
    overview: getOverview(context.db),
    // Demand for what is gone: shoppers waiting for stock, by product.
    waiting: waitingByProduct(context.db).map((line) => ({
      id: line.productId,
      title: line.title,
      stock: line.stock,
      isHidden: false,
      waiting: line.waiting,
    })),
    backup: backup ? { name: backup.name, createdAt: backup.createdAt.toISOString(), size: backup.size } : null,
  };
}

/** `size`: a low-stock size of a product with stock per size, listed as 'Product (size)'. */
type ProductLine = { id: number; title: string; stock: number; isHidden: boolean; size?: string | null };

function Tile({ label, value, detail, to }: { label: string; value: string; detail?: string; to: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-11 flex-col rounded-card border border-slate-200 bg-white p-4 hover:border-brand-600 focus-visible:outline-2"
    >
      <span className="text-sm font-semibold text-slate-600">{label}</span>
      <span className="text-2xl font-bold tabular-nums">{value}</span>
      {detail && <span className="text-xs text-slate-600">{detail}</span>}
    </Link>
  );
}

function ProductList({
  title,
  lines,
  empty,
  figure,
}: {
  title: string;
  lines: ProductLine[];
  empty: string;
  figure: (line: ProductLine) => string;
}) {
  const id = `list-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-slate-200 bg-white p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {lines.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {lines.map((line) => (
            <li key={`${line.id}-${line.size ?? ""}`} className="flex items-center justify-between gap-3 py-1">
              <Link
                to={`/admin/products/${line.id}/edit`}
                className="min-h-11 content-center text-sm text-brand-700 underline-offset-2 hover:underline"
                dir="auto"
              >
                {line.size ? `${line.title} (${line.size})` : line.title}
                {line.isHidden && <span className="ml-1 text-xs text-slate-600">(hidden)</span>}
              </Link>
              <span className="shrink-0 text-sm tabular-nums text-slate-700">{figure(line)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** '2 of 10 shipped (20%)': the share of the orders shipped in the last 30 days that came back. */
function returnedDetail({ returned, shipped, rate }: ReturnedFigures) {
  if (rate === null) return "nothing shipped";
  return `${returned} of ${shipped} shipped (${Math.round(rate * 100)}%)`;
}

export default function AdminOverview() {
  const { overview, backup, waiting } = useLoaderData<typeof loader>();
  const backingUp = useIsPending({ formAction: "/admin/backups" });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Overview</h1>
      <div className="grid gap-3 xl:grid-cols-3">
        <PeriodCard title="Today" figures={overview.today} />
        <PeriodCard title="Last 7 days" figures={overview.last7Days} />
        <PeriodCard title="Last 30 days" figures={overview.last30Days} />
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Tile
          label="To confirm"
          value={String(overview.toConfirm)}
          detail="call or WhatsApp"
          to="/admin/orders?view=to-confirm"
        />
        <Tile label="To ship" value={String(overview.toShip)} detail="processing" to="/admin/orders?view=active" />
        <Tile
          label="Cash to collect"
          value={formatMoney(overview.cashToCollect.amountCents)}
          detail={`${overview.cashToCollect.orders} shipped, not delivered`}
          to="/admin/orders?view=active"
        />
        <Tile
          label="Returned (30 days)"
          value={String(overview.returnedLast30Days.returned)}
          detail={returnedDetail(overview.returnedLast30Days)}
          to="/admin/orders?view=completed"
        />
        <Tile
          label="Refunds (30 days)"
          value={formatMoney(overview.last30Days.refundsCents)}
          detail={`${overview.last30Days.refunds} ${overview.last30Days.refunds === 1 ? "return" : "returns"} received, out of the revenue`}
          to="/admin/orders?view=completed"
        />
        <Tile label="Sold out" value={String(overview.soldOut.count)} detail="products at 0" to="/admin/products" />
      </div>
      <section aria-label="Revenue chart" className="rounded-card border border-slate-200 bg-white p-4">
        <RevenueChart days={overview.daily} />
      </section>
      <div className="grid gap-3 lg:grid-cols-2">
        <ProductList
          title="Best sellers (30 days)"
          lines={overview.bestSellers}
          empty="No sales in the last 30 days."
          figure={(line) => {
            const seller = overview.bestSellers.find((best) => best.id === line.id)!;
            return `${seller.quantity} sold · ${formatMoney(seller.revenueCents)}`;
          }}
        />
        <ProductList
          title="Low stock"
          lines={overview.lowStock}
          empty="Nothing is down to its last 2."
          figure={(line) => `${line.stock} left`}
        />
        <ProductList
          title="Slow movers"
          lines={overview.slowMovers}
          empty="Everything listed over 60 days ago has sold lately."
          figure={(line) => `${line.stock} in stock`}
        />
        <section aria-labelledby="list-discounts" className="rounded-card border border-slate-200 bg-white p-4">
          <h2 id="list-discounts" className="font-semibold">
            Discounts (30 days)
          </h2>
          {overview.discounts.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No orders with a discount code in the last 30 days.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100" data-testid="discount-figures">
              {overview.discounts.map((line) => (
                <li key={line.code} className="flex min-h-11 items-center justify-between gap-3 py-1 text-sm">
                  <Link to="/admin/discounts" className="text-brand-700 underline-offset-2 hover:underline">
                    {line.code}
                  </Link>
                  <span className="shrink-0 tabular-nums text-slate-700">
                    {`${line.orders} ${line.orders === 1 ? "order" : "orders"} · ${formatMoney(line.discountCents)} off`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <ProductList
          title="Waiting for stock"
          lines={waiting}
          empty="No shopper is waiting for stock."
          figure={(line) => {
            const count = waiting.find((wanted) => wanted.id === line.id)!.waiting;
            return `${count} waiting · ${line.stock} in stock`;
          }}
        />
        <ProductList
          title="Sold out"
          lines={overview.soldOut.products}
          empty="Nothing is sold out."
          figure={() => "0 left"}
        />
      </div>
      <section
        aria-labelledby="backup-heading"
        className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-slate-200 bg-white p-4"
      >
        <div>
          <h2 id="backup-heading" className="font-semibold">
            Last backup
          </h2>
          {backup ? (
            <p className="text-sm text-slate-600">
              {new Date(backup.createdAt).toLocaleString("en-GB", {
                timeZone: overview.timeZone,
                dateStyle: "medium",
                timeStyle: "short",
              })}{" "}
              · {(backup.size / 1024 / 1024).toFixed(1)} MB
            </p>
          ) : (
            <p className="text-sm text-slate-600">No backup has been made yet.</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A plain POST: works without JavaScript; the archive is made while the shop keeps running. */}
          <Form method="post" action="/admin/backups">
            <Button type="submit" variant="secondary" pending={backingUp}>
              {backingUp ? "Backing up..." : "Back up now"}
            </Button>
          </Form>
          {backup && (
            <a href="/admin/backups/latest" download className={buttonClass("secondary")}>
              Download the latest backup
            </a>
          )}
        </div>
      </section>
    </div>
  );
}
