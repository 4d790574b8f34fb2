import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeImage } from "~/platform/files/images.server.ts";
import { resolveImageLinks } from "~/catalogue/admin/image-links.server.ts";
import { recordPendingUploads, sweepPendingUploads } from "~/catalogue/admin/pending-uploads.server.ts";
import { createProduct } from "~/catalogue/admin/product-records.server.ts";
import { pendingUploads, products } from "../../db/schema/index.ts";
import { createTestDb, createTestStorage } from "../support/test-db.ts";

const HOUR = 60 * 60 * 1000;

async function uploadOne(
  db: ReturnType<typeof createTestDb>,
  storage: ReturnType<typeof createTestStorage>["storage"],
) {
  const image = await storeImage(
    storage,
    await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#264653" },
    })
      .png()
      .toBuffer(),
  );
  recordPendingUploads(db, [image]);
  return image;
}

describe("unclaimed uploads", () => {
  it("are swept with their files once older than the limit; newer ones stay", async () => {
    const db = createTestDb();
    const { root, storage } = createTestStorage();
    const old = await uploadOne(db, storage);
    const fresh = await uploadOne(db, storage);
    const oldFile = path.join(root, old.originalKey);
    expect(fs.existsSync(oldFile)).toBe(true);

    const later = Date.now() + 25 * HOUR;
    db.update(pendingUploads).set({ createdAt: new Date() }).run();
    expect(await sweepPendingUploads(db, storage, 24 * HOUR, Date.now())).toBe(0);
    db.update(pendingUploads)
      .set({ createdAt: new Date(later - 2 * HOUR) })
      .where(eq(pendingUploads.variantPrefix, fresh.variantPrefix))
      .run();

    expect(await sweepPendingUploads(db, storage, 24 * HOUR, later)).toBe(1);
    expect(fs.existsSync(oldFile)).toBe(false);
    expect(fs.existsSync(path.join(root, fresh.originalKey))).toBe(true);
    expect(() => resolveImageLinks(db, null, [`/uploads/${old.variantPrefix}-320.webp`])).toThrow(
      /is not an uploaded image/,
    );
    expect(resolveImageLinks(db, null, [`/uploads/${fresh.variantPrefix}-320.webp`]).added).toHaveLength(1);
  });
});

describe("adding a product from uploads", () => {
  it("inserts it, hides it and claims its uploads in one transaction", async () => {
    const db = createTestDb();
    const { storage } = createTestStorage();
    const image = await uploadOne(db, storage);
    const fields = {
      title: "Claimed Lamp",
      priceCents: 1_000,
      description: "d",
      category: "Tools",
      sizes: [],
      stock: 1,
      isHidden: true,
    };
    const id = createProduct(db, fields, [image]);
    expect(db.select({ isHidden: products.isHidden }).from(products).where(eq(products.id, id)).get()).toEqual({
      isHidden: true,
    });
    expect(db.select().from(pendingUploads).all()).toEqual([]);
  });

  it("leaves no product and the uploads still pending when a write fails half way", async () => {
    const db = createTestDb();
    const { storage } = createTestStorage();
    const image = await uploadOne(db, storage);
    // The product and the first image are written before the second image's row is refused (NOT NULL).
    const broken = { ...(await uploadOne(db, storage)), width: null as unknown as number };
    const fields = { title: "Lost Lamp", priceCents: 1_000, description: "d", category: "Tools", sizes: [], stock: 1 };
    expect(() => createProduct(db, fields, [image, broken])).toThrow();
    expect(db.select().from(products).all()).toEqual([]);
    expect(db.select().from(pendingUploads).all()).toHaveLength(2);
  });
});
