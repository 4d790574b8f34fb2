import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { FailingNoticesAlert, OrderExportForm } from "~/orders/components/order-export-form.tsx";
import { OrderCards } from "~/orders/components/order-cards.tsx";
import { OrdersTable } from "~/orders/components/orders-table.tsx";
import { Pager } from "~/ui/pager.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { pageCount, pageNumberParam } from "~/utils/paging.ts";
import { countOrders, listOrders, orderViewParam } from "~/orders/order-admin.server.ts";
import { failingOrderNotices } from "~/orders/order-notice.server.ts";
import { formatPhone } from "~/utils/phone-number.ts";

export const meta: MetaFunction = () => [{ title: "Orders | OpenBox Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/orders");
  const url = new URL(request.url);
  const view = orderViewParam(url.searchParams.get("view"));
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  // One customer's orders, whatever their status (the dialog's link): compared by the number's digits.
  const phone = (url.searchParams.get("phone") ?? "").trim().slice(0, 30);
  const page = pageNumberParam(url.searchParams);
  const oldestFirst = url.searchParams.get("sort") === "oldest";
  const { rows, total, pageSize } = listOrders(context.db, { view, search, phone, page, oldestFirst });
  return {
    view,
    search,
    phone,
    oldestFirst,
    page,
    pages: pageCount(total, pageSize),
    total,
    counts: countOrders(context.db, { phone }),
    failingNotices: failingOrderNotices(context.db),
    orders: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    })),
  };
}

export default function AdminOrders() {
  const { view, search, phone, oldestFirst, page, pages, total, counts, orders, failingNotices } =
    useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  // 'To confirm' lists a part of the active orders, with their actions; one phone's list shows them too.
  const active = view !== "completed" || phone !== "";
  const heading = phone
    ? `Orders from ${formatPhone(phone)} (${total})`
    : view === "completed"
      ? `Completed Orders (${counts.completed})`
      : view === "to-confirm"
        ? `To confirm (${counts.toConfirm})`
        : `Active Orders (${counts.active})`;
  const listQuery = searchParams.toString();
  const sorted = new URLSearchParams(searchParams);
  sorted.delete("page");
  if (oldestFirst) sorted.delete("sort");
  else sorted.set("sort", "oldest");
  const sortHref = `/admin/orders${sorted.size ? `?${sorted}` : ""}`;
  const detailsHref = (publicId: string) => `/admin/orders/${publicId}?${listQuery}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {/* One phone's page counts that phone's orders; 'To confirm' there is a count, not the shop's call list. */}
          {phone ? (
            <span className="whitespace-nowrap rounded-full bg-info-50 px-2 py-1 font-semibold text-info-700">
              To confirm: {counts.toConfirm}
            </span>
          ) : (
            <Link
              to={view === "to-confirm" ? "/admin/orders" : "/admin/orders?view=to-confirm"}
              aria-current={view === "to-confirm" ? "page" : undefined}
              className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full bg-info-50 px-3 font-semibold text-info-700 underline-offset-2 hover:underline aria-[current=page]:ring-2 aria-[current=page]:ring-info-700"
            >
              To confirm ({counts.toConfirm})
            </Link>
          )}
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
      {phone ? (
        <p className="text-sm text-slate-700">
          Every order placed with this phone number, however it was written.{" "}
          <Link to="/admin/orders" className="font-semibold text-brand-700 underline underline-offset-2">
            Show all orders
          </Link>
        </p>
      ) : null}
      <Form method="get" role="search" className="flex items-center gap-2">
        {view === "active" ? null : <input type="hidden" name="view" value={view} />}
        {phone ? <input type="hidden" name="phone" value={phone} /> : null}
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
      <OrderExportForm view={view} search={search} phone={phone} />

      {/* The row checkboxes belong to this form (form="order-slips"): a row's own forms cannot hold them. */}
      <form id="order-slips" method="get" action="/admin/orders/slips" className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="secondary" className="min-h-11">
          Print Slips for Selected
        </Button>
        <Link to={sortHref} className={buttonClass("ghost", "md", "ml-auto min-h-11")} data-testid="orders-sort">
          {oldestFirst ? "Date: oldest first" : "Date: newest first"}
          <span className="sr-only"> (change the order)</span>
        </Link>
      </form>

      <Outlet />

      {orders.length > 0 ? <OrderCards orders={orders} active={active} detailsHref={detailsHref} /> : null}
      <OrdersTable orders={orders} active={active} search={search} detailsHref={detailsHref} />
      <Pager path="/admin/orders" page={page} pages={pages} />
    </div>
  );
}
