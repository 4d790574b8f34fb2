import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { apiProductWrite, type ProductInput } from "~/catalogue/product-schema.ts";
import { ProductNeedsImage, ProductNotFound } from "~/catalogue/admin/product-records.server.ts";
import { addProduct, editProduct } from "~/catalogue/admin/product-writes.server.ts";
import { products } from "../../db/schema/index.ts";
import { createTestDb, createTestStorage } from "../support/test-db.ts";

const input: ProductInput = {
  title: "Boxed Lamp",
  price: 19.99,
  description: "Open box",
  category: "Tools",
  size: [],
  quantity: 2,
  isHidden: false,
  oldPrice: null,
  packaging: "open-box",
  grade: "like-new",
  conditionNotes: "",
  inTheBox: [],
};

async function postedImage(name: string) {
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#264653" } })
    .png()
    .toBuffer();
  return { field: "images", name, data, tooLarge: false };
}

function filesUnder(root: string) {
  return fs
    .readdirSync(root, { recursive: true })
    .filter((entry) => fs.statSync(path.join(root, String(entry))).isFile());
}

describe("the product write path", () => {
  it("stores the price the admin typed, in cents, and the posted files as the product's images", async () => {
    const db = createTestDb();
    const { root, storage } = createTestStorage();
    const { id, imageCount } = await addProduct(db, storage, input, { files: [await postedImage("lamp.png")] });
    expect(imageCount).toBe(1);
    expect(db.select({ id: products.id, priceCents: products.priceCents }).from(products).all()).toEqual([
      { id, priceCents: 1_999 },
    ]);
    expect(filesUnder(root).length).toBeGreaterThan(0);
  });

  it("removes the files it stored when the product cannot be written", async () => {
    // No categories: the insert is refused inside the transaction, after the files were stored.
    const db = createTestDb({ categories: false });
    const { root, storage } = createTestStorage();
    await expect(addProduct(db, storage, input, { files: [await postedImage("lamp.png")] })).rejects.toThrow(
      /Unknown category/,
    );
    expect(db.select().from(products).all()).toEqual([]);
    expect(filesUnder(root)).toEqual([]);
  });

  it("removes the files of an edit that fails, and says why no image is left", async () => {
    const db = createTestDb();
    const { root, storage } = createTestStorage();
    await expect(
      editProduct(db, storage, 404, input, { keepIds: [], files: [await postedImage("lamp.png")] }),
    ).rejects.toBeInstanceOf(ProductNotFound);
    expect(filesUnder(root)).toEqual([]);
    const refused = { field: "images", name: "notes.txt", data: Buffer.from("not an image"), tooLarge: false };
    const error = await addProduct(db, storage, input, { files: [refused] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProductNeedsImage);
    expect((error as ProductNeedsImage).uploadErrors).toEqual(["File notes.txt is not an image file"]);
  });
});

describe("the /api/ write payload, derived from the product's fields", () => {
  it("returns the model's input under the form's names, and refuses a third decimal", () => {
    const body = {
      Title: " Lamp ",
      price: 5,
      Description: "d",
      Category: "Tools",
      image_link: "https://shop.example/uploads/a.webp",
    };
    expect(apiProductWrite.parse(body)).toEqual({
      fields: {
        ...{ title: "Lamp", price: 5, description: "d", category: "Tools", size: [], quantity: 0, isHidden: false },
        // The contract's defaults for the open-box condition and the price new.
        ...{ oldPrice: null, packaging: "open-box", grade: "like-new", conditionNotes: "", inTheBox: [] },
      },
      imageLinks: ["https://shop.example/uploads/a.webp"],
      imageCaptions: [],
    });
    const refused = apiProductWrite.safeParse({ ...body, price: 19.999 });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["price", "must have at most 2 decimal places"],
    ]);
  });
});

describe("the Edit form's condition fields, as posted", () => {
  it("reads In the box from lines or repeated fields, and pairs each kept image with its caption", async () => {
    const { parseWithZod } = await import("@conform-to/zod/v4");
    const { editFormImages, editProductSchema } = await import("~/catalogue/product-schema.ts");
    const form = new FormData();
    for (const [name, value] of [
      ["title", "Lamp"],
      ["price", "40"],
      ["oldPrice", "50"],
      ["description", "Open box"],
      ["category", "Tools"],
      ["packaging", "no-box"],
      ["grade", "good"],
      ["inTheBox", "Lamp\r\n\r\n Shade "],
      ["inTheBox", "Bulb"],
      ["imageId", "7"],
      ["imageCaptions", "Scratch on the base"],
      ["imageId", "9"],
      ["imageCaptions", ""],
      ["imageId", "11"],
      ["imageCaptions", "Dent"],
      ["keepImage", "7"],
      ["keepImage", "11"],
      ["newImageCaptions", "\nNew scuff"],
    ])
      form.append(name!, value!);
    const submission = parseWithZod(form, { schema: editProductSchema });
    expect(submission.status, JSON.stringify(submission.reply().error)).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      oldPrice: 50,
      packaging: "no-box",
      grade: "good",
      inTheBox: ["Lamp", "Shade", "Bulb"],
    });
    expect(editFormImages(submission.value)).toEqual({
      keepIds: [7, 11],
      captions: ["Scratch on the base", "Dent", "", "New scuff"],
    });

    form.set("oldPrice", "40");
    const refused = parseWithZod(form, { schema: editProductSchema });
    expect(refused.status).toBe("error");
    expect(refused.reply().error?.oldPrice).toEqual(["must be more than the price"]);
  });
});
