import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { endSession } from "~/lib/auth.server.ts";
import { withDatabaseFaults } from "~/lib/database-faults.server.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";

/** Logout is a POST (a link could be followed by a crawler or a prefetch); a GET just goes home. */
export function loader() {
  return redirect("/admin");
}

export const action = withDatabaseFaults(async ({ request, context }: ActionFunctionArgs) => {
  const cookie = await endSession(request, context);
  return redirectWithToast("/admin", { type: "success", message: "Logged out successfully" }, context.cookies, { headers: { "Set-Cookie": cookie } });
});
