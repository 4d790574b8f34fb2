import crypto from "node:crypto";
import sharp, { type SharpOptions } from "sharp";
import type { Storage } from "./storage.server.ts";
import type { ImageSources } from "./image-sources.ts";

/** Also named here for the product-admin model, which reads it with `imageSources`. */

export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** Formats the shop accepts, decided by decoding the bytes, never by the name or declared type. */
const ACCEPTED = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
} as const;
type AcceptedFormat = keyof typeof ACCEPTED;

/** Larger images are refused before any pixel is decoded: a small file can claim a huge canvas. */
export const MAX_INPUT_PIXELS = 50_000_000;

export class NotAnImageError extends Error {}
/** The header read as an accepted image but its pixels did not decode (truncated or corrupt). */
export class ImageUnreadableError extends Error {}

/** Every decode goes through here, so none escapes the pixel limit (sharp's own default is 268 MP). */
function decode(data: Buffer, options: SharpOptions = {}) {
  return sharp(data, { ...options, limitInputPixels: MAX_INPUT_PIXELS });
}

async function encoded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new ImageUnreadableError("the image did not decode", { cause: error });
  }
}

export type StoredImage = {
  originalKey: string;
  variantPrefix: string;
  variantWidths: number[];
  width: number;
  height: number;
};

async function detectFormat(data: Buffer): Promise<{ format: AcceptedFormat; width: number; height: number }> {
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await decode(data).metadata();
  } catch {
    throw new NotAnImageError("not a decodable image");
  }
  // sharp reports AVIF as the HEIF container; only its AV1 flavour is AVIF.
  const format = metadata.format === "heif" ? (metadata.compression === "av1" ? "avif" : undefined) : metadata.format;
  if (!format || !(format in ACCEPTED) || !metadata.width || !metadata.height) {
    throw new NotAnImageError(`unsupported format ${metadata.format ?? "unknown"}`);
  }
  return { format: format as AcceptedFormat, width: metadata.width, height: metadata.height };
}

/**
 * Validates an upload by decoding it, then stores a metadata-free copy of the original under a
 * random name and the WebP variants the shop serves (320/640/1280 px wide, never enlarged).
 */
export async function storeImage(storage: Storage, data: Buffer): Promise<StoredImage> {
  const { format } = await detectFormat(data);
  const key = `products/${crypto.randomBytes(12).toString("hex")}`;
  const written: string[] = [];
  const put = async (fileKey: string, bytes: Buffer) => {
    written.push(fileKey);
    await storage.put(fileKey, bytes);
  };
  try {
    // .rotate() applies the EXIF orientation before the metadata (EXIF, GPS, ICC) is dropped.
    const original = decode(data, { animated: format === "gif" || format === "webp" }).rotate();
    const originalBuffer = await encoded(original.toFormat(format).toBuffer({ resolveWithObject: true }));
    const width = originalBuffer.info.width;
    const height = originalBuffer.info.pageHeight ?? originalBuffer.info.height;
    const originalKey = `${key}.${ACCEPTED[format]}`;
    await put(originalKey, originalBuffer.data);

    // Never enlarge: an image narrower than the largest variant gets its own width as the last one.
    const variantWidths: number[] = VARIANT_WIDTHS.filter((w) => w <= width);
    if (!variantWidths.includes(width) && width < VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!) variantWidths.push(width);
    for (const variantWidth of variantWidths) {
      const variant = await encoded(
        decode(data)
          .rotate()
          .resize({ width: variantWidth, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      );
      await put(`${key}-${variantWidth}.webp`, variant);
    }
    return { originalKey, variantPrefix: key, variantWidths, width, height };
  } catch (error) {
    // Half an image is no use to anyone: remove what was written before the failure.
    for (const fileKey of written) await storage.delete(fileKey).catch(() => {});
    throw error;
  }
}

export function imageFileKeys(image: Pick<StoredImage, "originalKey" | "variantPrefix" | "variantWidths">) {
  return [image.originalKey, ...image.variantWidths.map((w) => `${image.variantPrefix}-${w}.webp`)];
}

/** Removes an image's files; a failure is logged, never shown (contract: deleting a product removes its files). */
export async function deleteImageFiles(storage: Storage, image: Parameters<typeof imageFileKeys>[0]) {
  for (const key of imageFileKeys(image)) {
    await storage.delete(key).catch((error: unknown) => console.error(`Could not delete ${key}:`, error));
  }
}

/** What an <img> needs: the middle variant as src and every variant in srcset. */
export function imageSources(
  storage: Storage,
  image: Pick<StoredImage, "variantPrefix" | "variantWidths" | "width" | "height">,
): ImageSources {
  const widths = image.variantWidths;
  const middle = widths.find((w) => w >= 640) ?? widths[widths.length - 1]!;
  return {
    src: storage.url(`${image.variantPrefix}-${middle}.webp`),
    srcSet: widths.map((w) => `${storage.url(`${image.variantPrefix}-${w}.webp`)} ${w}w`).join(", "),
    width: image.width,
    height: image.height,
  };
}
