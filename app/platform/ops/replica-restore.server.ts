import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { BackupError, isShopRunning } from "./backup.server.ts";
import { litestreamBinary, litestreamConfig, litestreamEnv, type ReplicaSettings } from "./replication.server.ts";

/** The database's files and Litestream's own folder beside it, all replaced by a restore. */
const REPLACED = ["shop.db", "shop.db-wal", "shop.db-shm", ".shop.db-litestream"];

function run(binary: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * `npm run restore -- --from-replica`: rebuilds DATA_DIR/shop.db from the replica REPLICA_URL names
 * (Litestream's latest snapshot plus every WAL segment after it), checks it, and only then moves
 * the current database aside into `DATA_DIR/replaced-<time>/`. Refuses (BackupError, nothing
 * changed) while the shop runs, without REPLICA_URL, or when the replica is empty or unreadable.
 * Uploads are not in the replica: with STORAGE=s3 they are in the bucket, on the local disk they
 * come from a backup.
 */
export async function restoreFromReplica({
  dataDir,
  settings,
  now = new Date(),
}: {
  dataDir: string;
  settings: ReplicaSettings;
  now?: Date;
}) {
  if (!settings.REPLICA_URL)
    throw new BackupError("Refused: REPLICA_URL is not set, so there is no replica to restore.");
  if (isShopRunning(dataDir)) {
    throw new BackupError("Refused: the shop is running on this DATA_DIR. Stop it first, then restore.");
  }
  const databaseFile = path.join(dataDir, "shop.db");
  const staging = fs.mkdtempSync(path.join(dataDir, ".restore-"));
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-litestream-"));
  try {
    const config = path.join(configDir, "litestream.yml");
    fs.writeFileSync(config, litestreamConfig(databaseFile, settings), { mode: 0o600 });
    const restored = path.join(staging, "shop.db");
    const result = await run(
      litestreamBinary(),
      ["restore", "-config", config, "-o", restored, databaseFile],
      litestreamEnv(settings),
    );
    if (result.code !== 0 || !fs.existsSync(restored)) {
      const reason = result.output.trim().split("\n").at(-1) ?? `exit code ${result.code}`;
      throw new BackupError(`Refused: Litestream could not restore from the replica (${reason}).`);
    }
    const check = new Database(restored, { readonly: true });
    try {
      const integrity = check.pragma("integrity_check", { simple: true });
      if (integrity !== "ok")
        throw new BackupError(`Refused: the restored database fails its integrity check (${integrity}).`);
    } finally {
      check.close();
    }

    const keptIn = path.join(dataDir, `replaced-${now.toISOString().replace(/[:.]/g, "-")}`);
    let keptAny = false;
    for (const name of REPLACED) {
      const current = path.join(dataDir, name);
      if (!fs.existsSync(current)) continue;
      fs.mkdirSync(keptIn, { recursive: true });
      fs.renameSync(current, path.join(keptIn, name));
      keptAny = true;
    }
    fs.renameSync(restored, databaseFile);
    return { keptIn: keptAny ? keptIn : undefined, log: result.output };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(configDir, { recursive: true, force: true });
  }
}
