import { useCallback, useEffect, useRef, useState } from "react";
import { IMAGE_CAPTION_MAX } from "~/catalogue/condition.ts";
import { uploadImage } from "~/catalogue/admin/upload-image.client.ts";

export type ImageUpload = {
  key: string;
  name: string;
  previewUrl: string;
  /** Only images get a preview; anything else is refused before it is sent. */
  isImage: boolean;
  progress: number;
  status: "uploading" | "done" | "failed";
  url?: string;
  error?: string;
};

/**
 * With JavaScript, each chosen image is uploaded on its own as soon as it is picked, so the
 * form shows real per-file progress and posts only the stored images' URLs.
 */
export function useImageUploads() {
  const [uploads, setUploads] = useState<ImageUpload[]>([]);
  const previewUrls = useRef(new Set<string>());
  const update = (key: string, change: Partial<ImageUpload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const add = useCallback((files: File[]) => {
    const started = files.map((file) => {
      const previewUrl = URL.createObjectURL(file);
      previewUrls.current.add(previewUrl);
      return {
        file,
        upload: {
          key: previewUrl,
          name: file.name,
          previewUrl,
          isImage: file.type.startsWith("image/"),
          progress: 0,
          status: "uploading",
        } satisfies ImageUpload,
      };
    });
    setUploads((current) => [...current, ...started.map(({ upload }) => upload)]);
    for (const { file, upload } of started) {
      void uploadImage(file, (progress) => update(upload.key, { progress })).then((outcome) =>
        update(
          upload.key,
          outcome.ok ? { status: "done", progress: 100, url: outcome.url } : { status: "failed", error: outcome.error },
        ),
      );
    }
  }, []);

  const remove = useCallback((key: string) => {
    URL.revokeObjectURL(key);
    previewUrls.current.delete(key);
    setUploads((current) => current.filter((upload) => upload.key !== key));
  }, []);

  const clear = useCallback(() => {
    previewUrls.current.forEach((url) => URL.revokeObjectURL(url));
    previewUrls.current.clear();
    setUploads([]);
  }, []);

  useEffect(() => () => previewUrls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  return {
    uploads,
    uploading: uploads.some((upload) => upload.status === "uploading"),
    add,
    remove,
    clear,
  };
}

/**
 * The per-file list: preview, name, a progress bar, the reason when a file failed, and a caption
 * box. A caption is posted (as `captionName`) only beside an uploaded image's URL, so the two lists stay parallel.
 */
export function UploadList({
  uploads,
  onRemove,
  captionName,
}: {
  uploads: ImageUpload[];
  onRemove: (key: string) => void;
  captionName: string;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Image uploads">
      {uploads.map((upload) => (
        <li
          key={upload.key}
          data-testid="image-upload"
          className="flex min-w-0 items-center gap-3 rounded-md border border-slate-200 p-2 text-sm"
        >
          {upload.isImage ? (
            <img
              src={upload.previewUrl}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded bg-slate-100 object-cover"
            />
          ) : (
            <span aria-hidden="true" className="size-12 shrink-0 rounded bg-slate-100" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-800">{upload.name}</p>
            {upload.status === "failed" ? (
              <p className="text-danger-700">{upload.error}</p>
            ) : (
              <div className="flex items-center gap-2">
                <progress
                  max={100}
                  value={upload.progress}
                  aria-label={`Upload of ${upload.name}`}
                  className="h-2 flex-1 accent-brand-700"
                />
                <span className="tabular w-20 text-right text-slate-600">
                  {upload.status === "done" ? "Uploaded" : `${upload.progress}%`}
                </span>
              </div>
            )}
            {upload.status === "failed" ? null : (
              <input
                name={upload.status === "done" ? captionName : undefined}
                maxLength={IMAGE_CAPTION_MAX}
                dir="auto"
                placeholder="Caption (optional)"
                aria-label={`Caption for ${upload.name}`}
                className="mt-1 block min-h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
              />
            )}
          </div>
          <button
            type="button"
            onClick={() => onRemove(upload.key)}
            aria-label={`Remove ${upload.name}`}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-100 hover:text-danger-700"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
