// `npm run bench:flood`: a flood of new addresses at the production server (DEMO_DATA=on, on
// 127.0.0.1 only), the way shared links and crawlers arrive: every request a URL never asked
// before. Reports the server's resident memory before, at its highest during and right after the
// flood, and plain `/shop`'s cached rate (cookieless, from the page cache) before and right after.
//
// FLOOD_MINUTES (default 3) bounds the flood in time; FLOOD_CONNECTIONS (default 8) in concurrency.
// FLOOD_KIND=tracking (default) adds a new fbclid, utm_source, gclid or ref value to /shop, as
// links from Facebook, Instagram and Google do; FLOOD_KIND=search asks /shop for a new search each
// time, a parameter the page reads (a crawler inventing searches), which the key rule cannot fold.
// BENCH_APP_DIR=/path/to/other/checkout measures that checkout's build (a before/after comparison);
// FLOOD_ENV='CACHE_MEMORY_MB=32' passes variables to the server.
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProductionServer } from "../scripts/server-process.ts";
import { processResidentMb } from "../scripts/process-usage.ts";

const MINUTES = Number(process.env.FLOOD_MINUTES ?? 3);
const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 8);
const KIND = process.env.FLOOD_KIND ?? "tracking";
const APP_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : undefined;
const RATE_SECONDS = Number(process.env.FLOOD_RATE_SECONDS ?? 10);
const SERVER_ENV = Object.fromEntries(
  (process.env.FLOOD_ENV ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split("=", 2) as [string, string]),
);
if (!(MINUTES > 0 && MINUTES <= 30)) throw new Error("FLOOD_MINUTES must be more than 0 and at most 30");
if (!["tracking", "search"].includes(KIND)) throw new Error('FLOOD_KIND must be "tracking" or "search"');

/** What a browser sends: the page cache keeps brotli and gzip copies and sends the one asked for. */
const BROWSER = { "Accept-Encoding": "gzip, deflate, br" };
const TRACKING = ["fbclid", "utm_source", "gclid", "ref"];

const residentMb = (pid: number) => Math.round(processResidentMb(pid));

/** Requests a second for a cookieless plain `/shop` over `seconds`, as the page cache answers it. */
async function shopRate(base: string, seconds: number) {
  const result = await autocannon({
    url: `${base}/shop`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: BROWSER,
  });
  return { rps: Math.round(result.requests.average), errors: result.errors + result.timeouts + result.non2xx };
}

async function cacheState(base: string, target = "/shop") {
  const response = await fetch(base + target, { headers: BROWSER });
  await response.arrayBuffer();
  return response.headers.get("x-page-cache");
}

if (!fs.existsSync(path.join(APP_DIR ?? ".", "build/server/index.js")))
  execSync("npx remix vite:build", { stdio: "inherit", cwd: APP_DIR });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-flood-"));
const server = await startProductionServer(
  dataDir,
  { DEMO_DATA: "on", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: "bench-password", ...SERVER_ENV },
  { cwd: APP_DIR },
);
try {
  // Warm: V8's compiled code, SQLite's pages, /shop in the page cache.
  for (let attempt = 0; attempt < 100 && (await cacheState(server.base)) !== "hit"; attempt++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await shopRate(server.base, 2);
  const before = { rss: residentMb(server.pid), shop: await shopRate(server.base, RATE_SECONDS) };

  let counter = 0;
  const newUrl = () => {
    counter++;
    if (KIND === "search") return `/shop?search=flood${counter}`;
    return `/shop?${TRACKING[counter % TRACKING.length]}=${counter.toString(36)}${Date.now().toString(36)}`;
  };
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 1_000);
  console.log(`Flooding ${server.base} with new ${KIND} URLs for ${MINUTES} min at ${CONNECTIONS} connections…`);
  const flood = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: MINUTES * 60,
    headers: BROWSER,
    requests: [{ setupRequest: (request) => ({ ...request, path: newUrl() }) }],
  });
  clearInterval(sampler);
  const afterRss = residentMb(server.pid);
  const firstAfter = await cacheState(server.base);
  // A shared link's tracking parameter never seen before: the page of its address, from the cache.
  const sharedLink = await cacheState(server.base, `/shop?fbclid=after${Date.now().toString(36)}`);
  const after = { rss: afterRss, shop: await shopRate(server.base, RATE_SECONDS) };
  const settled = residentMb(server.pid);

  const share = after.shop.rps / Math.max(before.shop.rps, 1);
  const rows = [
    `Flood: ${flood.requests.total.toLocaleString("en-US")} requests (${counter.toLocaleString("en-US")} new URLs, ${KIND}), ${Math.round(flood.requests.average)}/s, ${flood.errors + flood.timeouts} errors, ${flood.non2xx} non-2xx`,
    `Resident memory: ${before.rss} MB before, ${peak} MB at most during, ${after.rss} MB right after (${after.rss >= before.rss ? "+" : ""}${after.rss - before.rss} MB), ${settled} MB after the second rate`,
    `Plain /shop (cookieless, cached): ${before.shop.rps} req/s before, ${after.shop.rps} req/s right after (${(share * 100).toFixed(0)}%; first answer after the flood: ${firstAfter}, a new ?fbclid=: ${sharedLink})${before.shop.errors + after.shop.errors ? `, ${before.shop.errors + after.shop.errors} errors` : ""}`,
    `Machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}, Node ${process.version}${APP_DIR ? `, server from ${APP_DIR}` : ""}`,
  ];
  console.log(rows.join("\n"));
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
