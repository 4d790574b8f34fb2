// `npm run restore -- FILE`: replaces DATA_DIR's database and uploads with a backup's, keeping the
// replaced ones in DATA_DIR/replaced-<time>/. Refuses while the shop runs or for a bad archive.
import path from "node:path";
import { BackupError, restoreBackup } from "../app/platform/ops/backup.server.ts";
import { EnvError, parseEnv } from "../app/platform/ops/env.server.ts";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore -- FILE   (a shop-backup-….tar.gz made by npm run backup)");
  process.exit(2);
}
try {
  const env = parseEnv();
  const { manifest, keptIn } = await restoreBackup({ file: path.resolve(file), dataDir: env.dataDir });
  console.log(`Restored the backup of ${manifest.createdAt} (${manifest.files.length} files) into ${env.dataDir}.`);
  console.log(`The data it replaced is kept in ${keptIn}.`);
} catch (error) {
  if (error instanceof BackupError || error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
