import { useNavigate } from "@remix-run/react";
import { useMemo, useState, type FormEvent } from "react";
import { FormErrors } from "~/ui/field.tsx";
import { Button } from "~/ui/button.tsx";
import { uploadImportFile } from "~/catalogue/admin/upload-import.client.ts";

type Progress = { phase: "idle" } | { phase: "uploading"; percent: number } | { phase: "checking" };

/**
 * The import's upload form: a plain multipart POST to the page without JavaScript; with it, the file
 * goes to the page's upload call with its progress shown, then on to the preview.
 */
export function ImportUploadForm({ action, error }: { action: string; error: string | null }) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<Progress>({ phase: "idle" });
  // A new array per refusal, so the same refusal twice is brought into view twice.
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const fromPage = useMemo(() => (error ? [error] : null), [error]);
  const shown = refusal ?? fromPage;

  async function submit(event: FormEvent<HTMLFormElement>) {
    const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement).files?.[0];
    if (!file) return;
    event.preventDefault();
    setRefusal(null);
    setProgress({ phase: "uploading", percent: 0 });
    const outcome = await uploadImportFile(`${action}/upload`, file, (percent) =>
      setProgress(percent < 100 ? { phase: "uploading", percent } : { phase: "checking" }),
    );
    if ("location" in outcome) return navigate(outcome.location);
    setProgress({ phase: "idle" });
    setRefusal([outcome.error]);
  }

  const busy = progress.phase !== "idle";
  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={action}
      onSubmit={submit}
      className="flex max-w-2xl flex-col gap-3 rounded-card border border-slate-200 bg-white p-4"
    >
      <p className="text-sm text-slate-700">
        A CSV file in the format of the Products page&apos;s{" "}
        <a href="/admin/products.csv" className="text-brand-700 underline">
          Export CSV
        </a>
        , at most 5 MB and 5,000 rows. Rows with an <code>_id</code> update that product; rows without one are new.
        Nothing is written until you have seen the preview and chosen to import.
      </p>
      <label htmlFor="import-file" className="font-semibold">
        CSV file
      </label>
      <input
        id="import-file"
        name="file"
        type="file"
        accept=".csv,text/csv"
        required
        aria-describedby={shown ? "import-error" : undefined}
        className="min-h-11 text-sm"
      />
      <FormErrors
        id="import-error"
        errors={shown}
        tone="warning"
        className="rounded-md px-3 py-2 text-sm font-medium"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={busy}>
          Upload and preview
        </Button>
        {busy ? (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <progress
              max={100}
              value={progress.phase === "uploading" ? progress.percent : undefined}
              aria-label="Import progress"
              className="h-2 w-40"
            />
            {progress.phase === "uploading" ? `Uploading… ${progress.percent}%` : "Checking every row…"}
          </div>
        ) : null}
      </div>
    </form>
  );
}
