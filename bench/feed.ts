// `npm run bench:feed`: `GET /feeds/products.xml` from the production server at 100,000 products
// (FEED_PRODUCTS to change; a third in sizes with stock per size, so each gives three items), on
// 127.0.0.1 only. Reports the items and bytes, the time, the server's resident memory before, at its
// highest and after, for a client reading as fast as it can and for one reading 64 KB a second
// (the feed must wait for it, not build ahead in memory), and a fetch with the ETag (304).
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase } from "../app/platform/db/db.server.ts";
import { LocalDiskStorage } from "../app/platform/files/storage.server.ts";
import { seedCategories } from "../app/seed/seed.server.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";
import { startProductionServer } from "../scripts/server-process.ts";
import { processCpuMs, processResidentMb } from "../scripts/process-usage.ts";

const PRODUCTS = Number(process.env.FEED_PRODUCTS ?? 100_000);
const SLOW_SECONDS = Number(process.env.FEED_SLOW_SECONDS ?? 20);

const residentMb = (pid: number) => Math.round(processResidentMb(pid));

/** The server's CPU seconds so far (user + system). */
function cpuSeconds(pid: number) {
  return processCpuMs(pid) / 1000;
}

/**
 * Reads the feed over node:http, counting its items across chunk boundaries. With `pause`, the
 * client stops reading for that many ms after each 64 KB, so TCP pushes back on the server
 * (Node's fetch would keep reading into its own memory); after `seconds` it goes away.
 */
function readFeed(url: string, { pause = 0, seconds = Infinity, etag = "" } = {}) {
  return new Promise<{ status: number; etag: string | undefined; bytes: number; items: number; ms: number }>(
    (resolve, reject) => {
      const started = Date.now();
      const request = http.get(url, { headers: etag ? { "If-None-Match": etag } : {} }, (response) => {
        let bytes = 0;
        let items = 0;
        let carry = "";
        let sinceRest = 0;
        const done = () =>
          resolve({
            status: response.statusCode!,
            etag: response.headers.etag,
            bytes,
            items,
            ms: Date.now() - started,
          });
        const timer = Number.isFinite(seconds)
          ? setTimeout(() => {
              request.destroy();
              done();
            }, seconds * 1000)
          : undefined;
        response.setEncoding("utf8");
        response.on("data", (text: string) => {
          bytes += Buffer.byteLength(text);
          const joined = carry + text;
          items += joined.split("</item>").length - 1;
          carry = joined.slice(-6);
          sinceRest += text.length;
          if (pause && sinceRest >= 65_536) {
            sinceRest = 0;
            response.pause();
            setTimeout(() => response.resume(), pause);
          }
        });
        response.on("end", () => {
          clearTimeout(timer);
          done();
        });
      });
      request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
    },
  );
}

if (!fs.existsSync("build/server/index.js")) execSync("npx remix vite:build", { stdio: "inherit" });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-feed-"));
const db = openDatabase(path.join(dataDir, "shop.db"));
migrateDatabase(db);
seedCategories(db);
await seedLargeCatalogue(db, PRODUCTS, new LocalDiskStorage(path.join(dataDir, "uploads")), { sizedThird: true });
const expected = db.$client
  .prepare(
    `select sum(case when exists (select 1 from product_size_stock s where s.product_id = p.id)
       then json_array_length(p.sizes) else 1 end) as items from products p where p.is_hidden = 0`,
  )
  .get() as { items: number };
db.$client.close();

const server = await startProductionServer(dataDir, { DEMO_DATA: "off" });
try {
  // A first start makes the share JPEGs its images lack, in the background (decision 051): it
  // looks at every image row once, which would be counted in the feed's CPU otherwise.
  const waited = Date.now();
  for (let quiet = 0; quiet < 3 && Date.now() - waited < 300_000;) {
    const cpu = cpuSeconds(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    quiet = cpuSeconds(server.pid) - cpu < 0.05 ? quiet + 1 : 0;
  }
  console.log(`Server idle after ${((Date.now() - waited) / 1000).toFixed(0)} s`);
  const url = `${server.base}/feeds/products.xml`;
  // Warm: the route's code and SQLite's pages (a thousand items, then the client goes away).
  await readFeed(url, { seconds: 0.2 });
  const measure = async (label: string, read: () => ReturnType<typeof readFeed>) => {
    const before = residentMb(server.pid);
    const cpu = cpuSeconds(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 100);
    const result = await read();
    clearInterval(sampler);
    const after = residentMb(server.pid);
    console.log(
      `${label}: ${result.items.toLocaleString("en-US")} items, ${(result.bytes / 1e6).toFixed(1)} MB in ` +
        `${(result.ms / 1000).toFixed(1)} s (server CPU ${(cpuSeconds(server.pid) - cpu).toFixed(1)} s); ` +
        `resident memory ${before} MB before, ${peak} MB at most (+${peak - before}), ${after} MB after`,
    );
    return result;
  };
  const full = await measure("Full read", () => readFeed(url));
  console.log(
    `Expected ${expected.items.toLocaleString("en-US")} items: ${full.items === expected.items ? "all there" : "MISMATCH"}`,
  );
  await measure(`A slow client (64 KB/s, ${SLOW_SECONDS} s, then gone)`, () =>
    readFeed(url, { pause: 1000, seconds: SLOW_SECONDS }),
  );
  const again = await readFeed(url, { etag: full.etag });
  console.log(`Asked again with its ETag: ${again.status} in ${again.ms} ms`);
  console.log(
    `Machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
