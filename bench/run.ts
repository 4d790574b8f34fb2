// `npm run bench`: load-tests the production server at 1,000, 10,000 and 100,000 products and
// compares each shopper page with a bare Node http server serving a stored copy of the same HTML
// from its own process (bench/static-server.ts). Writes bench/results.md. Traffic goes to
// 127.0.0.1 only, each run bounded in time.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import autocannon from "autocannon";
import { migrateDatabase, openDatabase } from "../app/platform/db/db.server.ts";
import { LocalDiskStorage } from "../app/platform/files/storage.server.ts";
import { seedCategories } from "../app/seed/seed.server.ts";
import { newUrlEachRequest } from "./new-url-each-request.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";
import { freePort, startProductionServer } from "../scripts/server-process.ts";

/** BENCH_SIZES=1000,100000 measures fewer sizes (a quicker look while working). */
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(",").map(Number) : [1_000, 10_000, 100_000];
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/** The latency target (p99 ≤ 100 ms, docs/measured.md) is measured at 20 connections. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** BENCH_APP_DIR=/path/to/other/checkout measures that checkout's server and build (a before/after comparison). */
const APP_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : undefined;
/** BENCH_RESULTS=path writes the table elsewhere (a comparison run should not overwrite bench/results.md). */
const RESULTS_FILE = process.env.BENCH_RESULTS ?? "bench/results.md";

/** Any cookie takes a request past the page cache (a shopper with a cart sends one). */
const WITH_A_COOKIE = "bench=render";

type Result = { name: string; rps: number; p50: number; p99: number; errors: number };

async function load(name: string, options: autocannon.Options): Promise<Result> {
  // A second of warm-up first (V8's compiled code, SQLite's page cache), not counted.
  await autocannon({ connections: CONNECTIONS, duration: 1, ...options });
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors };
}

const shopEnv = {
  DEMO_DATA: "off",
  ADMIN_USERNAME: "bench",
  ADMIN_PASSWORD: "bench-password",
  // The fake-order rate limit off: the order row measures placing orders, not refusing them.
  ORDER_PHONE_LIMIT: "0",
  ORDER_RATE_LIMIT: "0",
};
const serverOptions = {
  cwd: APP_DIR,
  nodeArgs: process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [],
};

