import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/ui/button.tsx";
import { getAdmin } from "~/staff/admin-session.server.ts";
import { DASHBOARD_LINKS, ROLE_LABELS, ROLE_REFUSED, roleMay } from "~/staff/permissions.ts";

/** The admin area's frame. Every child loader and action checks the session and the role itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await getAdmin(request, context);
  return admin ? { username: admin.username, role: admin.role, mustChangePassword: admin.mustChangePassword } : null;
}

const tab = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`;

type Signed = NonNullable<Awaited<ReturnType<typeof loader>>>;

/** The panel and its links: only what the role may use (until the first password is changed, only the account). */
function AdminFrame({ admin, children }: { admin: Signed; children: ReactNode }) {
  const links = DASHBOARD_LINKS.filter(({ area }) =>
    admin.mustChangePassword ? area === "account" : roleMay(admin.role, area),
  );
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
          <p className="hidden px-1 text-xs text-slate-600 lg:mt-1 lg:block">
            Signed in as {admin.username} ({ROLE_LABELS[admin.role]})
          </p>
          <Form method="post" action="/admin/logout" className="lg:mt-3">
            <Button type="submit" variant="secondary" size="sm" className="min-h-11 lg:w-full">
              Logout
            </Button>
          </Form>
        </div>
        <nav aria-label="Admin" className="mt-3 flex flex-wrap gap-2 lg:flex-col">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={tab}>
              {link.label}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

export default function AdminLayout() {
  const admin = useLoaderData<typeof loader>();
  if (!admin) return <Outlet />;
  return (
    <AdminFrame admin={admin}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A page the role may not use (403) says so inside the dashboard, with the links the role has;
 * anything else an admin page throws reads as the root's screen would, inside the frame.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const admin = useRouteLoaderData<typeof loader>("routes/admin");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 403
      ? ["Not for your role", ROLE_REFUSED]
      : status === 404
        ? ["Page not found", "We could not find the page you were looking for."]
        : ["Unexpected Application Error!", "Something went wrong on our side. Please try again in a moment."];
  const message = (
    <section role={status === 403 ? "alert" : undefined} className="rounded-card border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">{text}</p>
    </section>
  );
  return admin ? <AdminFrame admin={admin}>{message}</AdminFrame> : message;
}
