import fs from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { latestBackup } from "~/platform/ops/backup.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";

/** The newest backup archive, for the administrator to keep a copy off this machine. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/backups/latest");
  const backup = latestBackup(context.backupDir);
  if (!backup) throw new Response("No backup has been made yet.", { status: 404 });
  const body = Readable.toWeb(fs.createReadStream(backup.file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(backup.size),
      "Content-Disposition": `attachment; filename="${backup.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
