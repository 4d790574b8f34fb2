import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/db.server.ts";
import { restoreFromReplica } from "~/platform/ops/replica-restore.server.ts";
import { litestreamBinary, startReplication } from "~/platform/ops/replication.server.ts";
import { freePort, serverEntry } from "../../scripts/server-process.ts";
import { createProduct } from "../support/db-factories.ts";
import { SHIPPING } from "../support/api-client.ts";
import { startS3Server } from "../support/s3-server.ts";
import { pollUntil } from "../support/timing.ts";

const WAL_WRITTEN = /litestream: .*wal segment written/;

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = tempDir("shop-replicated-");
const replicaDir = tempDir("shop-replica-");
const env = {
  DATA_DIR: dataDir,
  REPLICA_URL: `file://${replicaDir}`,
  DEMO_DATA: "off",
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "test-admin-password",
  ORDER_PHONE_LIMIT: "0",
  ORDER_RATE_LIMIT: "0",
  BACKUP_INTERVAL_HOURS: "0",
};

type Shop = { base: string; child: ChildProcess; log: () => string };

/** The production server with its output kept (the litestream lines are in it), like startProductionServer. */
async function startShop(): Promise<Shop> {
  const port = await freePort();
  const child = spawn("node", serverEntry(), {
    env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${log}`);
    if (
      await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { base, child, log: () => log };
    await sleep(100);
  }
  throw new Error("server did not respond to /healthz within 60 s");
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );

/** Order numbers in a database file. */
function orderNumbers(databaseFile: string) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return (db.prepare("select order_number from orders").all() as { order_number: number }[]).map(
      (row) => row.order_number,
    );
  } finally {
    db.close();
  }
}

/** The replica as it is now, restored by Litestream into a scratch file. */
function replicaOrders() {
  const out = path.join(tempDir("shop-peek-"), "shop.db");
  const result = spawnSync(litestreamBinary(), ["restore", "-o", out, `file://${replicaDir}`], { encoding: "utf8" });
  if (result.status !== 0) return [];
  const numbers = orderNumbers(out);
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return numbers;
}

/** Litestream processes still replicating this DATA_DIR's database (their config names it). */
function litestreamsFor(databaseFile: string) {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        const config = args[args.indexOf("-config") + 1];
        return args.includes("replicate") && config && fs.readFileSync(config, "utf8").includes(databaseFile);
      } catch {
        return false;
      }
    });
}

