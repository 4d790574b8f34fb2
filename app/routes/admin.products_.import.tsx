import { data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { adminAction } from "~/staff/admin-action.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { originOf } from "~/platform/http/api-response.server.ts";
import type { DatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import { discardKeptUpload, keptUploadPath } from "~/platform/files/kept-upload.server.ts";
import { isMultipart } from "~/catalogue/admin/product-upload.server.ts";
import { productImageUrl } from "~/catalogue/admin/product-csv.server.ts";
import { ImportFileRefused, importProducts, importUploadDir } from "~/catalogue/admin/product-import.server.ts";
import {
  forgetPreview,
  keepImportUpload,
  previewImport,
  previewPage,
} from "~/catalogue/admin/product-import-preview.server.ts";
import { IMPORT_PAGE } from "~/catalogue/admin/import-page.ts";
import { ImportPreview } from "~/catalogue/components/admin/import-preview.tsx";
import { ImportUploadForm } from "~/catalogue/components/admin/import-upload-form.tsx";

/** GET /admin/products/import: the upload form, or with `?token=` the preview of a kept upload (`&page=`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, "/admin/products/import");
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (!token) return { preview: null, expired: false };
  const preview = await previewImport(context.db, context.storage, token, {
    actor: actorFor(admin, context),
    imageUrl: productImageUrl(originOf(request), context.storage),
  }).catch((error: unknown) => {
    if (error instanceof ImportFileRefused) return null;
    throw error;
  });
  if (!preview) return { preview: null, expired: true };
  const { outcome } = preview;
  const page = previewPage(outcome, Number(url.searchParams.get("page")) || 1);
  return {
    expired: false,
    preview: {
      token,
      name: preview.name,
      counts: outcome.counts,
      toImport: outcome.counts.new + outcome.counts.changed,
      errorCount: outcome.errors.length,
      ...page,
    },
  };
}

type ActionData = { error: string };

/**
 * POST, multipart (the form without JavaScript): keeps the file and checks it, then shows its
 * preview (a redirect), or the form again with why the file was refused. POST with `token`:
 * 'Import N products', all rows in one transaction, or back to the preview with its errors.
 */
export const action = adminAction(
  "/admin/products/import",
  async ({ request, context, actor }) => {
    const imageUrl = productImageUrl(originOf(request), context.storage);
    if (isMultipart(request)) {
      const kept = await keepImportUpload(request, context.db, context.storage, { actor, imageUrl });
      if ("error" in kept) return data<ActionData>({ error: kept.error }, { status: kept.status });
      return redirect(kept.location);
    }
    const token = String((await request.formData()).get("token") ?? "");
    const file = keptUploadPath(importUploadDir(context.db), token);
    if (!file)
      return redirectWithToast(
        IMPORT_PAGE,
        { type: "warning", message: "That upload has expired or was imported already: choose the file again." },
        context.cookies,
      );
    const outcome = await importProducts(context.db, context.storage, file, { commit: true, actor, imageUrl });
    forgetPreview(token);
    if (!outcome.written) return redirect(`${IMPORT_PAGE}?token=${token}`);
    await discardKeptUpload(file);
    const { new: added, changed, unchanged } = outcome.counts;
    const count = added + changed;
    return redirectWithToast(
      "/admin/products",
      {
        type: "success",
        message: `Imported ${count} ${count === 1 ? "product" : "products"}: ${added} new, ${changed} changed, ${unchanged} unchanged.`,
      },
      context.cookies,
    );
  },
  databaseFault,
);

/** A locked or full database: the page again with the message; nothing was written. */
function databaseFault(unavailable: DatabaseUnavailable) {
  return data<ActionData>({ error: unavailable.message }, { status: 503, headers: unavailable.headers });
}

export default function ImportProducts() {
  const { preview, expired } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin/products" className="text-brand-700 underline">
          Products
        </Link>{" "}
        / Import
      </nav>
      <h1 className="text-2xl font-bold">Import products</h1>
      {preview ? (
        <ImportPreview preview={preview} path={IMPORT_PAGE} />
      ) : (
        <ImportUploadForm
          action={IMPORT_PAGE}
          error={actionData?.error ?? (expired ? "That upload has expired: choose the file again." : null)}
        />
      )}
    </div>
  );
}
