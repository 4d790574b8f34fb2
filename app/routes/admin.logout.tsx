import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { endSession } from "~/models/admin-session.server.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";

/** Logout is a POST (a link could be followed by a crawler or a prefetch); a GET just goes home. */
export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await endSession(request, context);
  return redirectWithToast("/admin", { type: "success", message: "Logged out successfully" }, context.cookies, { headers: { "Set-Cookie": cookie } });
}
