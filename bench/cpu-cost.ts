// `node --import tsx bench/cpu-cost.ts`: the server's own CPU time per answer, read from
// /proc/<pid>/stat before and after a fixed number of requests. Unlike requests per second, it
// barely moves when other processes share the cores, so a before/after comparison holds on a busy
// machine. BENCH_APP_DIR measures another checkout; CPU_COST_REQUESTS sets the count (default 400).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import readline from "node:readline";
import autocannon from "autocannon";
import { migrateDatabase, openDatabase } from "../app/lib/db.server.ts";
import { LocalDiskStorage } from "../app/lib/storage.server.ts";
import { seedCategories } from "../db/seed.ts";
import { freePort, startProductionServer } from "../scripts/server-process.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";

const REQUESTS = Number(process.env.CPU_COST_REQUESTS ?? 400);
const APP_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : undefined;
const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

/** The server process's user + system CPU so far, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cpu-cost-"));
const db = openDatabase(path.join(dataDir, "shop.db"));
migrateDatabase(db);
seedCategories(db);
const ids = await seedLargeCatalogue(db, 1_000, new LocalDiskStorage(path.join(dataDir, "uploads")));
db.$client.close();
const server = await startProductionServer(
  dataDir,
  { DEMO_DATA: "off", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: "bench-password" },
  { cwd: APP_DIR },
);
const browser = { "Accept-Encoding": "gzip, deflate, br" };
const rows: [string, string, Record<string, string>][] = [
  ["/ fresh", "/", { ...browser, Cookie: "bench=render" }],
  ["/shop fresh", "/shop", { ...browser, Cookie: "bench=render" }],
  ["/shop fresh (no encoding)", "/shop", { Cookie: "bench=render" }],
  ["/track fresh (no encoding)", "/track", { Cookie: "bench=render" }],
  ["/healthz (no encoding)", "/healthz", { Cookie: "bench=render" }],
  ["/robots.txt (no encoding)", "/robots.txt", { Cookie: "bench=render" }],
  ["product page fresh", `/shop/product/${ids[500]}`, { ...browser, Cookie: "bench=render" }],
  ["/shop cached (br)", "/shop", browser],
  ["/shop cached (no encoding)", "/shop", {}],
];
/** CPU_COST_ROWS="/shop fresh (no encoding),product page fresh" measures only those rows (a quicker look). */
const only = process.env.CPU_COST_ROWS?.split(",");
async function measure(name: string, base: string, pid: number, url: string, headers: Record<string, string>) {
  await autocannon({ url: base + url, connections: 10, amount: 100, headers });
  const before = cpuMs(pid);
  const result = await autocannon({ url: base + url, connections: 10, amount: REQUESTS, headers });
  const used = cpuMs(pid) - before;
  console.log(
    `${name.padEnd(28)} ${(used / result.requests.total).toFixed(2)} ms CPU per answer (${result.requests.total} answers, ${result.non2xx} not 2xx)`,
  );
}

let shopHtml = "";
try {
  for (const [name, url, headers] of rows)
    if (!only || only.includes(name)) await measure(name, server.base, server.pid, url, headers);
  shopHtml = await (await fetch(`${server.base}/shop`)).text();
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The same /shop HTML from a bare node:http server in its own process: the ceiling, in CPU per answer.
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
