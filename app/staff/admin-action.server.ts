import type { ActionFunctionArgs } from "@remix-run/node";
import type { DatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import { formAction, type FormActionTools, type ParsedForm } from "~/platform/http/form-action.server.ts";
import { type Actor, actorFor } from "~/platform/activity/activity-log.server.ts";
import { type AdminUser, requireAdmin } from "./admin-session.server.ts";
import type { AdminPage } from "./permissions.ts";

export type AdminActionArgs = ActionFunctionArgs & FormActionTools & { actor: Actor; admin: AdminUser };

/**
 * The one way to write an admin page action. The admin, with a role that may use `page` (the
 * permission table, app/staff/permissions.ts), is required before anything is read; the
 * form is parsed with `parse` (Conform's parseWithZod) and the page's one zod schema, a
 * discriminated union on `intent` where the page has several buttons, then switched on
 * `value.intent`; a locked or full database becomes `onFault`'s response (a toast where the admin
 * is, or the form as typed with the message), never a 500.
 */
export function adminAction<Result, FaultResult>(
  page: AdminPage,
  handle: (args: AdminActionArgs) => Promise<Result>,
  onFault: (unavailable: DatabaseUnavailable, submission: ParsedForm | null, args: ActionFunctionArgs) => FaultResult,
) {
  return formAction<ActionFunctionArgs, Result, FaultResult>(async (args, tools) => {
    const admin = await requireAdmin(args.request, args.context, page);
    return handle({ ...args, ...tools, actor: actorFor(admin, args.context), admin });
  }, onFault);
}
