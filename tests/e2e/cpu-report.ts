import fs from "node:fs";
import path from "node:path";

/**
 * Sums the per-test CPU lines an E2E_CPU=on run wrote (tests/e2e/fixtures.ts): per spec file and
 * the costliest tests, in CPU-seconds (worker + Chromium + server). `npx tsx tests/e2e/cpu-report.ts [dir]`.
 */
type Line = { file?: string; title?: string; project?: string; worker?: boolean; status?: string } & Record<
  "total" | "server" | "chromium",
  number
> & { seconds?: number };

const dir = process.argv[2] ?? "test-results/cpu";
const lines: Line[] = fs
  .readdirSync(dir)
  .flatMap((name) => fs.readFileSync(path.join(dir, name), "utf8").trim().split("\n"))
  .filter(Boolean)
  .map((text) => JSON.parse(text) as Line);
const tests = lines.filter((line) => !line.worker);
const workers = lines.filter((line) => line.worker);
const round = (n: number) => n.toFixed(1);
const sum = (rows: Line[], key: "total" | "server" | "chromium") => rows.reduce((total, row) => total + row[key], 0);
const byFile = new Map<string, Line[]>();
for (const line of tests) byFile.set(line.file!, [...(byFile.get(line.file!) ?? []), line]);
console.log("spec                                   runs  total chromium server");
for (const [file, rows] of [...byFile].sort((a, b) => sum(b[1], "total") - sum(a[1], "total")))
  console.log(
    `${file.padEnd(38)} ${String(rows.length).padStart(4)} ${round(sum(rows, "total")).padStart(6)} ${round(sum(rows, "chromium")).padStart(8)} ${round(sum(rows, "server")).padStart(6)}`,
  );
console.log(
  `tests ${tests.length}: ${round(sum(tests, "total"))} CPU-s (Chromium ${round(sum(tests, "chromium"))}, server ${round(sum(tests, "server"))}); workers' whole trees ${round(sum(workers, "total"))}`,
);
console.log("\ncostliest tests:");
for (const line of [...tests].sort((a, b) => b.total - a.total).slice(0, Number(process.env.TOP ?? 25)))
  console.log(`${round(line.total).padStart(6)} ${line.project} ${line.file} › ${line.title} (${line.status})`);
