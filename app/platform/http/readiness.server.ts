import fs from "node:fs/promises";
import { meta } from "../../../db/schema/index.ts";
import { asDatabaseUnavailable } from "../db/database-faults.server.ts";
import { type Db, writeTransaction } from "../db/db.server.ts";
import { MAX_REPLICATION_LAG_MS } from "../ops/replication-lag.server.ts";

/** A readiness probe must respond quickly, not wait the whole busy timeout an order waits. */
const PROBE_BUSY_TIMEOUT_MS = 250;
const PROBE_KEY = "readiness_probe";

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether the shop can take orders now: the database takes a real write (a tiny meta row, in an
 * IMMEDIATE transaction with a short wait) and the file system under DATA_DIR has at least
 * `minFreeMb` free, so a monitor hears of a filling disk before orders fail; with replication on,
 * the replica is at most a minute behind (a dead machine would lose no more than that).
 */
export async function checkReadiness(
  db: Db,
  dataDir: string,
  minFreeMb: number,
  replicationLagMs?: () => number,
): Promise<Readiness> {
  // Before the probe's own write, which the replica has not had time to take.
  const lagMs = replicationLagMs?.() ?? 0;
  const writeProblem = probeWrite(db);
  if (writeProblem) return { ready: false, reason: writeProblem };
  let freeMb;
  try {
    const stats = await fs.statfs(dataDir);
    freeMb = Math.floor((stats.bavail * stats.bsize) / (1024 * 1024));
  } catch (error) {
    return {
      ready: false,
      reason: `Cannot read the free space under DATA_DIR (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`,
    };
  }
  if (freeMb < minFreeMb)
    return { ready: false, reason: `Only ${freeMb} MB free under DATA_DIR (MIN_FREE_MB is ${minFreeMb})` };
  if (lagMs > MAX_REPLICATION_LAG_MS)
    return {
      ready: false,
      reason: `The replica is ${Math.round(lagMs / 1000)} s behind (more than ${MAX_REPLICATION_LAG_MS / 1000} s): see the litestream lines in the log`,
    };
  return { ready: true };
}

function probeWrite(db: Db): string | null {
  const client = db.$client;
  const busyTimeout = client.pragma("busy_timeout", { simple: true }) as number;
  // Safe on the shared connection: better-sqlite3 is synchronous, so no other request runs meanwhile.
  client.pragma(`busy_timeout = ${PROBE_BUSY_TIMEOUT_MS}`);
  try {
    writeTransaction(db, (tx) => {
      tx.insert(meta)
        .values({ key: PROBE_KEY, value: new Date().toISOString() })
        .onConflictDoUpdate({ target: meta.key, set: { value: new Date().toISOString() } })
        .run();
    });
    return null;
  } catch (error) {
    const unavailable = asDatabaseUnavailable(error);
    if (unavailable?.kind === "busy") return "The database is locked by another process";
    if (unavailable) return "The database cannot save (disk or database full, or an I/O error)";
    console.error("Readiness probe: unexpected database error:", error);
    return "The database cannot take a write";
  } finally {
    client.pragma(`busy_timeout = ${busyTimeout}`);
  }
}
