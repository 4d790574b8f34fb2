// `npm run backup`: one archive of the shop's data into BACKUP_DIR, safe while the shop runs.
import Database from "better-sqlite3";
import { createBackup, pruneBackups } from "../app/lib/backup.server.ts";
import { EnvError, parseEnv } from "../app/lib/env.server.ts";

try {
  const env = parseEnv();
  const db = new Database(env.databaseFile, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    const backup = await createBackup({ db, uploadsDir: env.uploadsDir, backupDir: env.backupDir });
    const removed = pruneBackups(env.backupDir, env.BACKUP_KEEP);
    console.log(`Backup written: ${backup.file} (${(backup.size / 1024 / 1024).toFixed(1)} MB)`);
    if (removed.length) console.log(`Removed ${removed.length} older backup(s), keeping the newest ${env.BACKUP_KEEP}.`);
  } finally {
    db.close();
  }
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
