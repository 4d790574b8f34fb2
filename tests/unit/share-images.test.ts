import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { meta, productImages } from "../../db/schema/index.ts";
import { makeMissingShareImages, SHARE_IMAGES_THROUGH } from "~/catalogue/share-images.server.ts";
import { imageFileKeys, shareImageKey, shareImageSize, storeImage } from "~/platform/files/images.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { createTestDb, createTestStorage } from "../support/test-db.ts";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 38, g: 70, b: 83, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe("the share JPEG", () => {
  it("is stored with the variants: a JPEG 1200 px wide for a large photo, its size worked out from the image's", async () => {
    const { root, storage } = createTestStorage();
    const image = await storeImage(storage, await png(2000, 1500));
    const file = path.join(root, shareImageKey(image.variantPrefix));
    const info = await sharp(file).metadata();
    expect(info.format).toBe("jpeg");
    expect({ width: info.width, height: info.height }).toEqual(shareImageSize(image));
    expect(shareImageSize(image)).toEqual({ width: 1200, height: 900 });
    expect(imageFileKeys(image)).toContain(shareImageKey(image.variantPrefix));
  });

  it("is never narrower than 600 px: a small photo is enlarged, a middling one kept at its width", () => {
    expect(shareImageSize({ width: 300, height: 450 })).toEqual({ width: 600, height: 900 });
    expect(shareImageSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });
});

describe("makeMissingShareImages", () => {
  it("makes the JPEG of images stored before it existed, once, and a later pass resumes past them", async () => {
    const db = createTestDb();
    const { root, storage } = createTestStorage();
    const product = createProduct(db, { title: "Old photo kettle" });
    const stored = [];
    for (const size of [500, 900]) {
      const image = await storeImage(storage, await png(size, size));
      // As an image stored before the share JPEG existed: only its original and WebP variants.
      fs.rmSync(path.join(root, shareImageKey(image.variantPrefix)));
      stored.push(
        db
          .insert(productImages)
          .values({ productId: product.id, ...image })
          .returning()
          .get(),
      );
    }

    expect(await makeMissingShareImages(db, storage)).toBe(2);
    for (const image of stored) {
      const info = await sharp(path.join(root, shareImageKey(image.variantPrefix))).metadata();
      expect(info.format).toBe("jpeg");
      expect(info.width).toBeGreaterThanOrEqual(600);
      expect({ width: info.width, height: info.height }).toEqual(shareImageSize(image));
    }
    expect(db.select().from(meta).where(eq(meta.key, SHARE_IMAGES_THROUGH)).get()?.value).toBe(String(stored[1]!.id));

    // Removed again, but already passed: a restart does not look at these images again.
    fs.rmSync(path.join(root, shareImageKey(stored[0]!.variantPrefix)));
    expect(await makeMissingShareImages(db, storage)).toBe(0);
  });

  it("skips an image whose JPEG is there, and an image whose original is gone, and goes on", async () => {
    const db = createTestDb();
    const { root, storage } = createTestStorage();
    const product = createProduct(db, { title: "Mixed photos fan" });
    const kept = await storeImage(storage, await png(700, 700));
    const lost = await storeImage(storage, await png(700, 700));
    fs.rmSync(path.join(root, shareImageKey(lost.variantPrefix)));
    fs.rmSync(path.join(root, lost.originalKey));
    const late = await storeImage(storage, await png(640, 480));
    fs.rmSync(path.join(root, shareImageKey(late.variantPrefix)));
    for (const image of [kept, lost, late])
      db.insert(productImages)
        .values({ productId: product.id, ...image })
        .run();

    expect(await makeMissingShareImages(db, storage)).toBe(1);
    expect(fs.existsSync(path.join(root, shareImageKey(late.variantPrefix)))).toBe(true);
  });
});