const running: Shop[] = [];
afterAll(async () => {
  for (const shop of running) {
    shop.child.kill("SIGTERM");
    await exited(shop.child);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(replicaDir, { recursive: true, force: true });
});

describe("continuous replication with Litestream (file replica)", () => {
  it("keeps every acknowledged order through kill -9, a deleted DATA_DIR and a restore from the replica", async () => {
    const first = await startShop();
    running.push(first);
    const seeding = openDatabase(path.join(dataDir, "shop.db"));
    const product = createProduct(seeding, { title: "Replicated Kettle", stock: 1_000, priceCents: 2_000 });
    seeding.$client.close();

    const body = JSON.stringify({
      items: [{ product: String(product.id), quantity: 1, size: null }],
      shippingAddress: SHIPPING,
    });
    const acknowledged: number[] = [];
    const placeOrders = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const response = await fetch(`${first.base}/api/order/createOrder`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        });
        expect(response.status).toBe(201);
        acknowledged.push(((await response.json()) as { order: { orderId: number } }).order.orderId);
      }
    };
    await Promise.all([placeOrders(8), placeOrders(8)]);
    const lastAcknowledgedAt = Date.now();

    // The contract: an acknowledged order is in the replica within 10 s.
    let inReplica: number[] = [];
    while (Date.now() - lastAcknowledgedAt < 10_000) {
      inReplica = replicaOrders();
      if (acknowledged.every((number) => inReplica.includes(number))) break;
      await sleep(250);
    }
    expect(acknowledged.filter((number) => !inReplica.includes(number))).toEqual([]);
    // Litestream's line reaches the shop's log through two pipes, a moment after the replica has the data.
    await pollUntil("Litestream's 'wal segment written' in the shop's log", () => WAL_WRITTEN.test(first.log()), 5_000);
    expect(first.log()).toMatch(WAL_WRITTEN);
    expect(await (await fetch(`${first.base}/readyz`)).json()).toEqual({ status: "ready" });

    // A few more orders just before the machine dies: answered, then kill -9 once they reached the
    // replica (within the 10 s contract; a fixed pause raced Litestream's sync on a busy machine).
    await placeOrders(3);
    await pollUntil(
      "the last three orders in the replica",
      () => acknowledged.every((number) => replicaOrders().includes(number)),
      10_000,
    );
    first.child.kill("SIGKILL");
    await exited(first.child);
    // The shop's death stops its Litestream too: no orphan keeps writing to the replica.
    const databaseFile = path.join(dataDir, "shop.db");
    await expect.poll(() => litestreamsFor(databaseFile), { timeout: 5_000 }).toEqual([]);

    fs.rmSync(dataDir, { recursive: true, force: true });
    const restore = spawnSync("node", ["--import", "tsx", "scripts/restore.ts", "--from-replica"], {
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    expect(restore.stdout + restore.stderr).toContain("Restored the database from");
    expect(restore.status).toBe(0);

    const second = await startShop();
    running.push(second);
    const restored = orderNumbers(databaseFile);
    expect(acknowledged.length).toBe(19);
    expect(acknowledged.filter((number) => !restored.includes(number))).toEqual([]);
    const lookup = await fetch(`${second.base}/api/product/getProductById?id=${product.id}`);
    expect(((await lookup.json()) as { prod: { quantity: number } }).prod.quantity).toBe(1_000 - 19);

    // While it runs, a restore is refused and changes nothing.
    const refused = spawnSync("node", ["--import", "tsx", "scripts/restore.ts", "--from-replica"], {
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("the shop is running");

    // A normal stop ships the last commits and stops Litestream with the shop.
    second.child.kill("SIGTERM");
    await exited(second.child);
    expect(second.child.exitCode).toBe(0);
    expect(litestreamsFor(databaseFile)).toEqual([]);
  }, 90_000);
});

describe("continuous replication with Litestream (S3-compatible replica)", () => {
  it("streams commits to a bucket within seconds and restores them from it", async () => {
    const s3 = await startS3Server();
    const dir = tempDir("shop-s3-replicated-");
    const databaseFile = path.join(dir, "shop.db");
    const settings = {
      REPLICA_URL: `s3://${s3.bucket}/replica`,
      REPLICA_S3_ENDPOINT: s3.endpoint,
      REPLICA_S3_REGION: "us-east-1",
      REPLICA_S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
      REPLICA_S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
    };
    const db = new Database(databaseFile);
    const lines: string[] = [];
    const replication = startReplication(databaseFile, settings, (line) => lines.push(line))!;
    try {
      db.pragma("journal_mode = WAL");
      db.exec("create table orders (order_number integer primary key)");
      for (let number = 1; number <= 5; number++) db.prepare("insert into orders values (?)").run(number);
      await expect
        .poll(async () => (await s3.keys("replica/")).some((key) => key.includes("/wal/")), { timeout: 10_000 })
        .toBe(true);
      await expect.poll(() => replication.lagMs(), { timeout: 10_000 }).toBe(0);
    } finally {
      db.close();
      await replication.stop();
    }
    expect(lines.join("\n")).toMatch(/litestream: .*replicating to.*type=s3/);

    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    await restoreFromReplica({ dataDir: dir, settings });
    expect(orderNumbers(databaseFile).sort()).toEqual([1, 2, 3, 4, 5]);
    fs.rmSync(dir, { recursive: true, force: true });
    await s3.close();
  }, 60_000);
});
