import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { products } from "../../db/schema/index.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, holdRequests, test } from "./fixtures.ts";

type Row = Record<string, string>;

/** Clicks Export CSV on the Products page and reads the file it downloads. */
async function exportProducts(page: Page) {
  await page.goto("/admin/products");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await (await download).path();
  return fs.readFileSync(file, "utf8");
}

const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as Row[];

function writeCsv(name: string, content: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-import-")), name);
  fs.writeFileSync(file, content);
  return file;
}

/**
 * Imports a file through the page: Import CSV, choose it, Upload and preview. With JavaScript the
 * upload shows its progress meanwhile (held here until it has been seen).
 */
async function uploadForPreview(page: Page, file: string, javaScriptEnabled: boolean) {
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
  await page.getByLabel("CSV file").setInputFiles(file);
  const release = javaScriptEnabled ? await holdRequests(page, "**/admin/products/import/upload") : null;
  await page.getByRole("button", { name: "Upload and preview" }).click();
  if (release) {
    await expect(page.getByRole("status").filter({ hasText: /Uploading… \d+%|Checking every row…/ })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
    await release();
  }
  await expect(page.getByRole("heading", { name: /^Preview of / })).toBeVisible({ timeout: 20_000 });
}

test("export, change two prices and add a row, preview 2 changed and 1 new, import; the original changes nothing", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  // Export, upload, preview and import, each a file through the server: longer than one page's test.
  test.slow();
  const word = uniqueWord("Imp");
  const kettle = createProduct(db, { title: `Kettle ${word}`, priceCents: 2_000, category: "Kitchen Appliances" });
  const toaster = createProduct(db, { title: `Toaster ${word}`, priceCents: 3_000, category: "Kitchen Appliances" });
  await addProductImage(db, kettle.id);
  await addProductImage(db, toaster.id);
  await loginAsAdmin(page);

  // The export imported as it is: every row unchanged, nothing to import.
  const original = await exportProducts(page);
  await uploadForPreview(page, writeCsv("original.csv", original), javaScriptEnabled);
  const rows = rowsOf(original);
  await expect(page.getByTestId("import-counts")).toHaveText(
    `0 new products, 0 changed products, ${rows.length.toLocaleString("en-US")} unchanged products.`,
  );
  await expect(page.getByText("Nothing to import: every product in the file is unchanged.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Import / })).toHaveCount(0);

  // Two prices changed and one new product, with an image uploaded to the shop first.
  const uploaded = await page.request.post("/api/upload", {
    multipart: {
      file: {
        name: "mixer.png",
        mimeType: "image/png",
        buffer: await sharp({ create: { width: 700, height: 700, channels: 3, background: "#457b9d" } })
          .png()
          .toBuffer(),
      },
    },
  });
  expect(uploaded.status()).toBe(201);
  const [imageUrl] = ((await uploaded.json()) as { urls: string[] }).urls;
  const edited = rows.map((row) =>
    row._id === String(kettle.id)
      ? { ...row, Price: "21.00" }
      : row._id === String(toaster.id)
        ? { ...row, Price: "29.99" }
        : row,
  );
  const added = {
    ...Object.fromEntries(Object.keys(rows[0]!).map((header) => [header, ""])),
    Title: `Mixer ${word}`,
    Description: "Stand mixer, open box, every attachment inside.",
    Category: "Kitchen Appliances",
    Price: "89.00",
    Stock: "2",
    Images: imageUrl!,
  };
  const changed = "\uFEFF" + stringify([...edited, added], { header: true, record_delimiter: "windows" });
  await uploadForPreview(page, writeCsv("changed.csv", changed), javaScriptEnabled);
  await expect(page.getByTestId("import-counts")).toHaveText(
    `1 new product, 2 changed products, ${(rows.length - 2).toLocaleString("en-US")} unchanged products.`,
  );
  // The preview is paged, 50 rows a page in the file's order: the kettle's row is on its page.
  const kettleRow = page.getByRole("row").filter({ hasText: `Kettle ${word}` });
  const kettlePage = Math.floor(edited.findIndex((row) => row._id === String(kettle.id)) / 50) + 1;
  const pages = page.getByRole("navigation", { name: "Pages" });
  for (let shown = 1; shown < kettlePage; shown++) {
    await pages.getByRole("link", { name: "Next" }).click();
    // Each turn waits for its page: a Next clicked while the last one still loaded skipped a page.
    await expect(pages).toContainText(`Page ${shown + 1} of`);
  }
  await expect(kettleRow).toContainText("Changed");
  await expect(kettleRow).toContainText("Price");
  await page.getByRole("button", { name: "Import 3 products" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByText(/Imported 3 products: 1 new, 2 changed, \d+ unchanged\./)).toBeVisible();

  // The shop shows them.
  await page.goto(`/shop/product/${kettle.id}`);
  await expect(page.getByText("$21.00").first()).toBeVisible();
  await page.goto(`/shop/product/${toaster.id}`);
  await expect(page.getByText("$29.99").first()).toBeVisible();
  const mixer = db
    .select()
    .from(products)
    .where(eq(products.title, `Mixer ${word}`))
    .get()!;
  expect(mixer.isHidden).toBe(false);
  await page.goto(`/shop/product/${mixer.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Mixer ${word}` })).toBeVisible();
  await expect(page.getByText("$89.00").first()).toBeVisible();

  // Exported again and imported: nothing changes.
  const again = await exportProducts(page);
  await uploadForPreview(page, writeCsv("again.csv", again), javaScriptEnabled);
  await expect(page.getByTestId("import-counts")).toHaveText(
    `0 new products, 0 changed products, ${rowsOf(again).length.toLocaleString("en-US")} unchanged products.`,
  );
  expect(await exportProducts(page)).toBe(again);
});

test("a file with a bad row shows the row, the column and the reason, links to its page, and offers no import", async ({
  page,
  javaScriptEnabled,
}) => {
  await loginAsAdmin(page);
  // 55 good rows, then the bad one: row 57 of the file (after the header), on the preview's second page.
  const good = Array.from({ length: 55 }, (_, n) => `Good lamp ${n + 1},Open box,Tools,10\r\n`).join("");
  const file = writeCsv("bad.csv", `Title,Description,Category,Price\r\n${good}Bad lamp,Open box,Nowhere,19.999\r\n`);
  await uploadForPreview(page, file, javaScriptEnabled);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("2 errors in 1 row");
  await expect(alert).toContainText("See row 57 (page 2).");
  await alert.getByRole("link", { name: "row 57 (page 2)" }).click();
  await expect(page).toHaveURL(/page=2.*#row-57$/);
  const row = page.getByRole("row").filter({ hasText: "Error" });
  await expect(row).toHaveAttribute("id", "row-57");
  await expect(row).toBeInViewport();
  await expect(row).toContainText("57");
  await expect(row).toContainText("Category: Please select a product category");
  await expect(row).toContainText("Price: must have at most 2 decimal places");
  await expect(page.getByRole("button", { name: /^Import / })).toHaveCount(0);
});

test("a file that is not CSV text is refused on the upload form", async ({ page }) => {
  await loginAsAdmin(page);
  const file = writeCsv("photo.csv", "");
  fs.writeFileSync(
    file,
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  await page.goto("/admin/products/import");
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("alert")).toHaveText("The file is not a CSV text file: it holds binary data.");
});
