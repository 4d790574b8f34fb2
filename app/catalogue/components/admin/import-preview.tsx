import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { Button, buttonClass } from "~/ui/button.tsx";
import { Pager } from "~/ui/pager.tsx";

type Line = {
  row: number;
  action: "new" | "changed" | "unchanged" | null;
  title: string;
  id: number | null;
  differences: { field: string; before: string; after: string }[];
  warnings: string[];
  errors: { column: string | null; message: string }[];
};

export type ImportPreviewData = {
  token: string;
  name: string;
  counts: { new: number; changed: number; unchanged: number };
  toImport: number;
  errorCount: number;
  refusedRows: number;
  /** The first rows with errors, each with the page of the preview it is on. */
  firstRefused: { row: number; page: number }[];
  /** Rows imported all the same that the owner should look at (a title the shop has already). */
  warnedRows: number;
  firstWarned: { row: number; page: number }[];
  lines: Line[];
  page: number;
  pages: number;
};

const RESULT = { new: "New", changed: "Changed", unchanged: "Unchanged" } as const;
const RESULT_CLASS = {
  new: "bg-brand-50 text-brand-800",
  changed: "bg-warning-50 text-warning-700",
  unchanged: "bg-slate-100 text-slate-700",
} as const;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/**
 * 'See row 7 (page 2), row 12': each row with errors a link to it, on whichever page of the
 * preview it is (the page's other parameters, such as the token, kept).
 */
function RowLinks({ rows, more }: { rows: { row: number; page: number }[]; more: number }) {
  const [searchParams] = useSearchParams();
  const rowHref = ({ row, page }: { row: number; page: number }) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(page));
    return `?${params.toString()}#row-${row}`;
  };
  const pages = new Set(rows.map((row) => row.page));
  return (
    <>
      {rows.length === 1 ? "See " : "See rows "}
      {rows.map((row, index) => (
        <span key={row.row}>
          {index > 0 ? ", " : null}
          <Link to={rowHref(row)} className="font-semibold underline underline-offset-2">
            {rows.length === 1 ? `row ${row.row}` : row.row}
            {pages.size > 1 || row.page > 1 ? ` (page ${row.page})` : ""}
          </Link>
        </span>
      ))}
      {more > 0 ? ` and ${plural(more, "more row")}` : ""}.
    </>
  );
}

/** A row's warnings and each changed field with its value before and after. */
function LineDetails({ line }: { line: Line }) {
  if (!line.warnings.length && !line.differences.length) return null;
  return (
    <div className="flex flex-col gap-1">
      {line.warnings.map((warning, index) => (
        <p key={index} className="font-semibold text-warning-700">
          {warning}
        </p>
      ))}
      {line.differences.length ? (
        <dl className="flex flex-col gap-1">
          {line.differences.map(({ field, before, after }) => (
            <div key={field}>
              <dt className="font-semibold">{field}</dt>
              <dd className="break-words">
                <span className="sr-only">from </span>
                <del className="text-slate-600">{before || "(empty)"}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> to </span>
                <ins className="no-underline">{after || "(empty)"}</ins>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** The import's preview: what each row would do, every error with its row and column, and 'Import N products'. */
export function ImportPreview({ preview, path }: { preview: ImportPreviewData; path: string }) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formAction === path;
  const { counts } = preview;
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="import-summary" className="rounded-card border border-slate-200 bg-white p-4">
        <h2 id="import-summary" className="font-semibold">
          Preview{preview.name ? ` of ${preview.name}` : ""}
        </h2>
        <p className="mt-1" data-testid="import-counts">
          {plural(counts.new, "new product")}, {plural(counts.changed, "changed product")},{" "}
          {plural(counts.unchanged, "unchanged product")}
          {preview.refusedRows ? `, ${plural(preview.refusedRows, "row")} with errors` : ""}.
        </p>
        {preview.warnedRows ? (
          <p className="mt-3 rounded-md border-l-4 border-warning-700 bg-warning-50 px-3 py-2 text-sm">
            {plural(preview.warnedRows, "new row")} {preview.warnedRows === 1 ? "has a title" : "have titles"} that a
            product or an earlier row has already: each is imported as another product.{" "}
            <RowLinks rows={preview.firstWarned} more={preview.warnedRows - preview.firstWarned.length} />
          </p>
        ) : null}
        {preview.refusedRows ? (
          <p role="alert" className="mt-3 rounded-md border-l-4 border-danger-700 bg-red-50 px-3 py-2 text-sm">
            {plural(preview.errorCount, "error")} in {plural(preview.refusedRows, "row")}: nothing can be imported until
            they are fixed. Correct the file and upload it again.{" "}
            <RowLinks rows={preview.firstRefused} more={preview.refusedRows - preview.firstRefused.length} />
          </p>
        ) : preview.toImport === 0 ? (
          <p className="mt-3 text-sm text-slate-700">Nothing to import: every product in the file is unchanged.</p>
        ) : (
          <Form method="post" action={path} className="mt-3 flex flex-wrap items-center gap-3">
            <input type="hidden" name="token" value={preview.token} />
            <Button type="submit" pending={importing}>
              Import {plural(preview.toImport, "product")}
            </Button>
            {importing ? (
              <span role="status" className="flex items-center gap-2 text-sm text-slate-700">
                <progress aria-label="Import progress" className="h-2 w-40" />
                Writing every row…
              </span>
            ) : null}
          </Form>
        )}
        <Link to={path} className={buttonClass("secondary", "sm", "mt-3 min-h-11")}>
          Choose another file
        </Link>
      </section>
      <div className="relative overflow-x-auto rounded-card border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of the file</caption>
          <thead className="bg-slate-50">
            {/* On a phone each row is a grid: row, product and result on a line, the details under them. */}
            <tr className="max-sm:grid max-sm:grid-cols-[3rem_minmax(0,1fr)_auto]">
              <th scope="col" className="px-2 py-2">
                Row
              </th>
              <th scope="col" className="px-2 py-2">
                Product
              </th>
              <th scope="col" className="px-2 py-2">
                Result
              </th>
              <th scope="col" className="px-2 py-2 max-sm:hidden">
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((line) => (
              <tr
                key={line.row}
                id={`row-${line.row}`}
                className="scroll-mt-24 border-t border-slate-200 align-top target:bg-warning-50 max-sm:grid max-sm:grid-cols-[3rem_minmax(0,1fr)_auto]"
              >
                <td className="tabular px-2 py-2">{line.row}</td>
                <td className="px-2 py-2">
                  {line.title || "—"}
                  {line.id !== null ? <span className="block text-xs text-slate-600">ID {line.id}</span> : null}
                </td>
                <td className="px-2 py-2">
                  {line.errors.length ? (
                    <span className="rounded bg-red-50 px-2 py-0.5 font-semibold text-danger-700">Error</span>
                  ) : line.action ? (
                    <span className={`rounded px-2 py-0.5 font-semibold ${RESULT_CLASS[line.action]}`}>
                      {RESULT[line.action]}
                    </span>
                  ) : null}
                </td>
                <td className="px-2 py-2 max-sm:col-span-3 max-sm:pt-0">
                  {line.errors.length ? (
                    <ul className="flex flex-col gap-1 text-danger-700">
                      {line.errors.map((error, index) => (
                        <li key={index}>
                          {error.column ? <strong>{error.column}: </strong> : null}
                          {error.message}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <LineDetails line={line} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager path={path} page={preview.page} pages={preview.pages} />
    </div>
  );
}
