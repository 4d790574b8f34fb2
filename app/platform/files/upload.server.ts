import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { multipartRequest } from "./multipart.server.ts";
import type { Storage } from "./storage.server.ts";
import { MAX_IMAGE_BYTES } from "./image-limits.ts";
import { ImageUnreadableError, NotAnImageError, type StoredImage, storeImage } from "./images.server.ts";

/** At most this many files in one request; more gets a 413. */
export const MAX_FILES = 10;
const MAX_TEXT_FIELD_BYTES = 64 * 1024;

export class UploadTooLarge extends Error {}
/** The body is not multipart/form-data that can be read: a missing boundary, a broken part. */
export class MalformedUpload extends Error {}

export type UploadedFile = { field: string; name: string; data: Buffer; tooLarge: boolean };

async function collect(data: AsyncIterable<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of data) {
    size += chunk.byteLength;
    // Keep reading to the end of the part, but never keep more than the limit.
    if (size > limit) tooLarge = true;
    else chunks.push(chunk);
  }
  return { buffer: Buffer.concat(chunks), tooLarge };
}

/**
 * Reads a multipart form: text fields into the FormData, files aside with at most 5 MB + 1 byte
 * of each kept, so an oversize file becomes a message about that file instead of an error for the
 * whole request. Each file is also put in the FormData (empty when too large) so the form's zod
 * schema sees which files were chosen.
 */
export async function readMultipartForm(request: Request): Promise<{ formData: FormData; files: UploadedFile[] }> {
  const files: UploadedFile[] = [];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      const { buffer, tooLarge } = await collect(data, MAX_TEXT_FIELD_BYTES);
      if (tooLarge) throw new UploadTooLarge(`Field ${name} is too large`);
      return buffer.toString("utf8");
    }
    const { buffer, tooLarge } = await collect(data, MAX_IMAGE_BYTES);
    if (!filename && buffer.byteLength === 0) return undefined;
    if (files.length >= MAX_FILES) throw new UploadTooLarge(`At most ${MAX_FILES} files at once`);
    files.push({ field: name, name: filename, data: buffer, tooLarge });
    // A too-large file still counts as chosen (one byte stands for it); its message comes later.
    return new File([tooLarge ? new Uint8Array(1) : buffer], filename);
  };
  const readable = multipartRequest(request);
  if (!readable) throw new MalformedUpload("send the form as multipart/form-data with a boundary");
  try {
    const formData = await unstable_parseMultipartFormData(readable, handler);
    return { formData, files };
  } catch (error) {
    if (error instanceof UploadTooLarge) throw error;
    // The handler only collects bytes in memory, so anything else is the body itself.
    throw new MalformedUpload("the multipart body is malformed or incomplete", { cause: error });
  }
}

const NO_SPACE_CODES = new Set(["ENOSPC", "EDQUOT"]);

function uploadFailureReason(error: unknown) {
  if (error instanceof ImageUnreadableError) return "could not be read as an image";
  if (NO_SPACE_CODES.has((error as NodeJS.ErrnoException).code ?? "")) return "the server has no space left";
  return "could not be stored";
}

export type StoreOutcome = { stored: StoredImage[]; errors: string[] };

/**
 * Stores each image through the storage adapter; one bad file does not stop the others.
 * The messages are the product's fixed wording (kept word for word; tests check it).
 */
export async function storeUploadedImages(storage: Storage, files: UploadedFile[]): Promise<StoreOutcome> {
  const stored: StoredImage[] = [];
  const errors: string[] = [];
  for (const file of files) {
    if (file.tooLarge) {
      errors.push(`File ${file.name} exceeds 5MB limit`);
      continue;
    }
    try {
      stored.push(await storeImage(storage, file.data));
    } catch (error) {
      if (error instanceof NotAnImageError) {
        errors.push(`File ${file.name} is not an image file`);
        continue;
      }
      // The real error (sharp's or the disk's, with paths) stays in the log, not in the response.
      console.error(`Could not store the upload ${file.name}:`, error);
      errors.push(`Failed to upload ${file.name}: ${uploadFailureReason(error)}`);
    }
  }
  return { stored, errors };
}
