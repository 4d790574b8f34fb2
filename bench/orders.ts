// `npm run bench:orders`: orders placed per second through the real HTTP endpoint
// (POST /api/order/createOrder) of the production server, on 127.0.0.1 only, bounded in time.
// Measured twice in the same run against a local SMTP server, with the shopper emails off and on
// (SHOPPER_EMAILS), alternating, so both face the same machine: placing an order must be no slower
// with them on (the email is one outbox row in the order's transaction; it is rendered and sent after).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SMTPServer } from "smtp-server";
import { migrateDatabase, openDatabase } from "../app/platform/db/db.server.ts";
import { seedCategories } from "../app/seed/seed.server.ts";
import { freePort, startProductionServer } from "../scripts/server-process.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";
import { processCpuMs } from "../scripts/process-usage.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds of (off, on); BENCH_ROUNDS=1 for a quicker look. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

// A local mail server that takes every message (and only counts them).
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disableReverseLookup: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      received++;
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

type Outcome = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
  mails: number;
  cpuMsPerOrder: number;
};

async function measure(label: string, shopperEmails: "on" | "off"): Promise<Outcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-orders-"));
  const db = openDatabase(path.join(dataDir, "shop.db"));
  migrateDatabase(db);
  seedCategories(db);
  const [productId] = await seedLargeCatalogue(db, 1_000);
  db.$client.prepare("update products set stock = 1000000000, is_hidden = 0 where id = ?").run(productId);
  db.$client.close();

  // The rate limit would refuse all but the first orders from this one address and phone: it is not what is measured.
  const port = await freePort();
  const server = await startProductionServer(
    dataDir,
    {
      DEMO_DATA: "off",
      ADMIN_USERNAME: "bench",
      ADMIN_PASSWORD: "bench-password",
      ORDER_PHONE_LIMIT: "0",
      ORDER_RATE_LIMIT: "0",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ORDER_NOTIFY_EMAIL: "owner@example.com",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHOPPER_EMAILS: shopperEmails,
    },
    { port },
  );
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
  const before = received;
  const options = {
    url: `${server.base}/api/order/createOrder`,
    method: "POST" as const,
    headers: { "Content-Type": "application/json" },
    body,
    connections: 10,
  };
  await autocannon({ ...options, duration: 1 }); // warm-up, not counted
  const cpuBefore = processCpuMs(server.pid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const cpuUsed = processCpuMs(server.pid) - cpuBefore;
  const mails = received - before;
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    mails,
    cpuMsPerOrder: cpuUsed / Math.max(1, result.requests.total),
  };
}

const outcomes: Outcome[] = [];
for (let round = 0; round < ROUNDS; round++) {
  outcomes.push(await measure("shopper emails off", "off"));
  outcomes.push(await measure("shopper emails on ", "on"));
}
await new Promise<void>((resolve) => smtp.close(() => resolve()));

for (const o of outcomes)
  console.log(
    `createOrder, ${o.label}: ${o.rps} orders/s, p50 ${o.p50} ms, p99 ${o.p99} ms, ${o.total} orders in ${DURATION_S} s, ` +
      `${o.cpuMsPerOrder.toFixed(2)} ms of server CPU an order, ${o.failed} failed, ${o.mails} emails sent meanwhile`,
  );
const mean = (label: string, value: (o: Outcome) => number) => {
  const rows = outcomes.filter((o) => o.label.startsWith(label));
  return rows.reduce((sum, o) => sum + value(o), 0) / rows.length;
};
for (const label of ["shopper emails off", "shopper emails on"])
  console.log(
    `mean, ${label}: ${Math.round(mean(label, (o) => o.rps))} orders/s, ` +
      `${mean(label, (o) => o.cpuMsPerOrder).toFixed(2)} ms of server CPU an order`,
  );
console.log(`(${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)})`);
process.exit(outcomes.some((o) => o.failed) ? 1 : 0);
