import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";

/**
 * Backups of the whole shop: the database (SQLite's online backup, so the shop keeps taking
 * orders meanwhile), the uploaded images and a manifest with each file's sha256, in one
 * `.tar.gz`. Restoring treats the archive as untrusted input: it is checked entry by entry
 * before anything under DATA_DIR is touched (decision 023).
 */

const ARCHIVE_PREFIX = "shop-backup-";
const ARCHIVE_SUFFIX = ".tar.gz";
const MANIFEST = "manifest.json";
const DATABASE = "shop.db";
const UPLOADS = "uploads";
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;

export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = { format: 1; createdAt: string; files: ManifestFile[] };
export type BackupInfo = { file: string; name: string; createdAt: Date; size: number };

/** A refusal a person can act on: restore prints its message and changes nothing. */
export class BackupError extends Error {}

/** A name that sorts by time, with milliseconds so two backups in one second never collide. */
function archiveName(now: Date) {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").replace(".", "-").replace("Z", "");
  return `${ARCHIVE_PREFIX}${stamp}${ARCHIVE_SUFFIX}`;
}

async function sha256Of(file: string) {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every regular file under `dir`, as paths relative to `base` with forward slashes. */
function listFiles(dir: string, base: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full, base);
    return entry.isFile() ? [path.relative(base, full).split(path.sep).join("/")] : [];
  });
}

