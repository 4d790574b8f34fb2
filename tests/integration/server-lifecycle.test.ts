import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/server-process.ts";

/** The real production server as `npm start` runs it, as a child process we can signal or kill. */
type Started = { child: ChildProcess; base: string; exited: Promise<{ code: number | null; stderr: string }> };
const children: ChildProcess[] = [];
const tempDirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lifecycle-"));
  tempDirs.push(dir);
  return dir;
}

function spawnServer(env: Record<string, string>): Started {
  const child = spawn("node", ["--import", "tsx", "server.ts"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", DEMO_DATA: "off", ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "lifecycle-password", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
  return { child, base: `http://127.0.0.1:${env.PORT}`, exited };
}

async function startServer(dataDir: string) {
  const started = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${(await started.exited).stderr}`);
    if (await fetch(`${started.base}/healthz`).then((response) => response.ok).catch(() => false)) return started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not answer /healthz");
}

const count = (dataDir: string, table: string) => {
  const db = new Database(path.join(dataDir, "shop.db"), { readonly: true });
  try {
    return db.prepare(`select count(*) from ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
};

const order = (productId: number, name: string) =>
  JSON.stringify({
    items: [{ product: String(productId), quantity: 1, size: null }],
    shippingAddress: { name, email: "kill@example.com", phone: "+961 70 111 222", address: "Gemmayze", city: "Beirut", district: "Beirut", street: "Armenia", building: "7" },
  });

describe("starting and stopping the server", () => {
  it("refuses a bad PORT with one line on stderr and exit code 1", async () => {
    const { exited } = spawnServer({ PORT: "abc", DATA_DIR: newDataDir() });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual(['Invalid environment: PORT must be a whole number from 1 to 65535 (got "abc")']);
  });

  it("seeds once: a second start on the same data adds nothing", async () => {
    const dataDir = newDataDir();
    const first = await startServer(dataDir);
    const categories = count(dataDir, "categories");
    const admins = count(dataDir, "admins");
    expect(categories).toBeGreaterThan(10);
    first.child.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);

    const second = await startServer(dataDir);
    expect(count(dataDir, "categories")).toBe(categories);
    expect(count(dataDir, "admins")).toBe(admins);
    second.child.kill("SIGTERM");
    await second.exited;
  });

  it("finishes in-flight requests on SIGTERM, then closes the database and exits 0", async () => {
    const server = await startServer(newDataDir());
    const inFlight = fetch(`${server.base}/shop`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect((await server.exited).code).toBe(0);
  });

  it("loses no answered order when killed outright mid-traffic, and starts again with no manual step", async () => {
    const dataDir = newDataDir();
    const server = await startServer(dataDir);
    const db = new Database(path.join(dataDir, "shop.db"));
    const categoryId = db.prepare("select id from categories where name = 'Tools'").pluck().get() as number;
    const productId = Number(
      db
        .prepare("insert into products (title, description, price_cents, stock, sizes, category_id, is_hidden, created_at, updated_at) values ('Kill Test Drill', 'A drill', 1000, 1000, '[]', ?, 0, 0, 0)")
        .run(categoryId).lastInsertRowid,
    );
    db.close();

    // Orders keep arriving; the process is killed (no cleanup at all) while some are in flight.
    const answered: string[] = [];
    let firstAnswer: () => void;
    const firstAnswered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const attempts = Array.from({ length: 40 }, (_, index) =>
      fetch(`${server.base}/api/order/createOrder`, { method: "POST", headers: { "Content-Type": "application/json" }, body: order(productId, `Shopper ${index}`) })
        .then(async (response) => {
          if (response.status !== 201) return;
          answered.push(((await response.json()) as { order: { _id: string } }).order._id);
          firstAnswer();
        })
        .catch(() => undefined),
    );
    await firstAnswered;
    server.child.kill("SIGKILL");
    await Promise.all(attempts);
    await server.exited;

    const again = await startServer(dataDir);
    const check = new Database(path.join(dataDir, "shop.db"), { readonly: true });
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Set(check.prepare("select public_id from orders").pluck().all() as string[]);
    const stock = check.prepare("select stock from products where id = ?").pluck().get(productId) as number;
    check.close();
    expect(answered.length).toBeGreaterThan(0);
    for (const id of answered) expect(stored.has(id), `answered order ${id} is stored`).toBe(true);
    // Stock and orders moved together: nothing half-written.
    expect(stock).toBe(1000 - stored.size);
    expect((await fetch(`${again.base}/healthz`)).status).toBe(200);
    again.child.kill("SIGTERM");
    await again.exited;
  });
});
