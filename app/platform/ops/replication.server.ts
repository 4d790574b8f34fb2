import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { ReplicationLag } from "./replication-lag.server.ts";

/**
 * Continuous replication of shop.db by Litestream (decision 041), a separate process the shop
 * starts after migrating and stops after closing the database. Litestream copies each WAL commit
 * to the replica (a directory or an S3-compatible bucket) within a second and takes the
 * checkpoints itself; its log lines go to the shop's log prefixed `litestream:`.
 */

export type ReplicaSettings = {
  REPLICA_URL?: string;
  REPLICA_S3_ENDPOINT?: string;
  REPLICA_S3_REGION: string;
  REPLICA_S3_ACCESS_KEY_ID?: string;
  REPLICA_S3_SECRET_ACCESS_KEY?: string;
};

/** How often Litestream ships new WAL frames: an acknowledged order is in the replica within seconds. */
const SYNC_INTERVAL = "1s";
/** After Litestream exits on its own, the wait before it is started again. */
const RESTART_DELAY_MS = 5_000;
/** On stop: how long its final sync may take before the process group is killed. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * The binary from `@flydotio/litestream` (its per-platform package holds it), or `litestream` on
 * the PATH on a platform the package does not cover.
 */
export function litestreamBinary() {
  const require = createRequire(import.meta.url);
  try {
    const manifest = require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`);
    return path.join(path.dirname(manifest), "litestream");
  } catch {
    return "litestream";
  }
}

/** Litestream's YAML for this one database and replica; credentials stay in the environment. */
export function litestreamConfig(databaseFile: string, settings: ReplicaSettings) {
  const url = settings.REPLICA_URL!;
  const lines = ["dbs:", `  - path: ${JSON.stringify(databaseFile)}`, "    replicas:"];
  if (url.startsWith("file:")) {
    lines.push("      - type: file", `        path: ${JSON.stringify(new URL(url).pathname)}`);
  } else {
    lines.push(`      - url: ${JSON.stringify(url)}`, `        region: ${JSON.stringify(settings.REPLICA_S3_REGION)}`);
    if (settings.REPLICA_S3_ENDPOINT) {
      lines.push(`        endpoint: ${JSON.stringify(settings.REPLICA_S3_ENDPOINT)}`, "        force-path-style: true");
    }
  }
  lines.push(`        sync-interval: ${SYNC_INTERVAL}`);
  return lines.join("\n") + "\n";
}

/** Litestream reads S3 credentials from these, so they are never written to a file. */
export function litestreamEnv(settings: ReplicaSettings) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (settings.REPLICA_S3_ACCESS_KEY_ID) env.LITESTREAM_ACCESS_KEY_ID = settings.REPLICA_S3_ACCESS_KEY_ID;
  if (settings.REPLICA_S3_SECRET_ACCESS_KEY) env.LITESTREAM_SECRET_ACCESS_KEY = settings.REPLICA_S3_SECRET_ACCESS_KEY;
  return env;
}

/** Writes the config into a private temporary folder; `remove` deletes it. */
function writeConfig(databaseFile: string, settings: ReplicaSettings) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-litestream-"));
  const file = path.join(dir, "litestream.yml");
  fs.writeFileSync(file, litestreamConfig(databaseFile, settings), { mode: 0o600 });
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs Litestream under a small shell that stops it when the shop's end of its stdin closes: on a
 * normal stop, and also when the shop is killed (-9 included), so no orphan keeps writing to the
 * replica beside the next shop's Litestream. The shell gets its own process group, so a Ctrl+C in
 * the terminal reaches the shop alone, which then stops Litestream after closing the database.
 */
const SUPERVISOR = [
  "exec 3<&0",
  '"$0" replicate -config "$1" </dev/null &',
  "pid=$!",
  '{ cat <&3 >/dev/null; kill -TERM "$pid" 2>/dev/null; } &',
  'wait "$pid"',
].join("\n");

export type Replication = {
  /** Milliseconds the oldest write not yet in the replica has waited (0: all there). */
  lagMs: () => number;
  /** Stops Litestream after its final sync (`wait: false`: at once). */
  stop: (options?: { wait?: boolean }) => Promise<void>;
};

/** Starts Litestream for `databaseFile` when REPLICA_URL is set; undefined otherwise. */
export function startReplication(
  databaseFile: string,
  settings: ReplicaSettings,
  log: (line: string) => void = (line) => console.log(line),
): Replication | undefined {
  if (!settings.REPLICA_URL) return undefined;
  const binary = litestreamBinary();
  const config = writeConfig(databaseFile, settings);
  const lag = new ReplicationLag(`${databaseFile}-wal`);
  const sampler = setInterval(() => lag.sample(), 1_000).unref();
  let child: ChildProcess | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopping = false;

  const relay = (stream: NodeJS.ReadableStream) =>
    readline.createInterface({ input: stream }).on("line", (line) => {
      if (/msg="?(?:wal segment written|snapshot written)/.test(line)) lag.shipped();
      log(`litestream: ${line}`);
    });

  const launch = () => {
    const started = spawn("sh", ["-c", SUPERVISOR, binary, config.file], {
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      env: litestreamEnv(settings),
    });
    child = started;
    relay(started.stdout!);
    relay(started.stderr!);
    started.on("error", (error) => log(`litestream: could not start ${binary}: ${error.message}`));
    started.on("exit", (code, signal) => {
      started.stdin?.destroy();
      if (stopping) return;
      log(`litestream: exited (${signal ?? `code ${code}`}); starting it again in ${RESTART_DELAY_MS / 1000} s`);
      restartTimer = setTimeout(launch, RESTART_DELAY_MS);
    });
  };
  launch();
  log(`Replicating the database to ${redacted(settings.REPLICA_URL)} with Litestream.`);

  return {
    lagMs: () => lag.lagMs(),
    async stop({ wait = true } = {}) {
      stopping = true;
      clearInterval(sampler);
      clearTimeout(restartTimer);
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
        const signalGroup = (signal: NodeJS.Signals) => {
          try {
            process.kill(-running.pid!, signal);
          } catch {
            // already gone
          }
        };
        // Closing stdin makes the supervisor send TERM: Litestream ships what is left, then exits.
        if (wait) running.stdin?.end();
        else signalGroup("SIGTERM");
        const timer = setTimeout(() => signalGroup("SIGKILL"), wait ? STOP_TIMEOUT_MS : 2_000);
        await exited;
        clearTimeout(timer);
      }
      config.remove();
    },
  };
}

/** A replica URL for the log: no user or password should one have been written into it. */
function redacted(url: string) {
  const parsed = new URL(url);
  parsed.username = "";
  parsed.password = "";
  return parsed.href;
}
