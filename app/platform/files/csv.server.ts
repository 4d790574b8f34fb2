import { stringify } from "csv-stringify";

/**
 * A spreadsheet runs a cell that begins with one of these as a formula (CSV injection: a customer
 * named `=HYPERLINK(…)`). A leading apostrophe makes it plain text; tab and carriage return count
 * too, since some spreadsheets skip them before looking for `=`.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value that already starts with apostrophes before such a character gets one more, so a reader
 * that removes one apostrophe (the products import) gets back exactly what was stored.
 */
const NEUTRALISED_START = /^'*[=+\-@\t\r]/;

export function neutraliseFormula(value: string) {
  return NEUTRALISED_START.test(value) ? `'${value}` : value;
}

export type CsvColumn<Row> = { key: keyof Row & string; header: string };

/** Rows written to the stringifier per turn of the event loop: other requests run in between. */
const ROWS_PER_TURN = 250;

/**
 * A CSV download streamed from an iterator: rows are read only as the client takes them (after
 * `untilClientCatchesUp`), so an export of any size holds a few hundred rows in memory, and the
 * iterator is closed (its generator's `finally` runs) when the download ends or the client goes.
 * UTF-8 with a BOM, so a spreadsheet reads Arabic names as Arabic, and CRLF rows (RFC 4180).
 */
export function csvResponse<Row extends Record<string, unknown>>(
  rows: Iterator<Row>,
  options: {
    columns: CsvColumn<Row>[];
    filename: string;
    signal?: AbortSignal;
    untilClientCatchesUp?: () => Promise<void>;
  },
) {
  const stringifier = stringify({
    bom: true,
    header: true,
    record_delimiter: "windows",
    columns: options.columns,
    cast: { string: neutraliseFormula },
  });
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    rows.return?.();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stringifier.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      stringifier.on("end", () => controller.close());
      stringifier.on("error", (error) => {
        finish();
        controller.error(error);
      });
    },
    async pull(controller) {
      if (finished) return;
      await options.untilClientCatchesUp?.();
      // The client went away: read no further rows.
      if (options.signal?.aborted) {
        finish();
        stringifier.destroy();
        controller.close();
        return;
      }
      try {
        for (let count = 0; count < ROWS_PER_TURN; count++) {
          const next = rows.next();
          if (next.done) {
            finish();
            stringifier.end();
            return;
          }
          stringifier.write(next.value);
        }
      } catch (error) {
        finish();
        stringifier.destroy(error as Error);
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
    cancel() {
      finish();
      stringifier.destroy();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${options.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
