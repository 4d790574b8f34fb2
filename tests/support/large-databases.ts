// Databases at 100,000 rows for the model layer's time budgets, built once and opened as copies in
// memory. Seeding 100,000 products costs about 14 CPU-seconds (their search index most of it), and two
// timed files used to pay it each, one after the other, in a phase that runs nothing else beside them.
//
// `npm test` builds them beside the static checks (`node --import tsx tests/support/large-databases.ts`);
// a file run alone builds what it needs on first use. The build runs in its own process, so a vitest
// worker's event loop stays free (a worker blocked for 60 s fails the run with "Timeout calling
// onTaskUpdate"), and under a lock, so two files asking at once build it once.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Db, openDatabase } from "~/platform/db/db.server.ts";
import { seedLargeCatalogue } from "../../bench/seed-catalogue.ts";
import { createOrders, createProduct } from "./db-factories.ts";
import { createTestDb } from "./test-db.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HERE = fileURLToPath(import.meta.url);
const FOLDER = path.join(ROOT, "tests/.tmp/large-databases");
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What each database holds: built from the real migrations and the category tree, or from another
 * of them (`from`), then filled by `fill`.
 */
const BUILDS: Record<string, { from?: string; fill: (db: Db) => Promise<void> | void }> = {
  /** 100,000 visible products over every leaf category (bench/seed-catalogue.ts). */
  catalogue: {
    fill: async (db) => {
      await seedLargeCatalogue(db, 100_000);
    },
  },
  /** The catalogue, plus 100,000 orders over the last year (one line each) and 100,000 activity entries. */
  overview: { from: "catalogue", fill: fillOverview },
  /**
   * One product and 100,000 orders of it from 20,000 phones (five orders each), written the ways
   * shoppers write them, in every status.
   */
  orders: {
    fill: (db) => {
      const product = createProduct(db, { title: "Bulk", stock: 10 });
      const statuses = ["processing", "shipped", "delivered", "delivered", "canceled", "returned"];
      createOrders(db, 100_000, {
        productId: product.id,
        phone: (n) => `${n % 2 ? "+961 " : "0"}7${String(n % 20_000).padStart(7, "0")}`,
        status: (n) => statuses[n % statuses.length]!,
      });
    },
  },
};

function fillOverview(db: Db) {
  const now = Date.now();
  const sqlite = db.$client;
  const insertOrder = sqlite.prepare(
    `insert into orders (public_id, order_number, status, customer_name, email, phone, governorate, city, street, building, address,
      subtotal_cents, delivery_fee_cents, total_cents, created_at, updated_at)
     values (?, ?, ?, 'Customer', 'c@example.com', '70123456', 'Beirut', 'Beirut', 'S', 'B', 'A', 1000, 400, 1400, ?, ?)`,
  );
  const insertItem = sqlite.prepare(
    `insert into order_items (order_id, product_id, title, unit_price_cents, quantity) values (?, ?, 'Item', 1000, 1)`,
  );
  const statuses = ["processing", "shipped", "delivered", "canceled"];
  const insertActivity = sqlite.prepare(
    `insert into activity (actor, address, kind, product_id, order_id, subject, changes) values ('admin', '127.0.0.1', ?, ?, ?, 'Subject', '[]')`,
  );
  const kinds = ["product.edited", "order.status", "order.note", "product.hidden"];
  // Through the real tables and triggers, so the kept sums are what the shop would keep.
  sqlite.transaction(() => {
    for (let index = 0; index < 100_000; index++) {
      const kind = kinds[index % 4]!;
      insertActivity.run(
        kind,
        kind.startsWith("product") ? (index % 100_000) + 1 : null,
        kind.startsWith("order") ? `bulk-${index}` : null,
      );
      const at = now - Math.floor((index / 100_000) * 365 * DAY_MS);
      const { lastInsertRowid } = insertOrder.run(`bulk-${index}`, 100_000 + index, statuses[index % 4], at, at);
      insertItem.run(lastInsertRowid, (index % 100_000) + 1);
    }
  })();
}
export type LargeDatabase = "catalogue" | "overview" | "orders";

function filesUnder(target: string): string[] {
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs
    .readdirSync(target)
    .sort()
    .flatMap((name) => filesUnder(path.join(target, name)));
}

/**
 * Named by what it is built from (the migrations, the seeds, this file) and the day (orders are
 * spread back from the day it is built), so a change to any of them builds it anew.
 */
function fileOf(kind: LargeDatabase) {
  const hash = crypto.createHash("sha256").update(new Date().toISOString().slice(0, 10));
  const inputs = [
    "db/migrations",
    "app/seed",
    "app/catalogue",
    "bench/seed-catalogue.ts",
    "tests/support/db-factories.ts",
  ];
  for (const input of [...inputs, HERE])
    for (const file of filesUnder(path.resolve(ROOT, input))) hash.update(file).update(fs.readFileSync(file));
  return path.join(FOLDER, `${kind}-${hash.digest("hex").slice(0, 16)}.db`);
}

/** Builds `kind` unless it is there, under a lock another process building it holds meanwhile. */
async function build(kind: LargeDatabase) {
  const file = fileOf(kind);
  const lock = `${file}.lock`;
  fs.mkdirSync(FOLDER, { recursive: true });
  for (;;) {
    if (fs.existsSync(file)) return file;
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // Another process builds it. A lock left by a killed build (over 10 minutes old) is taken over.
      if (Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 600_000)
        fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    const { from, fill } = BUILDS[kind]!;
    const db = from ? openDatabase(fs.readFileSync(await build(from as LargeDatabase))) : createTestDb();
    await fill(db);
    fs.writeFileSync(`${file}.part`, db.$client.serialize());
    db.$client.close();
    fs.renameSync(`${file}.part`, file);
    // Older builds (another day's, another migration's) are not needed again.
    for (const name of fs.readdirSync(FOLDER))
      if (name.startsWith(`${kind}-`) && name.endsWith(".db") && name !== path.basename(file))
        fs.rmSync(path.join(FOLDER, name), { force: true });
    return file;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** A copy in memory of `kind`'s database: the test may change it freely. */
export async function openLargeDatabase(kind: LargeDatabase): Promise<Db> {
  const file = fileOf(kind);
  if (!fs.existsSync(file)) {
    const child = spawn(process.execPath, ["--import", "tsx", HERE, kind], { cwd: ROOT, stdio: "inherit" });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    if (code !== 0) throw new Error(`Building the ${kind} database failed (exit code ${code})`);
  }
  return openDatabase(fs.readFileSync(file));
}

// Run as a script: builds the databases named (all of them when none is), one after another.
if (process.argv[1] && path.resolve(process.argv[1]) === HERE) {
  const kinds = process.argv.slice(2) as LargeDatabase[];
  for (const kind of kinds.length ? kinds : (Object.keys(BUILDS) as LargeDatabase[])) {
    if (!(kind in BUILDS)) throw new Error(`No database ${kind}: ${Object.keys(BUILDS).join(", ")}`);
    await build(kind);
  }
}
