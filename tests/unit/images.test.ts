import fs from "node:fs";
import path from "node:path";
import sharp, { type SharpInput, type SharpOptions } from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_INPUT_PIXELS, storeImage } from "~/platform/files/images.server.ts";
import { storeUploadedImages } from "~/platform/files/upload.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { createTestStorage } from "../support/test-db.ts";

// Records the options of every sharp() call made with bytes to decode.
const decodes = vi.hoisted(() => [] as { limitInputPixels?: unknown }[]);
vi.mock("sharp", async (importOriginal) => {
  const real = ((await importOriginal()) as typeof import("sharp")).default;
  const recording = (input?: SharpInput, options?: SharpOptions) => {
    if (Buffer.isBuffer(input)) decodes.push(options ?? {});
    return real(input, options);
  };
  return { default: Object.assign(recording, real) };
});

afterEach(() => {
  vi.restoreAllMocks();
});

const png = (width = 700, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: "#264653" } })
    .png()
    .toBuffer();

describe("storeImage", () => {
  it("applies the pixel limit to every decode, not only the first look at the header", async () => {
    decodes.length = 0;
    const { storage } = createTestStorage();
    const image = await storeImage(storage, await png());
    expect(image.variantWidths).toEqual([320, 640, 700]);
    // The header, the original, three variants and the share JPEG.
    expect(decodes).toHaveLength(6);
    for (const options of decodes) expect(options.limitInputPixels).toBe(MAX_INPUT_PIXELS);
  });
});

describe("storeUploadedImages", () => {
  it("names the file and a short reason, never the storage's error, logs the real one, and removes what was written", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { root, storage } = createTestStorage();
    let puts = 0;
    // The disk fills up after the original is written.
    const failing: Storage = {
      put: (key, data) =>
        puts++ === 0
          ? storage.put(key, data)
          : Promise.reject(new Error("ENOSPC: no space left on device, open '/srv/secret/uploads/x.webp'")),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      get: (key) => storage.get(key),
      url: (key) => storage.url(key),
    };
    const { errors, stored } = await storeUploadedImages(failing, [
      { field: "file", name: "chair.png", data: await png(), tooLarge: false },
    ]);
    expect(stored).toEqual([]);
    expect(errors).toEqual(["Failed to upload chair.png: could not be stored"]);
    expect(String(log.mock.calls[0])).toContain("ENOSPC");
    expect(puts).toBe(2);
    expect(fs.readdirSync(path.join(root, "products"))).toEqual([]);
  });

  it("says a file whose pixels do not decode could not be read as an image, and keeps none of its files", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { root, storage } = createTestStorage();
    const whole = await png(900, 600);
    // The header promises a 900×600 PNG; the pixel data stops early.
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const { errors } = await storeUploadedImages(storage, [
      { field: "file", name: "cut.png", data: truncated, tooLarge: false },
    ]);
    expect(errors).toEqual(["Failed to upload cut.png: could not be read as an image"]);
    const productsDir = path.join(root, "products");
    expect(fs.existsSync(productsDir) ? fs.readdirSync(productsDir) : []).toEqual([]);
  });
});
