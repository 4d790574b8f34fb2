import { apiCall, ApiError, apiJson, methodNotAllowed, originOf } from "~/platform/http/api-response.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { deleteImageFiles } from "~/platform/files/images.server.ts";
import { absoluteUrl } from "~/platform/files/storage.server.ts";
import {
  MalformedUpload,
  readMultipartForm,
  storeUploadedImages,
  UploadTooLarge,
} from "~/platform/files/upload.server.ts";
import { pendingUploadLink, recordPendingUploads } from "~/catalogue/admin/pending-uploads.server.ts";

/**
 * POST /api/upload (administrator; multipart, one or more `file` fields): stores the images and
 * responds 201 `{ urls }`, the links `image_link` takes. The file's bytes decide what it is.
 */
export const action = apiCall({ methods: ["POST"], caller: adminApi("upload") }, async ({ request, context }) => {
  let files;
  try {
    ({ files } = await readMultipartForm(request));
  } catch (error) {
    if (error instanceof UploadTooLarge) throw new ApiError(413, error.message);
    if (error instanceof MalformedUpload) throw new ApiError(400, `file: ${error.message}`);
    throw error;
  }
  const uploads = files.filter((file) => file.field === "file");
  if (uploads.length === 0) throw new ApiError(400, "file: Please select at least one image");
  const tooLarge = uploads.find((file) => file.tooLarge);
  if (tooLarge && uploads.length === 1) throw new ApiError(413, `File ${tooLarge.name} exceeds 5MB limit`);
  const { stored, errors } = await storeUploadedImages(context.storage, uploads);
  if (stored.length === 0) throw new ApiError(400, [...errors, "No images were uploaded successfully"].join(". "));
  try {
    recordPendingUploads(context.db, stored);
  } catch (error) {
    // Unrecorded files would never be swept: remove them, then respond (503 for a locked or full database).
    for (const image of stored) await deleteImageFiles(context.storage, image);
    throw error;
  }
  const origin = originOf(request);
  const urls = stored.map((image) => absoluteUrl(origin, pendingUploadLink(context.storage, image)));
  // One bad file does not stop the others: the good ones are stored and the rest named.
  return apiJson(errors.length ? { urls, errors } : { urls }, { status: 201 });
});

export const loader = methodNotAllowed(["POST"]);
