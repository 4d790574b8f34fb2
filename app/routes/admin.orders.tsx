import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { MouseEvent } from "react";
import { Form, Link, Outlet, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { FailingNoticesAlert, OrderExportForm } from "~/orders/components/order-export-form.tsx";
import { OrderCards } from "~/orders/components/order-cards.tsx";
import { telHref } from "~/utils/phone.ts";
import { OrderStatusBadge } from "~/orders/components/order-status-badge.tsx";
import { Pager } from "~/ui/pager.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { formatMoney } from "~/utils/money.ts";
import { pageCount, pageNumberParam } from "~/utils/paging.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { isAwaitingConfirmation, NEXT_STATUS_LABEL, nextStatus } from "~/orders/order-status.ts";
import { countOrders, listOrders, orderViewParam } from "~/orders/order-admin.server.ts";
import { failingOrderNotices } from "~/orders/order-notice.server.ts";

export const meta: MetaFunction = () => [{ title: "Orders | OpenBox Admin" }, { name: "robots", content: "noindex" }];

/** Spec §9: the address is cut at 50 characters in the list. */
function truncate(text: string, length = 50) {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const view = orderViewParam(url.searchParams.get("view"));
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageNumberParam(url.searchParams);
  const { rows, total, pageSize } = listOrders(context.db, { view, search, page });
  return {
    view,
    search,
    page,
    pages: pageCount(total, pageSize),
    total,
    counts: countOrders(context.db),
    failingNotices: failingOrderNotices(context.db),
    orders: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    })),
  };
}

