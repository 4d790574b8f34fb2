import {
  MalformedUpload,
  readMultipartForm,
  UploadTooLarge,
  type UploadedFile,
} from "~/platform/files/upload.server.ts";

/** The add and edit forms post multipart (their images); the products table's buttons do not. */
export function isMultipart(request: Request) {
  return request.headers.get("Content-Type")?.startsWith("multipart/form-data") ?? false;
}

/**
 * Reads a product form with its image files. A body over the limit (413) or one that is not a
 * well-formed multipart body (400) is refused with the page's alert, `failed` saying what failed.
 */
export async function readProductUpload(
  request: Request,
  failed: "Error adding product" | "Error updating product",
): Promise<{ formData: FormData; files: UploadedFile[] } | { refused: { alert: string; status: 400 | 413 } }> {
  try {
    return await readMultipartForm(request);
  } catch (error) {
    if (error instanceof UploadTooLarge) return { refused: { alert: `${failed}: ${error.message}`, status: 413 } };
    if (error instanceof MalformedUpload) return { refused: { alert: `${failed}: ${error.message}`, status: 400 } };
    throw error;
  }
}
