// `npm run backup`: one archive of the shop's data into BACKUP_DIR, safe while the shop runs.
import fs from "node:fs";
import { createBackup, pruneBackups } from "../app/platform/ops/backup.server.ts";
import { openDatabase } from "../app/platform/db/db.server.ts";
import { EnvError, parseEnv } from "../app/platform/ops/env.server.ts";
import { recordActivity, SYSTEM_ACTOR } from "../app/platform/activity/activity-log.server.ts";

try {
  const env = parseEnv();
  if (!fs.existsSync(env.databaseFile)) throw new Error(`no database at ${env.databaseFile}: is DATA_DIR the shop's?`);
  const db = openDatabase(env.databaseFile);
  try {
    const backup = await createBackup({ db: db.$client, uploadsDir: env.uploadsDir, backupDir: env.backupDir });
    recordActivity(db, SYSTEM_ACTOR, { kind: "backup.created", subject: backup.name });
    const removed = pruneBackups(env.backupDir, env.BACKUP_KEEP);
    console.log(`Backup written: ${backup.file} (${(backup.size / 1024 / 1024).toFixed(1)} MB)`);
    if (removed.length)
      console.log(`Removed ${removed.length} older backup(s), keeping the newest ${env.BACKUP_KEEP}.`);
  } finally {
    db.$client.close();
  }
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
