// `npm start` builds the app first when there is no production build yet, or when a source it is
// built from changed since (after a `git pull`, say), so it never serves an old build. The build's
// own output stays out of sight unless it fails; what is printed is what happens and how long it took.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** What the production build is made from: these folders' files and these files (server.ts is compiled into it). */
export const BUILD_SOURCES = {
  folders: ["app", "db", "public"],
  files: ["server.ts", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"],
};

/** The newest modification time (ms) among the build's sources under `root`, and which file it is. */
export function newestSource(root) {
  let newest = { file: null, mtimeMs: 0 };
  const consider = (file) => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  };
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) consider(full);
    }
  };
  for (const folder of BUILD_SOURCES.folders) if (existsSync(path.join(root, folder))) walk(path.join(root, folder));
  for (const file of BUILD_SOURCES.files) if (existsSync(path.join(root, file))) consider(path.join(root, file));
  return newest;
}

/**
 * Why `buildDir` must be (re)built, or null when it is current. The server bundle is written last,
 * so its time is when the build finished; a build stopped halfway has none and counts as missing.
 */
export function buildReason(root, buildDir) {
  const serverBundle = path.join(buildDir, "server/index.js");
  if (
    !existsSync(serverBundle) ||
    !existsSync(path.join(buildDir, "client")) ||
    !existsSync(path.join(buildDir, "server.js"))
  )
    return "there is no production build yet";
  const newest = newestSource(root);
  if (newest.mtimeMs > statSync(serverBundle).mtimeMs)
    return `${path.relative(root, newest.file)} changed since the last build`;
  return null;
}

function main() {
  const root = process.cwd();
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  const reason = buildReason(root, buildDir);
  if (!reason) return;
  console.log(`Building the shop: ${reason}…`);
  const started = Date.now();
  const build = spawnSync("npx", ["remix", "vite:build"], { cwd: root, encoding: "utf8", env: process.env });
  if (build.status !== 0) {
    // The build's whole output, only now: it says what went wrong.
    process.stdout.write(build.stdout ?? "");
    process.stderr.write(build.stderr ?? "");
    console.error(`The build failed (exit code ${build.status ?? build.signal}); the shop was not started.`);
    process.exit(1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
