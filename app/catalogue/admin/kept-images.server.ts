import { z } from "zod";
import type { Db } from "~/platform/db/db.server.ts";
import { deleteImageFiles } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { storeUploadedImages, type UploadedFile } from "~/platform/files/upload.server.ts";
import type { KeptImage } from "~/catalogue/kept-image.ts";
import { pendingUploadLink, recordPendingUploads } from "./pending-uploads.server.ts";

const keptImageField = z.object({ name: z.string().max(255), url: z.string().max(500) });

/** The images an earlier round trip kept, as the form posts them back (`keptImage`, beside their `images` links). */
function keptBefore(formData: FormData): KeptImage[] {
  const links = new Set(formData.getAll("images").filter((value) => typeof value === "string"));
  return formData.getAll("keptImage").flatMap((value) => {
    if (typeof value !== "string") return [];
    try {
      const kept = keptImageField.safeParse(JSON.parse(value));
      return kept.success && links.has(kept.data.url) ? [kept.data] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The Add form came back without being saved ('Update sizes' without JavaScript, or a refused
 * field): the files it carried are stored as pending uploads, as `/api/upload` stores a picked
 * image, so the form can post their links next time instead of asking for the files again (a
 * browser never fills a file field in). With those kept before; `errors` names the files refused.
 */
export async function keepChosenImages(
  db: Db,
  storage: Storage,
  formData: FormData,
  files: UploadedFile[],
): Promise<{ kept: KeptImage[]; errors: string[] }> {
  const kept = keptBefore(formData);
  const errors: string[] = [];
  for (const file of files) {
    const outcome = await storeUploadedImages(storage, [file]);
    errors.push(...outcome.errors);
    const image = outcome.stored[0];
    if (!image) continue;
    try {
      recordPendingUploads(db, [image]);
    } catch (error) {
      // An unrecorded file would never be swept.
      await deleteImageFiles(storage, image);
      throw error;
    }
    kept.push({ name: file.name, url: pendingUploadLink(storage, image) });
  }
  return { kept, errors };
}
