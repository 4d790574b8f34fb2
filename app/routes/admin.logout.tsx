import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { endSession, getAdmin, landingPath } from "~/staff/admin-session.server.ts";
import { type DatabaseUnavailable, withDatabaseFaults } from "~/platform/db/database-faults.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";

/** Logout is a POST (a link could be followed by a crawler or a prefetch); a GET just goes home. */
export function loader() {
  return redirect("/admin");
}

/** The session could not be ended (a locked or full database): the admin stays signed in and is told why. */
async function sessionNotEnded(unavailable: DatabaseUnavailable, { request, context }: ActionFunctionArgs) {
  const admin = await getAdmin(request, context);
  return redirectWithToast(
    admin ? landingPath(admin) : "/admin",
    { type: "danger", message: `Error logging out: ${unavailable.message}` },
    context.cookies,
  );
}

export const action = withDatabaseFaults(async ({ request, context }: ActionFunctionArgs) => {
  const cookie = await endSession(request, context);
  return redirectWithToast("/admin", { type: "success", message: "Logged out successfully" }, context.cookies, {
    headers: { "Set-Cookie": cookie },
  });
}, sessionNotEnded);
