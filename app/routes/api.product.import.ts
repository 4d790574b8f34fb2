import { apiCall, ApiError, apiJson, methodNotAllowed, originOf } from "~/platform/http/api-response.server.ts";
import { discardKeptUpload, KeptUploadRefused, receiveKeptUpload } from "~/platform/files/kept-upload.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import {
  IMPORT_TOO_LARGE,
  ImportFileRefused,
  importProducts,
  importUploadDir,
  MAX_IMPORT_BYTES,
} from "~/catalogue/admin/product-import.server.ts";
import { productImageUrl } from "~/catalogue/admin/product-csv.server.ts";

/**
 * POST /api/product/import[?dryRun=1] (administrator; multipart, one `file`): a products CSV in the
 * format of /admin/products.csv. A dry run answers 200 `{ rows, errors }`; otherwise every row is
 * written in one transaction, 200 `{ imported: { new, changed, unchanged } }`, or, when any row is
 * refused, 400 `{ error, errors }` and nothing written. A file that is not CSV text, or too large:
 * 400 or 413 `{ error }`.
 */
export const action = apiCall(
  { methods: ["POST"], caller: adminApi("product/import") },
  async ({ request, context, caller }) => {
    const actor = actorFor(caller, context);
    const dryRun = ["1", "true"].includes(new URL(request.url).searchParams.get("dryRun") ?? "");
    let upload;
    try {
      upload = await receiveKeptUpload(request, {
        dir: importUploadDir(context.db),
        field: "file",
        maxBytes: MAX_IMPORT_BYTES,
        tooLarge: IMPORT_TOO_LARGE,
      });
    } catch (error) {
      if (error instanceof KeptUploadRefused) throw new ApiError(error.status, error.message);
      throw error;
    }
    if (!upload.file) throw new ApiError(400, "file: Please choose a CSV file");
    try {
      const outcome = await importProducts(context.db, context.storage, upload.file, {
        commit: !dryRun,
        actor,
        imageUrl: productImageUrl(originOf(request), context.storage),
      });
      // Beside the contract's fields: each change's cells before and after, and warnings such as a title the shop has already.
      const rows = outcome.rows.map(({ row, action, changes, differences, warnings }) => ({
        row,
        action,
        changes,
        differences,
        warnings,
      }));
      if (dryRun) return apiJson({ rows, errors: outcome.errors });
      if (!outcome.written) {
        const count = new Set(outcome.errors.map((error) => error.row)).size;
        const error = `${count} ${count === 1 ? "row" : "rows"} cannot be imported; nothing was written`;
        return apiJson({ error, errors: outcome.errors }, { status: 400 });
      }
      return apiJson({ imported: outcome.counts });
    } catch (error) {
      if (error instanceof ImportFileRefused) throw new ApiError(error.status, error.message);
      throw error;
    } finally {
      await discardKeptUpload(upload.file);
    }
  },
);

export const loader = methodNotAllowed(["POST"]);
