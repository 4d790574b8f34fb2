import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiClient } from "../support/api-client.ts";
import { uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const { call, addProduct } = apiClient(
  () => server.base,
  () => server.cookie,
);

type Record = { [header: string]: string };
const csv = (rows: Record[]) => "\uFEFF" + stringify(rows, { header: true, record_delimiter: "windows" });

function importFile(text: string, { dryRun = false } = {}) {
  const form = new FormData();
  form.append("file", new Blob([new TextEncoder().encode(text)], { type: "text/csv" }), "products.csv");
  return call(`/api/product/import${dryRun ? "?dryRun=1" : ""}`, { method: "POST", body: form, admin: true });
}

function newRow(title: string, overrides: Record = {}): Record {
  return {
    _id: "",
    Title: title,
    Description: `${title}, open box`,
    Category: "Tools",
    Price: "15.00",
    Stock: "2",
    Hidden: "no",
    Packaging: "open-box",
    Grade: "like-new",
    Images: "",
    ...overrides,
  };
}

/** A product's stored images, in order: their variant prefix and original's key. */
const imagesOf = (title: string) =>
  server.db.all<{ id: number; prefix: string; original: string }>(
    sql`select p.id, i.variant_prefix as prefix, i.original_key as original
        from products p join product_images i on i.product_id = p.id where p.title = ${title} order by i.position`,
  );
const stored = (key: string) => fs.existsSync(path.join(server.dataDir, "uploads", key));
const pendingCount = () => server.db.get<{ n: number }>(sql`select count(*) as n from pending_uploads`)!.n;

describe("importing rows that name another product's image", () => {
  it("gives each new product its own copy, so deleting either leaves the other's image", async () => {
    const word = uniqueWord();
    const source = await addProduct(`Lamp ${word}`, 3);
    const link = source.image_link[0]!;
    const [sourceImage] = imagesOf(`Lamp ${word}`);
    const pendingBefore = pendingCount();
    const file = csv([newRow(`Lamp copy ${word}`, { Images: link, "Image captions": "Same lamp" })]);

    // The preview accepts it, copying nothing yet.
    const dryRun = await importFile(file, { dryRun: true });
    expect(await dryRun.json()).toMatchObject({ rows: [{ row: 2, action: "new" }], errors: [] });
    expect(pendingCount()).toBe(pendingBefore);

    const response = await importFile(file);
    expect(await response.json()).toEqual({ imported: { new: 1, changed: 0, unchanged: 0 } });
    const [copy] = imagesOf(`Lamp copy ${word}`);
    expect(copy).toBeDefined();
    expect(copy!.prefix).not.toBe(sourceImage!.prefix);
    expect(stored(copy!.original)).toBe(true);
    expect(stored(`${copy!.prefix}-320.webp`) || stored(`${copy!.prefix}-64.webp`)).toBe(true);
    // Claimed by the new product: nothing left waiting for the sweeper.
    expect(pendingCount()).toBe(pendingBefore);
    const caption = server.db.get<{ caption: string }>(
      sql`select caption from product_images where variant_prefix = ${copy!.prefix}`,
    );
    expect(caption!.caption).toBe("Same lamp");

    // Deleting the source leaves the copy's files, and the copy still shows its image.
    const deleted = await call(`/api/product/deletebyID?id=${source._id}`, { method: "DELETE", admin: true });
    expect(deleted.status).toBe(200);
    expect(stored(sourceImage!.original)).toBe(false);
    expect(stored(copy!.original)).toBe(true);
    const served = await fetch(`${server.base}/uploads/${copy!.original}`);
    expect(served.status).toBe(200);
  });

  it("deleting the new product leaves the source's image, and a refused import leaves no copy behind", async () => {
    const word = uniqueWord();
    const source = await addProduct(`Fan ${word}`, 3);
    const [sourceImage] = imagesOf(`Fan ${word}`);
    const files = () => fs.readdirSync(path.join(server.dataDir, "uploads", "products")).length;

    // One good row borrowing the image, one refused row: nothing written, no copy left on disk.
    const before = files();
    const refused = await importFile(
      csv([newRow(`Fan copy ${word}`, { Images: source.image_link[0]! }), newRow("", { Price: "abc" })]),
    );
    expect(refused.status).toBe(400);
    expect(files()).toBe(before);
    expect(imagesOf(`Fan copy ${word}`)).toEqual([]);

    const imported = await importFile(csv([newRow(`Fan copy ${word}`, { Images: source.image_link[0]! })]));
    expect(imported.status).toBe(200);
    const [copy] = imagesOf(`Fan copy ${word}`);
    const deleted = await call(`/api/product/deletebyID?id=${copy!.id}`, { method: "DELETE", admin: true });
    expect(deleted.status).toBe(200);
    expect(stored(copy!.original)).toBe(false);
    expect(stored(sourceImage!.original)).toBe(true);
    expect(imagesOf(`Fan ${word}`)).toEqual([sourceImage]);
  });

  it("warns of a new row whose title the shop or an earlier row has, and still imports it", async () => {
    const word = uniqueWord();
    const existing = await addProduct(`Heater ${word}`, 1);
    const file = csv([newRow(`heater ${word} `), newRow(`Radio ${word}`), newRow(`Radio ${word}`)]);
    const dryRun = await importFile(file, { dryRun: true });
    const preview = (await dryRun.json()) as { rows: { row: number; warnings: string[] }[] };
    expect(preview.rows.map(({ row, warnings }) => ({ row, warnings }))).toEqual([
      { row: 2, warnings: [`A product with this title already exists (ID ${existing._id}).`] },
      { row: 3, warnings: [] },
      { row: 4, warnings: ["Row 3 has the same title."] },
    ]);
    expect(await (await importFile(file)).json()).toEqual({ imported: { new: 3, changed: 0, unchanged: 0 } });
  });

  it("shows a changed row's cells before and after", async () => {
    const word = uniqueWord();
    const product = await addProduct(`Iron ${word}`, 2, 20);
    const exported = parse(await (await call("/admin/products.csv", { admin: true })).text(), {
      bom: true,
      columns: true,
    }) as Record[];
    const row = exported.find((line) => line._id === product._id)!;
    const dryRun = await importFile(csv([{ ...row, Price: "18.50", Stock: "5" }]), { dryRun: true });
    expect(((await dryRun.json()) as { rows: unknown[] }).rows).toEqual([
      {
        row: 2,
        action: "changed",
        changes: ["Price", "Stock"],
        differences: [
          { field: "Price", before: "20.00", after: "18.50" },
          { field: "Stock", before: "2", after: "5" },
        ],
        warnings: [],
      },
    ]);
  });
});
