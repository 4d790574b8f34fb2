// `node --import tsx bench/cpu-cost.ts`: the server's own CPU time per response, read from
// /proc/<pid>/stat before and after a fixed number of requests. Unlike requests per second, it
// barely moves when other processes share the cores, so a before/after comparison holds on a busy
// machine. BENCH_APP_DIR measures another checkout; CPU_COST_REQUESTS sets the count (default 400).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import readline from "node:readline";
import autocannon from "autocannon";
import { migrateDatabase, openDatabase } from "../app/platform/db/db.server.ts";
import { LocalDiskStorage } from "../app/platform/files/storage.server.ts";
import { seedCategories } from "../app/seed/seed.server.ts";
import { freePort, startProductionServer } from "../scripts/server-process.ts";
import { newUrlEachRequest } from "./new-url-each-request.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";
import { processCpuMs } from "../scripts/process-usage.ts";

const REQUESTS = Number(process.env.CPU_COST_REQUESTS ?? 400);
const APP_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : undefined;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cpu-cost-"));
const db = openDatabase(path.join(dataDir, "shop.db"));
migrateDatabase(db);
seedCategories(db);
const ids = await seedLargeCatalogue(db, 1_000, new LocalDiskStorage(path.join(dataDir, "uploads")));
db.$client.close();
const shopEnv = { DEMO_DATA: "off", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: "bench-password" };
const server = await startProductionServer(dataDir, shopEnv, { cwd: APP_DIR });
/**
 * The "rendered anew" rows' own server on the same data: CACHE_MEMORY_MB=0 turns the page cache and the
 * render memo off, so every response is rendered (see bench/new-url-each-request.ts for why both that and
 * a new URL). Started at the first such row.
 */
let rendering: Awaited<ReturnType<typeof startProductionServer>> | undefined;
const browser = { "Accept-Encoding": "gzip, deflate, br" };
// "with a cookie": past the page cache, the loaders run and the render memo responds (decision 029);
// "rendered anew": a server with both caches off and a URL never asked before, so each response is rendered.
const rows: [string, string, Record<string, string>, { newUrl?: boolean }?][] = [
  ["/ with a cookie", "/", { ...browser, Cookie: "bench=render" }],
  ["/shop with a cookie", "/shop", { ...browser, Cookie: "bench=render" }],
  ["/shop with a cookie (no enc.)", "/shop", { Cookie: "bench=render" }],
  ["/ rendered anew", "/", { ...browser, Cookie: "bench=render" }, { newUrl: true }],
  ["/shop rendered anew", "/shop", { ...browser, Cookie: "bench=render" }, { newUrl: true }],
  ["/shop rendered anew (no enc.)", "/shop", { Cookie: "bench=render" }, { newUrl: true }],
  ["product page rendered anew", `/shop/product/${ids[500]}`, { ...browser, Cookie: "bench=render" }, { newUrl: true }],
  ["/track fresh (no encoding)", "/track", { Cookie: "bench=render" }],
  ["/healthz (no encoding)", "/healthz", { Cookie: "bench=render" }],
  ["/robots.txt (no encoding)", "/robots.txt", { Cookie: "bench=render" }],
  ["product page with a cookie", `/shop/product/${ids[500]}`, { ...browser, Cookie: "bench=render" }],
  ["/shop cached (br)", "/shop", browser],
  ["/shop cached (no encoding)", "/shop", {}],
];
/** CPU_COST_ROWS="/shop rendered anew,product page with a cookie" measures only those rows (a quicker look). */
const only = process.env.CPU_COST_ROWS?.split(",");
async function measure(
  name: string,
  base: string,
  pid: number,
  url: string,
  headers: Record<string, string>,
  { newUrl = false }: { newUrl?: boolean } = {},
) {
  const options = newUrl ? { url: base, headers, ...newUrlEachRequest(url) } : { url: base + url, headers };
  await autocannon({ ...options, connections: 10, amount: 100 });
  const before = processCpuMs(pid);
  const result = await autocannon({ ...options, connections: 10, amount: REQUESTS });
  const used = processCpuMs(pid) - before;
  console.log(
    `${name.padEnd(28)} ${(used / result.requests.total).toFixed(2)} ms CPU per response (${result.requests.total} responses, ${result.non2xx} not 2xx)`,
  );
}

let shopHtml = "";
try {
  for (const [name, url, headers, options] of rows) {
    if (only && !only.includes(name)) continue;
    if (options?.newUrl) {
      rendering ??= await startProductionServer(dataDir, { ...shopEnv, CACHE_MEMORY_MB: "0" }, { cwd: APP_DIR });
      await measure(name, rendering.base, rendering.pid, url, headers, options);
    } else await measure(name, server.base, server.pid, url, headers, options);
  }
  shopHtml = await (await fetch(`${server.base}/shop`)).text();
} finally {
  await rendering?.stop();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The same /shop HTML from a bare node:http server in its own process: the ceiling, in CPU per response.
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-cpu-static-")), "page.html");
fs.writeFileSync(file, shopHtml);
const port = await freePort();
const ceiling = spawn("node", ["--import", "tsx", "bench/static-server.ts", file, String(port)], {
  stdio: ["ignore", "pipe", "inherit"],
});
for await (const line of readline.createInterface({ input: ceiling.stdout })) if (line === "ready") break;
await measure("/shop static ceiling", `http://127.0.0.1:${port}`, ceiling.pid!, "/", {});
ceiling.kill("SIGTERM");
fs.rmSync(path.dirname(file), { recursive: true, force: true });
