import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup, listBackups } from "~/platform/ops/backup.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { SHIPPING } from "../support/api-client.ts";
import { startTestServer } from "../support/test-server.ts";
import { pollUntil } from "../support/timing.ts";

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Runs `npm run backup` / `npm run restore` the way an operator would (the scripts, not npm's banner). */
function runScript(script: "backup" | "restore", env: Record<string, string>, args: string[] = []) {
  const result = spawnSync("node", ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

/** The same, without blocking this process, so the burst of orders goes on while it runs. */
function runScriptAsync(script: "backup", env: Record<string, string>) {
  return new Promise<{ status: number | null; out: string }>((resolve) => {
    const child = spawn("node", ["--import", "tsx", `scripts/${script}.ts`], { env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("close", (status) => resolve({ status, out }));
  });
}

function orderNumbers(databaseFile: string) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return {
      integrity: db.pragma("integrity_check", { simple: true }),
      numbers: new Set(
        (db.prepare("select order_number from orders").all() as { order_number: number }[]).map(
          (row) => row.order_number,
        ),
      ),
    };
  } finally {
    db.close();
  }
}

/** An archive in the backup's layout with the given extra entries, made from a folder we build. */
async function craftArchive(
  build: (dir: string) => void,
  entries: string[],
  options: tar.TarOptionsWithAliasesAsyncFile["preservePaths"] = false,
) {
  const dir = tempDir("shop-craft-");
  const inner = path.join(dir, "inner");
  fs.mkdirSync(inner);
  build(inner);
  const file = path.join(dir, "crafted.tar.gz");
  await tar.c({ gzip: true, cwd: inner, file, preservePaths: options }, entries);
  return { dir, file };
}

describe("backups and restore (real server)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = tempDir("shop-backups-");
    server = await startTestServer({ env: { BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: "0" } });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it("a backup taken during a burst of orders restores to a sound database holding every order confirmed to its client before it began", async () => {
    // A limit of 120 s: about 6 s alone, 40 s on a machine running other suites.
    const product = createProduct(server.db, { title: "Burst Kettle", stock: 10_000, priceCents: 1_500 });
    const body = JSON.stringify({
      items: [{ product: String(product.id), quantity: 1, size: null }],
      shippingAddress: SHIPPING,
    });
    const confirmed: number[] = [];
    let stop = false;
    const placeOrders = async () => {
      while (!stop) {
        const response = await fetch(`${server.base}/api/order/createOrder`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        });
        expect(response.status).toBe(201);
        confirmed.push(((await response.json()) as { order: { orderId: number } }).order.orderId);
      }
    };
    const burst = [placeOrders(), placeOrders(), placeOrders()];
    let backup: { status: number | null; out: string };
    let confirmedBefore: number[] = [];
    let confirmedDuring = 0;
    try {
      while (confirmed.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
      confirmedBefore = [...confirmed];
      backup = await runScriptAsync("backup", { DATA_DIR: server.dataDir, BACKUP_DIR: backupDir });
      confirmedDuring = confirmed.length - confirmedBefore.length;
    } finally {
      stop = true;
      await Promise.all(burst);
    }
    expect(backup.out).toContain("Backup written");
    expect(backup.status).toBe(0);
    expect(confirmedDuring).toBeGreaterThan(0);

    const [archive] = listBackups(backupDir);
    const restoreDir = tempDir("shop-restored-");
    const restored = runScript("restore", { DATA_DIR: restoreDir }, [archive!.file]);
    expect(restored.out).toContain("Restored the backup");
    expect(restored.status).toBe(0);
    const { integrity, numbers } = orderNumbers(path.join(restoreDir, "shop.db"));
    expect(integrity).toBe("ok");
    for (const number of confirmedBefore) expect(numbers.has(number)).toBe(true);
    fs.rmSync(restoreDir, { recursive: true, force: true });
  }, 120_000);

  it("restore refuses while the shop runs on that DATA_DIR, and changes nothing", async () => {
    const [archive] = listBackups(backupDir);
    const before = fs.statSync(path.join(server.dataDir, "shop.db")).ino;
    const result = runScript("restore", { DATA_DIR: server.dataDir }, [archive!.file]);
    expect(result.status).toBe(1);
    expect(result.out).toContain("the shop is running");
    expect(fs.statSync(path.join(server.dataDir, "shop.db")).ino).toBe(before);
  });

  it("keeps the data it replaces", async () => {
    const [archive] = listBackups(backupDir);
    const target = tempDir("shop-target-");
    fs.writeFileSync(path.join(target, "shop.db"), "the old database");
    const result = runScript("restore", { DATA_DIR: target }, [archive!.file]);
    expect(result.status).toBe(0);
    const kept = fs.readdirSync(target).find((name) => name.startsWith("replaced-"));
    expect(fs.readFileSync(path.join(target, kept!, "shop.db"), "utf8")).toBe("the old database");
    fs.rmSync(target, { recursive: true, force: true });
  });
});

describe("restore treats the archive as untrusted", () => {
  let source: string;
  let good: string;
  beforeAll(async () => {
    source = tempDir("shop-source-");
    fs.mkdirSync(path.join(source, "uploads", "products"), { recursive: true });
    fs.writeFileSync(path.join(source, "uploads", "products", "a.webp"), "image bytes");
    const db = new Database(path.join(source, "shop.db"));
    db.exec("create table t (x); insert into t values (1);");
    const backupDir = path.join(source, "backups");
    good = (await createBackup({ db, uploadsDir: path.join(source, "uploads"), backupDir })).file;
    db.close();
  });
  afterAll(() => fs.rmSync(source, { recursive: true, force: true }));

  const extractGood = (dir: string) => {
    tar.x({ file: good, cwd: dir, sync: true });
  };

  const refuses = (file: string, target: string, message: string | RegExp) => {
    const result = runScript("restore", { DATA_DIR: target }, [file]);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(message);
    expect(fs.existsSync(path.join(target, "shop.db"))).toBe(false);
  };

  it("refuses a tampered file whose checksum no longer matches", async () => {
    const { dir, file } = await craftArchive(
      (inner) => {
        extractGood(inner);
        fs.writeFileSync(path.join(inner, "uploads", "products", "a.webp"), "other bytes");
      },
      ["manifest.json", "shop.db", "uploads"],
    );
    const target = tempDir("shop-target-");
    refuses(file, target, /does not match its checksum/);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
  });

  it("refuses a file the manifest does not list", async () => {
    const { dir, file } = await craftArchive(
      (inner) => {
        extractGood(inner);
        fs.writeFileSync(path.join(inner, "uploads", "extra.js"), "alert(1)");
      },
      ["manifest.json", "shop.db", "uploads"],
    );
    const target = tempDir("shop-target-");
    refuses(file, target, /uploads\/extra\.js is not in the manifest/);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
  });

  it("refuses an entry named ../x and writes nothing outside the data folder", async () => {
    const parent = tempDir("shop-parent-");
    const { dir, file } = await craftArchive(
      (inner) => {
        extractGood(inner);
        fs.writeFileSync(path.join(inner, "..", "x"), "escaped");
      },
      ["manifest.json", "shop.db", "../x"],
      true,
    );
    const target = path.join(parent, "data");
    fs.mkdirSync(target);
    fs.rmSync(path.join(dir, "x"));
    refuses(file, target, /outside the backup's folders: \.\.\/x/);
    expect(fs.readdirSync(parent)).toEqual(["data"]);
    expect(fs.existsSync(path.join(dir, "x"))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it("refuses a link pointing out of the data folder", async () => {
    const outside = tempDir("shop-outside-");
    const { dir, file } = await craftArchive(
      (inner) => {
        extractGood(inner);
        fs.symlinkSync(outside, path.join(inner, "uploads", "escape"));
      },
      ["manifest.json", "shop.db", "uploads"],
    );
    const target = tempDir("shop-target-");
    refuses(file, target, /not a plain file or folder \(SymbolicLink\): uploads\/escape/);
    expect(fs.readdirSync(outside)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it("refuses a file that is not an archive", () => {
    const dir = tempDir("shop-junk-");
    fs.writeFileSync(path.join(dir, "junk.tar.gz"), "not a tarball");
    const target = tempDir("shop-target-");
    refuses(path.join(dir, "junk.tar.gz"), target, /not a readable backup archive|has no manifest/);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
  });
});

describe("scheduled backups", () => {
  it("the running server backs up on its interval and keeps only the newest BACKUP_KEEP", async () => {
    const backupDir = tempDir("shop-scheduled-");
    // 0.0002 h is 0.72 s: a few backups within the test.
    const server = await startTestServer({
      env: { BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: "0.0002", BACKUP_KEEP: "2" },
    });
    try {
      const names = () => listBackups(backupDir).map((backup) => backup.name);
      await pollUntil("two backups", () => names().length >= 2, 30_000);
      const firstTwo = names();
      // Rotation: the first two archives are replaced by newer ones. Each new archive is written
      // before the oldest goes, so three are seen for a moment; two once the rotation is done.
      await pollUntil("the first two replaced", () => !names().some((name) => firstTwo.includes(name)), 30_000);
      // One more backup after that, so the rotation is seen to hold rather than caught mid-way.
      const rotated = names();
      await pollUntil("one more backup", () => names().some((name) => !rotated.includes(name)), 30_000);
      await pollUntil("at most BACKUP_KEEP archives", () => names().length <= 2, 30_000);
      expect(names().some((name) => firstTwo.includes(name))).toBe(false);
      expect(names().length).toBeGreaterThanOrEqual(1);
    } finally {
      await server.stop();
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
  }, 120_000);
});