async function startShop(size: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-${size}-`));
  const db = openDatabase(path.join(dataDir, "shop.db"));
  migrateDatabase(db);
  seedCategories(db);
  const ids = await seedLargeCatalogue(db, size, new LocalDiskStorage(path.join(dataDir, "uploads")));
  // One product with ample stock for the order benchmark.
  const orderable = ids[1]!;
  db.$client.prepare("update products set stock = 1000000000 where id = ?").run(orderable);
  db.$client.close();
  const server = await startProductionServer(dataDir, shopEnv, serverOptions);
  return { base: server.base, stop: server.stop, dataDir, productId: ids[Math.floor(ids.length / 2)]!, orderable };
}

/** A bare node:http server in its own process serving `html` from memory: the most a page could be served at. */
async function staticCeiling(name: string, html: string): Promise<Result> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-static-")), "page.html");
  fs.writeFileSync(file, html);
  const port = await freePort();
  const child = spawn("node", ["--import", "tsx", "bench/static-server.ts", file, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for await (const line of readline.createInterface({ input: child.stdout! })) if (line === "ready") break;
    return await load(name, { url: `http://127.0.0.1:${port}/` });
  } finally {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const orderBody = (productId: number) =>
  JSON.stringify({
    items: [{ product: String(productId), quantity: 1, size: null }],
    shippingAddress: {
      name: "Bench Shopper",
      email: "bench@example.com",
      phone: "+961 70 000 000",
      address: "Bench street, Beirut",
      city: "Beirut",
      district: "Beirut",
      street: "Bench",
      building: "1",
    },
  });

/** The pages the page cache serves to cookieless visitors; each is also measured fresh and against its own ceiling. */
const CACHED_PAGES = ["/", "/shop", "product page"];

async function benchSize(size: number) {
  const shop = await startShop(size);
  const targets: [string, string][] = [
    ["/", "/"],
    ["/shop", "/shop"],
    ["/shop?category=…", "/shop?category=home-appliances"],
    ["/shop?search=…", "/shop?search=blender"],
    ["product page", `/shop/product/${shop.productId}`],
    ["/api/product/getVisible", "/api/product/getVisible"],
    // A page the query fills at every size (kettle matches 83 of 1,000), so only the catalogue grows.
    ["/api/product/search", "/api/product/search?q=kettle&limit=20"],
  ];
  const urlOf = new Map(targets);
  const results: Result[] = [];
  const pageHtml = new Map<string, string>();
  try {
    // With a cookie the page cache steps aside: each response runs the loaders afresh, and the render
    // memo sends a catalogue page rendered before for the same data. These rows say what a shopper with
    // a cart costs and whether that cost grows with the catalogue.
    for (const [name, url] of targets)
      results.push(await load(name, { url: shop.base + url, headers: { Cookie: WITH_A_COOKIE } }));
    // The same pages each rendered anew, what a render itself costs: a second server on the same data with
    // the page cache and the render memo off (CACHE_MEMORY_MB=0), at a URL never asked before (see
    // bench/new-url-each-request.ts for why both). It runs only for these rows.
    const rendering = await startProductionServer(shop.dataDir, { ...shopEnv, CACHE_MEMORY_MB: "0" }, serverOptions);
    try {
      for (const page of CACHED_PAGES)
        results.push(
          await load(`${page}, rendered anew`, {
            url: rendering.base,
            headers: { Cookie: WITH_A_COOKIE },
            ...newUrlEachRequest(urlOf.get(page)!),
          }),
        );
    } finally {
      await rendering.stop();
    }
    for (const page of CACHED_PAGES) {
      results.push(await load(`${page}, cookieless (page cache)`, { url: shop.base + urlOf.get(page)! }));
      pageHtml.set(page, await (await fetch(shop.base + urlOf.get(page)!)).text());
    }
    results.push(
      await load("order/createOrder (orders/s)", {
        url: `${shop.base}/api/order/createOrder`,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: orderBody(shop.orderable),
      }),
    );
  } finally {
    await shop.stop();
    fs.rmSync(shop.dataDir, { recursive: true, force: true });
  }
  // The ceilings run after the shop has stopped, so the two never share the cores.
  for (const page of CACHED_PAGES) results.push(await staticCeiling(`${page}, static ceiling`, pageHtml.get(page)!));
  return results;
}

if (!fs.existsSync(path.join(APP_DIR ?? ".", "build/server/index.js")))
  execSync("npx remix vite:build", { stdio: "inherit", cwd: APP_DIR });

const bySize = new Map<number, Result[]>();
for (const size of SIZES) {
  console.log(`Seeding ${size.toLocaleString("en-US")} products and measuring…`);
  bySize.set(size, await benchSize(size));
}

const row = (size: number, name: string) => bySize.get(size)!.find((x) => x.name === name)!;
const names = bySize.get(SIZES[0]!)!.map((r) => r.name);
const lines = [
  "# Benchmark results",
  "",
  `Generated by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION_S} s per row, loopback${APP_DIR ? `, server from ${APP_DIR}` : ""}.`,
  "",
  `| target | ${SIZES.map((s) => `${s.toLocaleString("en-US")}: req/s · p50 · p99 (ms)`).join(" | ")} | p50 at ${SIZES.at(-1)!.toLocaleString("en-US")} ÷ p50 at ${SIZES[0]!.toLocaleString("en-US")} |`,
  `|---|${SIZES.map(() => "---").join("|")}|---|`,
];
let ok = true;
for (const name of names) {
  const cells = SIZES.map((size) => {
    const r = row(size, name);
    return `${r.rps} · ${r.p50} · ${r.p99}${r.errors ? ` (${r.errors} errors)` : ""}`;
  });
  const ratio = row(SIZES.at(-1)!, name).p50 / Math.max(row(SIZES[0]!, name).p50, 1);
  const scaled = !name.startsWith("order") && !name.endsWith("static ceiling");
  if (scaled && ratio > 1.5) ok = false;
  lines.push(`| ${name} | ${cells.join(" | ")} | ${ratio.toFixed(2)}${scaled ? (ratio <= 1.5 ? " ✓" : " ✗") : ""} |`);
}

// Each page against the ceiling measured for its own HTML: cached (cookieless), with a cookie, rendered anew.
const CACHED_TARGET = 0.5;
const FRESH_TARGET = 0.05;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
lines.push(
  "",
  `Share of the static ceiling (a bare Node \`http\` server in its own process serving a stored copy of the same page). Targets: cached ≥ ${percent(CACHED_TARGET)}, with a cookie ≥ ${percent(FRESH_TARGET)}; rendered anew is shown against the same mark.`,
  "",
  `| page | ${SIZES.map((s) => `${s.toLocaleString("en-US")}: ceiling req/s · cached · with a cookie · rendered anew`).join(" | ")} |`,
  `|---|${SIZES.map(() => "---").join("|")}|`,
);
for (const page of CACHED_PAGES) {
  const cells = SIZES.map((size) => {
    const ceiling = row(size, `${page}, static ceiling`).rps;
    const cached = row(size, `${page}, cookieless (page cache)`).rps / ceiling;
    const fresh = row(size, page).rps / ceiling;
    const anew = row(size, `${page}, rendered anew`).rps / ceiling;
    if (cached < CACHED_TARGET || fresh < FRESH_TARGET) ok = false;
    const mark = (share: number, target: number) => `${percent(share)}${share >= target ? " ✓" : " ✗"}`;
    return `${ceiling} · ${mark(cached, CACHED_TARGET)} · ${mark(fresh, FRESH_TARGET)} · ${mark(anew, FRESH_TARGET)}`;
  });
  lines.push(`| ${page} | ${cells.join(" | ")} |`);
}
lines.push(
  "",
  "Page rows send a cookie: the loaders run for each response, and the render memo sends a page rendered before for the same URL and loader data (decision 029). `rendered anew` rows go to a second server with both caches off (`CACHE_MEMORY_MB=0`) and add a query parameter never sent before, so each response is rendered. `cookieless` rows send none and are answered by the page cache.",
  "Targets: each page's p50 at the largest size within 1.5× of its p50 at the smallest, and the shares above.",
  "On 2 shared cores with the load generator on the same machine, single rows vary by ±30% between runs.",
);
fs.writeFileSync(RESULTS_FILE, lines.join("\n") + "\n");
console.log(lines.join("\n"));
process.exit(ok ? 0 : 1);
