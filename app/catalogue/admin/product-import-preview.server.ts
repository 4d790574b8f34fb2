import { catalogueVersion } from "~/platform/db/catalogue-version.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import {
  discardKeptUpload,
  KeptUploadRefused,
  keptUploadPath,
  receiveKeptUpload,
  sweepKeptUploads,
} from "~/platform/files/kept-upload.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import type { Actor } from "~/platform/activity/activity-log.server.ts";
import { IMPORT_PAGE } from "./import-page.ts";
import type { ImageUrl } from "./product-csv.server.ts";
import {
  IMPORT_TOO_LARGE,
  ImportFileRefused,
  type ImportDifference,
  type ImportOutcome,
  importProducts,
  importUploadDir,
  MAX_IMPORT_BYTES,
} from "./product-import.server.ts";

/**
 * The import page's preview (decision 040): the uploaded file waits under DATA_DIR/imports for an
 * hour under a random token; its dry run is kept in memory for the pages of the preview while the
 * catalogue has not changed since, and run again otherwise. 'Import N products' always runs anew.
 */
export const IMPORT_KEPT_MS = 60 * 60 * 1000;
export const PREVIEW_PAGE_SIZE = 50;
/** How many rows with errors the preview's summary names (a file with more says how many more). */
const FIRST_REFUSED_SHOWN = 10;

type Kept = { version: string; outcome: ImportOutcome; name: string };
const previews = new Map<string, Kept>();
const MAX_PREVIEWS = 10;

export function forgetPreview(token: string) {
  previews.delete(token);
}

/** The dry run of a kept upload, or null when the token names none (expired, imported, made up). */
export async function previewImport(
  db: Db,
  storage: Storage,
  token: string,
  options: { actor: Actor; imageUrl: ImageUrl; name?: string },
): Promise<(Kept & { token: string }) | null> {
  const file = keptUploadPath(importUploadDir(db), token);
  if (!file) {
    forgetPreview(token);
    return null;
  }
  const kept = previews.get(token);
  if (kept && kept.version === catalogueVersion(db)) return { ...kept, token };
  const outcome = await importProducts(db, storage, file, { commit: false, ...options });
  // After the dry run: its rolled-back writes moved the version too.
  const fresh = { version: catalogueVersion(db), outcome, name: options.name ?? kept?.name ?? "" };
  previews.delete(token);
  previews.set(token, fresh);
  while (previews.size > MAX_PREVIEWS) previews.delete(previews.keys().next().value!);
  return { ...fresh, token };
}

export type PreviewLine = {
  row: number;
  action: ImportOutcome["rows"][number]["action"] | null;
  title: string;
  id: number | null;
  differences: ImportDifference[];
  warnings: string[];
  errors: { column: string | null; message: string }[];
};

/** How much of a long cell (a description) the preview shows of its before and after. */
const SHOWN_CHARS = 120;
const shown = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text);

/** The first lines that `has` picks, each with the page of the preview it is on. */
function firstRowsWith(all: PreviewLine[], has: (line: PreviewLine) => boolean) {
  return all
    .map((line, index) => ({ line, page: Math.floor(index / PREVIEW_PAGE_SIZE) + 1 }))
    .filter(({ line }) => has(line))
    .slice(0, FIRST_REFUSED_SHOWN)
    .map(({ line, page }) => ({ row: line.row, page }));
}

/** One page of the preview: every row with its action or its errors, in file order. */
export function previewPage(outcome: ImportOutcome, page: number) {
  const lines = new Map<number, PreviewLine>();
  for (const { row, action, title, id, differences, warnings } of outcome.rows) {
    const cut = differences.map(({ field, before, after }) => ({ field, before: shown(before), after: shown(after) }));
    lines.set(row, { row, action, title, id, differences: cut, warnings, errors: [] });
  }
  for (const { row, column, message } of outcome.errors) {
    const title = outcome.refusedTitles.get(row) ?? "";
    const line = lines.get(row) ?? { row, action: null, title, id: null, differences: [], warnings: [], errors: [] };
    line.errors.push({ column, message });
    lines.set(row, line);
  }
  const all = [...lines.values()].sort((a, b) => a.row - b.row);
  const pages = Math.max(1, Math.ceil(all.length / PREVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return {
    lines: all.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE),
    page: current,
    pages,
    refusedRows: new Set(outcome.errors.map((error) => error.row)).size,
    // The first rows with errors and the page each is on, so the summary can name them and link there.
    firstRefused: firstRowsWith(all, (line) => line.errors.length > 0),
    warnedRows: all.filter((line) => line.warnings.length > 0).length,
    firstWarned: firstRowsWith(all, (line) => line.warnings.length > 0),
  };
}

/**
 * The upload of the import page (its form, and the enhanced form's own request, which reports
 * progress): the file is kept and checked (its dry run), and the answer is where its preview is,
 * or why the file as a whole was refused (400 or 413), keeping nothing.
 */
export async function keepImportUpload(
  request: Request,
  db: Db,
  storage: Storage,
  options: { actor: Actor; imageUrl: ImageUrl },
): Promise<{ location: string } | { status: number; error: string }> {
  const dir = importUploadDir(db);
  await sweepKeptUploads(dir, IMPORT_KEPT_MS);
  let upload;
  try {
    upload = await receiveKeptUpload(request, {
      dir,
      field: "file",
      maxBytes: MAX_IMPORT_BYTES,
      tooLarge: IMPORT_TOO_LARGE,
    });
  } catch (error) {
    if (error instanceof KeptUploadRefused) return { status: error.status, error: error.message };
    throw error;
  }
  if (!upload.token || !upload.file) return { status: 400, error: "Please choose a CSV file" };
  try {
    await previewImport(db, storage, upload.token, { ...options, name: upload.name });
  } catch (error) {
    await discardKeptUpload(upload.file);
    if (error instanceof ImportFileRefused) return { status: error.status, error: error.message };
    throw error;
  }
  return { location: `${IMPORT_PAGE}?token=${upload.token}` };
}
