import fs from "node:fs";
import type Database from "better-sqlite3";
import { createBackup, listBackups, pruneBackups, serverPidFile } from "./backup.server.ts";

const HOUR_MS = 60 * 60 * 1000;
/** A first start waits a little before its first backup, so starting stays quick. */
const FIRST_BACKUP_DELAY_MS = 5 * 60 * 1000;

/**
 * The running server's backups: one every `intervalHours` (0: none), the newest `keep` kept.
 * The first one is due an interval after the newest archive already there.
 */
export function scheduleBackups({
  db,
  uploadsDir,
  backupDir,
  intervalHours,
  keep,
  onBackup = () => {},
}: {
  db: Database.Database;
  uploadsDir: string;
  backupDir: string;
  intervalHours: number;
  keep: number;
  onBackup?: (name: string) => void;
}) {
  if (intervalHours <= 0) return { stop() {} };
  const intervalMs = intervalHours * HOUR_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = async () => {
    try {
      const backup = await createBackup({ db, uploadsDir, backupDir });
      pruneBackups(backupDir, keep);
      onBackup(backup.name);
      console.log(`Backup written: ${backup.file}`);
    } catch (error) {
      console.error("Scheduled backup failed:", (error as Error).message);
    }
  };
  const next = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        next(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };

  const newest = listBackups(backupDir)[0];
  const due = newest
    ? newest.createdAt.getTime() + intervalMs - Date.now()
    : Math.min(intervalMs, FIRST_BACKUP_DELAY_MS);
  next(Math.max(0, Math.min(due, intervalMs)));

  return {
    /** Stops scheduling and waits for a backup under way, so shutdown never cuts one in half. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Marks DATA_DIR as in use by this process, so `npm run restore` refuses while the shop runs. */
export function claimDataDir(dataDir: string) {
  const file = serverPidFile(dataDir);
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // already gone
    }
  };
}
