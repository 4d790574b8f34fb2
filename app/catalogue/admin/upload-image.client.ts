import { MAX_IMAGE_BYTES } from "~/platform/files/image-limits.ts";

const NO_IMAGES_SUFFIX = ". No images were uploaded successfully";

export type UploadOutcome = { ok: true; url: string } | { ok: false; error: string };

/**
 * Sends one image to `POST /api/upload` and reports real progress (0 to 100) as it goes.
 * XMLHttpRequest rather than fetch: only it reports upload progress in every browser.
 * Resolves with the stored image's URL, or the message to show beside the file.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadOutcome> {
  if (!file.type.startsWith("image/"))
    return Promise.resolve({
      ok: false,
      error: `File ${file.name} is not an image file`,
    });
  if (file.size > MAX_IMAGE_BYTES)
    return Promise.resolve({
      ok: false,
      error: `File ${file.name} exceeds 5MB limit`,
    });

  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/upload");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const body = request.response as {
        urls?: string[];
        error?: string;
      } | null;
      const url = body?.urls?.[0];
      if (request.status === 201 && url) resolve({ ok: true, url });
      else
        resolve({
          ok: false,
          error: (body?.error ?? `Failed to upload ${file.name}: the server responded ${request.status}`).replace(
            NO_IMAGES_SUFFIX,
            "",
          ),
        });
    });
    request.addEventListener("error", () =>
      resolve({
        ok: false,
        error: `Failed to upload ${file.name}: the connection was lost`,
      }),
    );
    const body = new FormData();
    body.append("file", file);
    request.send(body);
  });
}