/** Hard links each upload into the staging folder (a copy when BACKUP_DIR is on another disk). */
function stageUploads(uploadsDir: string, staging: string) {
  for (const relative of listFiles(uploadsDir, uploadsDir)) {
    const target = path.join(staging, UPLOADS, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.linkSync(path.join(uploadsDir, relative), target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue; // deleted while we walked: it is not part of this backup
      if (code !== "EXDEV" && code !== "EPERM") throw error;
      fs.copyFileSync(path.join(uploadsDir, relative), target);
    }
  }
  fs.mkdirSync(path.join(staging, UPLOADS), { recursive: true });
}

/**
 * Writes one archive into `backupDir` while the shop runs and returns it. `db` is an open
 * better-sqlite3 connection to the shop's database (the server's own, or a script's).
 */
export async function createBackup({
  db,
  uploadsDir,
  backupDir,
  now = new Date(),
}: {
  db: Database.Database;
  uploadsDir: string;
  backupDir: string;
  now?: Date;
}): Promise<BackupInfo> {
  fs.mkdirSync(backupDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(backupDir, ".staging-"));
  try {
    await db.backup(path.join(staging, DATABASE));
    stageUploads(uploadsDir, staging);
    const files: ManifestFile[] = [];
    for (const relative of [DATABASE, ...listFiles(path.join(staging, UPLOADS), staging)]) {
      const full = path.join(staging, relative);
      files.push({ path: relative, size: fs.statSync(full).size, sha256: await sha256Of(full) });
    }
    const manifest: Manifest = { format: 1, createdAt: now.toISOString(), files };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const name = archiveName(now);
    const partial = path.join(backupDir, `.${name}.partial`);
    await tar.c({ gzip: true, cwd: staging, file: partial, portable: true }, [MANIFEST, DATABASE, UPLOADS]);
    const file = path.join(backupDir, name);
    fs.renameSync(partial, file);
    return { file, name, createdAt: now, size: fs.statSync(file).size };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The archives in `backupDir`, newest first. */
export function listBackups(backupDir: string): BackupInfo[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .filter((name) => name.startsWith(ARCHIVE_PREFIX) && name.endsWith(ARCHIVE_SUFFIX))
    .sort()
    .reverse()
    .map((name) => {
      const file = path.join(backupDir, name);
      const stat = fs.statSync(file);
      return { file, name, createdAt: stat.mtime, size: stat.size };
    });
}

/** Keeps the newest `keep` archives and deletes the rest; returns the names deleted. */
export function pruneBackups(backupDir: string, keep: number) {
  const old = listBackups(backupDir).slice(keep);
  for (const backup of old) fs.rmSync(backup.file, { force: true });
  return old.map((backup) => backup.name);
}

/** An entry may only be the manifest, the database, or a file or folder under uploads/. */
function isAllowedEntryPath(entryPath: string) {
  if (entryPath.startsWith("/") || /^[a-zA-Z]:/.test(entryPath) || entryPath.includes("\\")) return false;
  const parts = entryPath.replace(/\/+$/, "").split("/");
  if (parts.some((part) => part === ".." || part === "." || part === "")) return false;
  if (parts.length === 1) return [MANIFEST, DATABASE, UPLOADS].includes(parts[0]!);
  return parts[0] === UPLOADS;
}

function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError("The archive's manifest is not valid JSON.");
  }
  const manifest = value as Manifest;
  const valid =
    manifest?.format === 1 &&
    Array.isArray(manifest.files) &&
    manifest.files.every(
      (file) =>
        typeof file?.path === "string" &&
        isAllowedEntryPath(file.path) &&
        typeof file.sha256 === "string" &&
        /^[0-9a-f]{64}$/.test(file.sha256) &&
        Number.isInteger(file.size),
    ) &&
    manifest.files.some((file) => file.path === DATABASE);
  if (!valid) throw new BackupError("The archive's manifest is not a shop backup manifest.");
  return manifest;
}

/**
 * Reads the archive without extracting it and refuses it, before anything is written, when an
 * entry is anything but a plain file or folder inside the backup's own layout (absolute paths,
 * `..`, links, devices), or a file the manifest does not list, or a listed file is missing.
 */
export async function inspectArchive(file: string): Promise<Manifest> {
  const problems: string[] = [];
  const filesSeen = new Set<string>();
  let manifestText: string | undefined;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const entryPath = entry.path;
        if (!isAllowedEntryPath(entryPath)) problems.push(`an entry outside the backup's folders: ${entryPath}`);
        else if (entry.type !== "File" && entry.type !== "Directory" && entry.type !== "OldFile")
          problems.push(`an entry that is not a plain file or folder (${entry.type}): ${entryPath}`);
        else if (entry.type !== "Directory") {
          if (filesSeen.has(entryPath)) problems.push(`a file stored twice: ${entryPath}`);
          filesSeen.add(entryPath);
        }
        if (entryPath === MANIFEST && entry.size <= MANIFEST_MAX_BYTES) {
          const chunks: Buffer[] = [];
          entry.on("data", (chunk: Buffer) => chunks.push(chunk));
          entry.on("end", () => (manifestText = Buffer.concat(chunks).toString("utf8")));
        } else {
          entry.resume();
        }
      },
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The file is not a readable backup archive (${(error as Error).message}).`);
  }
  if (problems.length) throw new BackupError(`Refused: the archive holds ${problems[0]}.`);
  if (manifestText === undefined) throw new BackupError("Refused: the archive has no manifest.");
  const manifest = parseManifest(manifestText);
  const listed = new Set(manifest.files.map((entry) => entry.path));
  for (const seen of filesSeen) {
    if (seen !== MANIFEST && !listed.has(seen)) throw new BackupError(`Refused: ${seen} is not in the manifest.`);
  }
  for (const entry of listed) {
    if (!filesSeen.has(entry)) throw new BackupError(`Refused: ${entry} is listed in the manifest but missing.`);
  }
  return manifest;
}

/** The file that tells a restore the shop is running on this DATA_DIR. */
export function serverPidFile(dataDir: string) {
  return path.join(dataDir, "server.pid");
}

export function isShopRunning(dataDir: string) {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(serverPidFile(dataDir), "utf8").trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is running.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Replaces the shop's data with the archive's, keeping what it replaces in
 * `DATA_DIR/replaced-<time>/`. Refuses (BackupError, nothing changed) while the shop runs, or when
 * the archive's layout, checksums or database integrity check fail.
 */
export async function restoreBackup({
  file,
  dataDir,
  now = new Date(),
}: {
  file: string;
  dataDir: string;
  now?: Date;
}) {
  if (isShopRunning(dataDir)) {
    throw new BackupError("Refused: the shop is running on this DATA_DIR. Stop it first, then restore.");
  }
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const manifest = await inspectArchive(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(dataDir, ".restore-"));
  try {
    const listed = new Set(manifest.files.map((entry) => entry.path));
    await tar.x({
      file,
      cwd: staging,
      strict: true,
      // Checked above already; the filter keeps extraction to the same rule should tar disagree.
      filter: (entryPath, entry) =>
        isAllowedEntryPath(entryPath) &&
        ("type" in entry ? entry.type === "Directory" || listed.has(entryPath) || entryPath === MANIFEST : false),
    });
    for (const entry of manifest.files) {
      const extracted = path.join(staging, entry.path);
      const stat = fs.lstatSync(extracted, { throwIfNoEntry: false });
      if (!stat?.isFile() || stat.size !== entry.size || (await sha256Of(extracted)) !== entry.sha256) {
        throw new BackupError(`Refused: ${entry.path} does not match its checksum in the manifest.`);
      }
    }
    const restoredDb = new Database(path.join(staging, DATABASE), { readonly: true });
    try {
      const result = restoredDb.pragma("integrity_check", { simple: true });
      if (result !== "ok")
        throw new BackupError(`Refused: the archive's database fails its integrity check (${result}).`);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`Refused: the archive's database cannot be opened (${(error as Error).message}).`);
    } finally {
      restoredDb.close();
    }

    const keptIn = path.join(dataDir, `replaced-${now.toISOString().replace(/[:.]/g, "-")}`);
    fs.mkdirSync(keptIn, { recursive: true });
    for (const name of [DATABASE, `${DATABASE}-wal`, `${DATABASE}-shm`, UPLOADS]) {
      const current = path.join(dataDir, name);
      if (fs.existsSync(current)) fs.renameSync(current, path.join(keptIn, name));
    }
    fs.renameSync(path.join(staging, DATABASE), path.join(dataDir, DATABASE));
    const restoredUploads = path.join(staging, UPLOADS);
    if (fs.existsSync(restoredUploads)) fs.renameSync(restoredUploads, path.join(dataDir, UPLOADS));
    else fs.mkdirSync(path.join(dataDir, UPLOADS), { recursive: true });
    return { manifest, keptIn };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export function latestBackup(backupDir: string): BackupInfo | undefined {
  return listBackups(backupDir)[0];
}
