import fs from "node:fs";
import { pipeline, Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";

/** A file that cannot be read as the CSV asked for; `status` 413 when it is too large, else 400. */
export class CsvFileRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** A record and its row number in the file, the header being row 1. */
export type CsvRecord = { row: number; cells: string[] };

const NOT_UTF8 = "The file is not UTF-8 text. Save it from the spreadsheet as “CSV UTF-8” and try again.";
const BINARY = "The file is not a CSV text file: it holds binary data.";

/** The file's bytes as UTF-8 text, refusing binary data (a NUL byte) and anything that is not UTF-8. */
async function* utf8Text(file: string) {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    if (chunk.includes(0)) throw new CsvFileRefused(400, BINARY);
    try {
      yield decoder.decode(chunk, { stream: true });
    } catch {
      throw new CsvFileRefused(400, NOT_UTF8);
    }
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new CsvFileRefused(400, NOT_UTF8);
  }
}

function parseRefusal(error: unknown, row: number, columns: number): CsvFileRefused {
  if (error instanceof CsvFileRefused) return error;
  if (!(error instanceof CsvError)) throw error;
  const record = error as CsvError & { record?: unknown[] };
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return new CsvFileRefused(400, `Row ${row}: a quoted field is never closed (a " without its closing ").`);
    case "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH":
      return new CsvFileRefused(
        400,
        `Row ${row} has ${(record.record?.length ?? 0).toLocaleString("en-US")} columns; the header has ${columns}.`,
      );
    case "CSV_MAX_RECORD_SIZE":
      return new CsvFileRefused(400, `Row ${row} is too long to be a product.`);
    default:
      return new CsvFileRefused(400, `Row ${row} cannot be read as CSV: ${error.message}`);
  }
}

/**
 * Reads a CSV file with csv-parse as a stream (with or without a byte-order mark): the header and
 * at most `maxRows` records below it, each as many cells as the header. Refuses (CsvFileRefused,
 * nothing read further) binary or non-UTF-8 files, an unclosed quote, a row with another number of
 * columns, a header wider than `maxColumns`, and more than `maxRows` rows (413).
 */
export async function readCsvFile(
  file: string,
  limits: { maxRows: number; maxColumns: number; maxRecordChars: number },
): Promise<{ header: string[]; records: CsvRecord[] }> {
  const parser = parse({ bom: true, skip_empty_lines: true, max_record_size: limits.maxRecordChars });
  const records = pipeline(Readable.from(utf8Text(file)), parser, () => {}) as AsyncIterable<string[]>;
  let header: string[] | null = null;
  const rows: CsvRecord[] = [];
  let row = 1;
  try {
    for await (const cells of records) {
      if (header === null) {
        header = cells;
        if (header.length > limits.maxColumns)
          throw new CsvFileRefused(
            400,
            `The header has ${header.length.toLocaleString("en-US")} columns; at most ${limits.maxColumns} are known.`,
          );
        continue;
      }
      row += 1;
      if (rows.length === limits.maxRows)
        throw new CsvFileRefused(
          413,
          `The file has more than ${limits.maxRows.toLocaleString("en-US")} rows: import at most ${limits.maxRows.toLocaleString("en-US")} at a time.`,
        );
      rows.push({ row, cells });
    }
  } catch (error) {
    parser.destroy();
    throw parseRefusal(error, header === null ? 1 : row + 1, header?.length ?? 0);
  }
  if (header === null) throw new CsvFileRefused(400, "The file is empty.");
  return { header, records: rows };
}
