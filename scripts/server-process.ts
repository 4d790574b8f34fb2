import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Sends SIGTERM and resolves once the process has exited (a restart on the same DATA_DIR waits for it). */
function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * The started process once `base + path` answers 2xx (asked every 100 ms): its address, pid and stop.
 * Throws when it exits first, or stops it and throws after `limitMs`.
 */
async function answering(child: ChildProcess, base: string, path: string, name: string, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${path}`)).ok) return { base, pid: child.pid!, stop: () => stopChild(child) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  throw new Error(`${name} did not answer ${path} within ${limitMs / 1000} s`);
}

/**
 * How to run a checkout's server: its compiled `server.js` in the build (decision 066), or, for a
 * checkout built before there was one (a before/after bench), its server.ts through tsx.
 */
export function serverEntry(cwd = process.cwd()) {
  const compiled = path.resolve(cwd, process.env.BUILD_DIR ?? "build", "server.js");
  return fs.existsSync(compiled) ? [compiled] : ["--import", "tsx", "server.ts"];
}

/**
 * Starts the production server (an existing build) on a free loopback port and waits for /healthz.
 * `cwd` runs another checkout's server (a before/after comparison); `nodeArgs` adds flags such as --cpu-prof;
 * `port` fixes the port (when the server must know its own address, e.g. PUBLIC_URL).
 */
export async function startProductionServer(
  dataDir: string,
  env: Record<string, string> = {},
  { cwd, nodeArgs = [], port: givenPort }: { cwd?: string; nodeArgs?: string[]; port?: number } = {},
) {
  const port = givenPort ?? (await freePort());
  const child: ChildProcess = spawn("node", [...nodeArgs, ...serverEntry(cwd)], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Booting takes 2 CPU-seconds (14 with the demo catalogue to seed), but on a machine running
  // other suites beside this one a boot was seen taking over 60 s; the callers' own limits
  // (Playwright's worker fixture, vitest's hookTimeout) are 120 s.
  return answering(child, `http://127.0.0.1:${port}`, "/healthz", "server", 120_000);
}

/**
 * The plain Remix app the benches measure against (`../shared/bench/anchor-remix`, built in `dir`):
 * started on a free loopback port, resolved once it answers `/shop`. Its log is dropped: a 404 for
 * each product image it does not have says nothing to a bench.
 */
export async function startAnchorApp(dir: string) {
  const port = await freePort();
  const child = spawn("node", ["server.js"], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: "./data/shop.db",
    },
    stdio: "ignore",
  });
  return answering(child, `http://127.0.0.1:${port}`, "/shop", "the plain Remix app", 60_000);
}