export default function AdminOrders() {
  const { view, search, page, pages, counts, orders, failingNotices } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // 'To confirm' lists a part of the active orders, with their actions.
  const active = view !== "completed";
  const heading =
    view === "completed"
      ? `Completed Orders (${counts.completed})`
      : view === "to-confirm"
        ? `To confirm (${counts.toConfirm})`
        : `Active Orders (${counts.active})`;
  const listQuery = searchParams.toString();
  const detailsHref = (publicId: string) => `/admin/orders/${publicId}?${listQuery}`;
  // With JavaScript a click anywhere on a row opens its details; the '#id' link stays for the
  // keyboard and for browsers without JavaScript. The row's own controls and a text selection win.
  const openFromRow = (event: MouseEvent<HTMLTableRowElement>, publicId: string) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if ((event.target as HTMLElement).closest("a, button, input, select, textarea, label, form")) return;
    if (window.getSelection()?.toString()) return;
    navigate(detailsHref(publicId), { preventScrollReset: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Link
            to={view === "to-confirm" ? "/admin/orders" : "/admin/orders?view=to-confirm"}
            aria-current={view === "to-confirm" ? "page" : undefined}
            className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full bg-info-50 px-3 font-semibold text-info-700 underline-offset-2 hover:underline aria-[current=page]:ring-2 aria-[current=page]:ring-info-700"
          >
            To confirm ({counts.toConfirm})
          </Link>
          <span className="whitespace-nowrap rounded-full bg-warning-50 px-2 py-1 font-semibold text-warning-700">
            Active: {counts.active}
          </span>
          <span className="whitespace-nowrap rounded-full bg-success-50 px-2 py-1 font-semibold text-success-700">
            Completed: {counts.completed}
          </span>
          <Link
            to={active ? "/admin/orders?view=completed" : "/admin/orders"}
            className={buttonClass("secondary", "sm", "min-h-11 whitespace-nowrap")}
          >
            {active ? "Show Completed Orders" : "Show Active Orders"}
          </Link>
        </div>
      </div>
      <FailingNoticesAlert {...failingNotices} />
      <Form method="get" role="search" className="flex items-center gap-2">
        {view === "active" ? null : <input type="hidden" name="view" value={view} />}
        <label htmlFor="order-search" className="sr-only">
          Search orders
        </label>
        <input
          id="order-search"
          type="search"
          name="q"
          defaultValue={search}
          placeholder="Search orders..."
          className="min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base sm:w-64"
        />
        <Button type="submit" variant="secondary" className="min-h-11">
          Search
        </Button>
      </Form>
      <OrderExportForm view={view} search={search} />

      {/* The row checkboxes belong to this form (form="order-slips"): a row's own forms cannot hold them. */}
      <form id="order-slips" method="get" action="/admin/orders/slips" className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="secondary" className="min-h-11">
          Print Slips for Selected
        </Button>
      </form>

      <Outlet />

      {orders.length > 0 ? <OrderCards orders={orders} active={active} detailsHref={detailsHref} /> : null}
      <div
        className={`max-h-[600px] overflow-auto rounded-card border border-slate-200 bg-white ${orders.length > 0 ? "hidden md:block" : ""}`}
      >
        {orders.length === 0 ? (
          <p className="p-6 text-center text-slate-600">
            {search ? `No orders found matching "${search}"` : "No orders found"}
          </p>
        ) : (
          <table className="w-full min-w-[60rem] text-left text-sm">
            <thead className="sticky top-0 z-10 bg-slate-100 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">Select for slips</span>
                </th>
                <th scope="col" className="px-2 py-2">
                  Order ID
                </th>
                <th scope="col" className="px-2 py-2">
                  Customer
                </th>
                <th scope="col" className="px-2 py-2">
                  Phone
                </th>
                <th scope="col" className="px-2 py-2">
                  City
                </th>
                <th scope="col" className="px-2 py-2">
                  Total Price
                </th>
                <th scope="col" className="px-2 py-2">
                  Status
                </th>
                <th scope="col" className="px-2 py-2">
                  Items
                </th>
                <th scope="col" className="px-2 py-2">
                  Address
                </th>
                {active ? (
                  <th scope="col" className="px-2 py-2">
                    Actions
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.map((order) => (
                <tr
                  key={order.publicId}
                  data-testid="admin-order-row"
                  onClick={(event) => openFromRow(event, order.publicId)}
                  className={`hover:bg-slate-50 ${hydrated ? "cursor-pointer" : ""}`}
                >
                  <td className="px-1 py-0">
                    <label className="inline-flex size-11 cursor-pointer items-center justify-center">
                      <input
                        type="checkbox"
                        name="id"
                        value={order.publicId}
                        form="order-slips"
                        className="size-5"
                        aria-label={`Select order #${order.orderNumber} for slips`}
                      />
                    </label>
                  </td>
                  <td className="px-2 py-1">
                    <Link
                      to={detailsHref(order.publicId)}
                      preventScrollReset
                      className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                      aria-label={`Order #${order.orderNumber} details`}
                    >
                      #{order.orderNumber}
                    </Link>
                  </td>
                  <td className="px-2 py-1">
                    <span dir="auto">{order.customerName}</span>
                    {isAwaitingConfirmation(order) ? (
                      <span className="ml-1 whitespace-nowrap rounded-full bg-info-50 px-1.5 text-xs font-semibold text-info-700">
                        to confirm
                      </span>
                    ) : null}
                  </td>
                  <td className="tabular px-2 py-1">
                    <a
                      href={telHref(order.phone)}
                      className="whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
                    >
                      {order.phone}
                    </a>
                  </td>
                  <td className="px-2 py-1">{order.city}</td>
                  <td className="tabular px-2 py-1">{formatMoney(order.totalCents)}</td>
                  <td className="px-2 py-1">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="tabular px-2 py-1">{order.itemCount}</td>
                  <td className="px-2 py-1">{truncate(order.address)}</td>
                  {active ? (
                    <td className="px-2 py-1">
                      {NEXT_STATUS_LABEL[order.status] ? (
                        <Form method="post" action={detailsHref(order.publicId)}>
                          <input type="hidden" name="status" value={nextStatus(order.status)} />
                          <Button
                            type="submit"
                            name="intent"
                            value="advance"
                            size="sm"
                            className="min-h-11 whitespace-nowrap"
                            aria-label={`${NEXT_STATUS_LABEL[order.status]}: order #${order.orderNumber}`}
                          >
                            {NEXT_STATUS_LABEL[order.status]}
                          </Button>
                        </Form>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Pager path="/admin/orders" page={page} pages={pages} />
    </div>
  );
}
