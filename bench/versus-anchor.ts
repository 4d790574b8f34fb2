// `node --import tsx bench/versus-anchor.ts`: our pages rendered anew against the plain Remix app's
// `/shop` (../shared/bench/anchor-remix, set up as its README says; ANCHOR_DIR, default /tmp/anchor-remix),
// in the same run, alternated, VERSUS_ROUNDS rounds (default 9) after VERSUS_WARM_UP requests a row, each the server's own CPU per response
// read from /proc (see bench/cpu-cost.ts). BENCH_APP_DIR adds another checkout of ours (a before/after
// comparison in the same run). No Accept-Encoding, as the anchor's README measures: neither compresses.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { migrateDatabase, openDatabase } from "../app/platform/db/db.server.ts";
import { LocalDiskStorage } from "../app/platform/files/storage.server.ts";
import { seedCategories } from "../app/seed/seed.server.ts";
import { startAnchorApp, startProductionServer } from "../scripts/server-process.ts";
import { newUrlEachRequest } from "./new-url-each-request.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";
import { processCpuMs } from "../scripts/process-usage.ts";

const REQUESTS = Number(process.env.CPU_COST_REQUESTS ?? 400);
const ROUNDS = Number(process.env.VERSUS_ROUNDS ?? 9);
// Requests each row is asked before the first round: until V8 has compiled the hot paths, a server's
// first rounds cost up to twice its later ones (seen on both apps), which would count into the medians.
const WARM_UP = Number(process.env.VERSUS_WARM_UP ?? 1_000);
const ANCHOR_DIR = path.resolve(process.env.ANCHOR_DIR ?? "/tmp/anchor-remix");
const OTHER_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : undefined;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-versus-"));
const db = openDatabase(path.join(dataDir, "shop.db"));
migrateDatabase(db);
seedCategories(db);
const ids = await seedLargeCatalogue(db, 1_000, new LocalDiskStorage(path.join(dataDir, "uploads")));
db.$client.close();
const env = { DEMO_DATA: "off", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: "bench-password", CACHE_MEMORY_MB: "0" };
const product = `/shop/product/${ids[500]}`;
const ours = await startProductionServer(dataDir, env);
const other = OTHER_DIR ? await startProductionServer(dataDir, env, { cwd: OTHER_DIR }) : undefined;
const anchor = await startAnchorApp(ANCHOR_DIR);

type Row = { name: string; base: string; pid: number; url: string; newUrl: boolean };
const rows: Row[] = [
  { name: "plain Remix /shop", base: anchor.base, pid: anchor.pid, url: "/shop", newUrl: false },
  { name: "ours /shop anew", base: ours.base, pid: ours.pid, url: "/shop", newUrl: true },
  { name: "ours product anew", base: ours.base, pid: ours.pid, url: product, newUrl: true },
  { name: "ours /ar/shop anew", base: ours.base, pid: ours.pid, url: "/ar/shop", newUrl: true },
  ...(other
    ? [
        { name: "other /shop anew", base: other.base, pid: other.pid, url: "/shop", newUrl: true },
        { name: "other product anew", base: other.base, pid: other.pid, url: product, newUrl: true },
      ]
    : []),
];
const only = process.env.VERSUS_ROWS?.split(",");
const measured = rows.filter((row) => !only || only.includes(row.name) || row.name === "plain Remix /shop");

async function measure(row: Row) {
  const headers = { Cookie: "bench=render" };
  const options = row.newUrl
    ? { url: row.base, headers, ...newUrlEachRequest(row.url) }
    : { url: row.base + row.url, headers };
  await autocannon({ ...options, connections: 10, amount: 100 });
  const before = processCpuMs(row.pid);
  const result = await autocannon({ ...options, connections: 10, amount: REQUESTS });
  return (processCpuMs(row.pid) - before) / result.requests.total;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  for (const row of measured) {
    const html = await (await fetch(row.base + row.url, { headers: { Cookie: "bench=render" } })).text();
    console.log(`${row.name.padEnd(20)} HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`);
  }
  for (const row of measured) {
    const options = row.newUrl ? { url: row.base, ...newUrlEachRequest(row.url) } : { url: row.base + row.url };
    await autocannon({ ...options, headers: { Cookie: "bench=render" }, connections: 10, amount: WARM_UP });
  }
  const results = new Map<string, number[]>(measured.map((row) => [row.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Alternated: each round in the other order, so a burst of load elsewhere falls on both.
    const order = round % 2 ? [...measured].reverse() : measured;
    for (const row of order) results.get(row.name)!.push(await measure(row));
    console.log(
      `round ${round + 1}: ` +
        measured.map((row) => `${row.name} ${results.get(row.name)!.at(-1)!.toFixed(2)}`).join(", "),
    );
  }
  const anchorMedian = median(results.get("plain Remix /shop")!);
  console.log("| page | per round (ms CPU per response) | median | against plain Remix /shop |\n|---|---|---|---|");
  for (const row of measured) {
    const values = results.get(row.name)!;
    console.log(
      `| ${row.name} | ${values.map((value) => value.toFixed(2)).join(" / ")} | ${median(values).toFixed(2)} | ${(median(values) / anchorMedian).toFixed(2)}× |`,
    );
  }
} finally {
  anchor.stop();
  await other?.stop();
  await ours.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
