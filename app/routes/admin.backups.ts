import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { createBackup } from "~/platform/ops/backup.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { actorFor, recordActivity } from "~/platform/activity/activity-log.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";

export function loader() {
  return redirect("/admin/overview");
}

/**
 * POST /admin/backups: 'Back up now' on the Overview. One archive, made while the shop runs
 * exactly as the scheduled ones are (SQLite's online backup, then the uploads), recorded in the
 * activity log; the Overview then offers it as the latest backup to download.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = actorFor(await requireAdmin(request, context, "/admin/backups"), context);
  try {
    const backup = await createBackup({
      db: context.db.$client,
      uploadsDir: context.uploadsDir,
      backupDir: context.backupDir,
    });
    recordActivity(context.db, actor, { kind: "backup.created", subject: backup.name });
    return redirectWithToast(
      "/admin/overview",
      { type: "success", message: `Backup made: ${backup.name}. Download it below.` },
      context.cookies,
    );
  } catch (error) {
    console.error(`[${context.requestId}] backup on demand:`, error);
    return redirectWithToast(
      "/admin/overview",
      { type: "danger", message: "The backup could not be made. Please try again, or check the disk space." },
      context.cookies,
    );
  }
}
