import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";
import { getAdmin } from "~/staff/admin-session.server.ts";

/** The admin area's frame. Every child loader and action checks the session itself too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await getAdmin(request, context);
  return { username: admin?.username ?? null };
}

const tab = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`;

export default function AdminLayout() {
  const { username } = useLoaderData<typeof loader>();
  if (!username) return <Outlet />;
  return (
    <div className="grid gap-4 lg:grid-cols-[13rem_1fr] lg:gap-6">
      <aside
        aria-labelledby="admin-panel-heading"
        className="rounded-card border border-slate-200 bg-white p-3 lg:sticky lg:top-20 lg:self-start"
      >
        <div className="flex items-center justify-between gap-2 lg:block">
          <h2 id="admin-panel-heading" className="px-1 text-lg font-bold">
            Admin Panel
          </h2>
          <p className="hidden px-1 text-xs text-slate-600 lg:mt-1 lg:block">Signed in as {username}</p>
          <Form method="post" action="/admin/logout" className="lg:mt-3">
            <Button type="submit" variant="secondary" size="sm" className="min-h-11 lg:w-full">
              Logout
            </Button>
          </Form>
        </div>
        <nav aria-label="Admin" className="mt-3 flex flex-wrap gap-2 lg:flex-col">
          <NavLink to="/admin/overview" className={tab}>
            Overview
          </NavLink>
          <NavLink to="/admin/products" className={tab}>
            Manage Products
          </NavLink>
          <NavLink to="/admin/orders" className={tab}>
            View Orders
          </NavLink>
          <NavLink to="/admin/discounts" className={tab}>
            Discounts
          </NavLink>
          <NavLink to="/admin/settings" className={tab}>
            Settings
          </NavLink>
          <NavLink to="/admin/activity" className={tab}>
            Activity
          </NavLink>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
