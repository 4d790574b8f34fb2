export type ImportUploadOutcome = { location: string } | { error: string };

/**
 * Sends a products CSV to the import page's upload call and reports real progress (0 to 100) as
 * it goes (XMLHttpRequest: only it reports upload progress in every browser). Resolves with where
 * the preview is, or the message to show.
 */
export function uploadImportFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ImportUploadOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.upload.addEventListener("load", () => onProgress(100));
    request.addEventListener("load", () => {
      const body = request.response as { location?: string; error?: string } | null;
      if (request.status === 200 && body?.location) resolve({ location: body.location });
      else resolve({ error: body?.error ?? `The upload failed: the server responded ${request.status}` });
    });
    request.addEventListener("error", () => resolve({ error: "The upload failed: the connection was lost" }));
    const body = new FormData();
    body.append("file", file);
    request.send(body);
  });
}
