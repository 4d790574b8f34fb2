// `npm run bench:orders`: orders placed per second through the real HTTP endpoint
// (POST /api/order/createOrder) of the production server, on 127.0.0.1 only, bounded in time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { migrateDatabase, openDatabase } from "../app/platform/db/db.server.ts";
import { seedCategories } from "../db/seed.ts";
import { startProductionServer } from "../scripts/server-process.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-orders-"));
const db = openDatabase(path.join(dataDir, "shop.db"));
migrateDatabase(db);
seedCategories(db);
const [productId] = await seedLargeCatalogue(db, 1_000);
db.$client.prepare("update products set stock = 1000000000, is_hidden = 0 where id = ?").run(productId);
db.$client.close();

// The rate limit would refuse all but the first orders from this one address and phone: it is not what is measured.
const server = await startProductionServer(dataDir, {
  DEMO_DATA: "off",
  ADMIN_USERNAME: "bench",
  ADMIN_PASSWORD: "bench-password",
  ORDER_PHONE_LIMIT: "0",
  ORDER_RATE_LIMIT: "0",
});
const body = JSON.stringify({
  items: [{ product: String(productId), quantity: 1, size: null }],
  shippingAddress: {
    name: "Bench Shopper",
    email: "bench@example.com",
    phone: "+961 70 000 000",
    address: "Bench street",
    city: "Beirut",
    district: "Beirut",
    street: "Bench",
    building: "1",
  },
});
/** The server's user + system CPU so far in ms (/proc/<pid>/stat fields 14 and 15, at 100 ticks a second). */
const cpuMs = () => {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const cpuBefore = cpuMs();
const result = await autocannon({
  url: `${server.base}/api/order/createOrder`,
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body,
  connections: 10,
  duration: DURATION_S,
});
// CPU per order barely moves when other processes share the cores, unlike orders a second.
const cpuPerOrder = (cpuMs() - cpuBefore) / Math.max(1, result.requests.total);
server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const failed = result.non2xx + result.errors + result.timeouts;
console.log(
  `createOrder: ${Math.round(result.requests.average)} orders/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
    `${result.requests.total} orders in ${DURATION_S} s, ${failed} failed, ${cpuPerOrder.toFixed(2)} ms server CPU per order ` +
    `(${os.cpus().length} cores, Node ${process.version})`,
);
process.exit(failed ? 1 : 0);
