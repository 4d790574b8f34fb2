// `npm run restore -- FILE`: replaces DATA_DIR's database and uploads with a backup's, keeping the
// replaced ones in DATA_DIR/replaced-<time>/. Refuses while the shop runs or for a bad archive.
// `npm run restore -- --from-replica`: rebuilds DATA_DIR's database from REPLICA_URL (Litestream),
// keeping the replaced one the same way.
import path from "node:path";
import { BackupError, restoreBackup } from "../app/platform/ops/backup.server.ts";
import { EnvError, parseEnv } from "../app/platform/ops/env.server.ts";
import { restoreFromReplica } from "../app/platform/ops/replica-restore.server.ts";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore -- FILE   (a shop-backup-….tar.gz made by npm run backup)");
  console.error("       npm run restore -- --from-replica   (the database from REPLICA_URL)");
  process.exit(2);
}
try {
  const env = parseEnv();
  if (file === "--from-replica") {
    const { keptIn, log } = await restoreFromReplica({ dataDir: env.dataDir, settings: env });
    process.stdout.write(log);
    console.log(`Restored the database from ${env.REPLICA_URL} into ${env.dataDir}.`);
    if (keptIn) console.log(`The data it replaced is kept in ${keptIn}.`);
  } else {
    const { manifest, keptIn } = await restoreBackup({ file: path.resolve(file), dataDir: env.dataDir });
    console.log(`Restored the backup of ${manifest.createdAt} (${manifest.files.length} files) into ${env.dataDir}.`);
    console.log(`The data it replaced is kept in ${keptIn}.`);
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
