import crypto from "node:crypto";
import sharp, { type SharpOptions } from "sharp";
import type { Storage } from "./storage.server.ts";
import type { ImageSources } from "./image-sources.ts";

/** Also named here for the product-admin model, which reads it with `imageSources`. */

export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/**
 * The JPEG a link preview shows (og:image): WhatsApp, Facebook and Instagram show a JPEG where some
 * of their apps show no WebP, and want it at least 600 px wide. 1200 px where the photo has them
 * (what Facebook draws large), never narrower than 600 (a smaller photo is enlarged to that).
 */
export const SHARE_IMAGE_MIN_WIDTH = 600;
export const SHARE_IMAGE_MAX_WIDTH = 1200;

/** The share JPEG's key beside the WebP variants: the same random prefix, so it goes with them. */
export const shareImageKey = (variantPrefix: string) => `${variantPrefix}-share.jpg`;

/** The share JPEG's size, worked out from the stored image's: no need to store it or read the file. */
export function shareImageSize(image: { width: number; height: number }) {
  const width = Math.min(SHARE_IMAGE_MAX_WIDTH, Math.max(SHARE_IMAGE_MIN_WIDTH, image.width));
  return { width, height: Math.max(1, Math.round((image.height * width) / image.width)) };
}

/** The share JPEG of an image's bytes (first frame of an animation), EXIF orientation applied, no metadata. */
async function shareJpeg(data: Buffer, size: { width: number; height: number }) {
  return encoded(
    decode(data)
      .rotate()
      .resize({ width: size.width, height: size.height, fit: "fill" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer(),
  );
}

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
 * random name, the WebP variants the shop serves (320/640/1280 px wide, never enlarged) and the
 * JPEG link previews show (`shareImageKey`), so no request ever waits for a resize.
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
    await put(shareImageKey(key), await shareJpeg(data, shareImageSize({ width, height })));
    return { originalKey, variantPrefix: key, variantWidths, width, height };
  } catch (error) {
    // Half an image is no use to anyone: remove what was written before the failure.
    for (const fileKey of written) await storage.delete(fileKey).catch(() => {});
    throw error;
  }
}

/** Every file of an image; the share JPEG too (an image stored before it existed has none: deleting it is a no-op). */
export function imageFileKeys(image: Pick<StoredImage, "originalKey" | "variantPrefix" | "variantWidths">) {
  return [
    image.originalKey,
    ...image.variantWidths.map((w) => `${image.variantPrefix}-${w}.webp`),
    shareImageKey(image.variantPrefix),
  ];
}

/**
 * Makes the share JPEG of an image stored before the shop made one, from its stored original:
 * false when it was there already or the original is gone (nothing to make it from).
 */
export async function ensureShareImage(
  storage: Storage,
  image: Pick<StoredImage, "originalKey" | "variantPrefix" | "width" | "height">,
): Promise<boolean> {
  const key = shareImageKey(image.variantPrefix);
  if (await storage.exists(key)) return false;
  const original = await storage.get(image.originalKey);
  if (!original) return false;
  await storage.put(key, await shareJpeg(original, shareImageSize(image)));
  return true;
}

/** Removes an image's files; a failure is logged, never shown (deleting a product removes its files). */
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
