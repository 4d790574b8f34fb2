import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { verifyPassword } from "~/platform/security/password.server.ts";
import { freePort, serverEntry } from "../../scripts/server-process.ts";

/** The real production server as `npm start` runs it, as a child process we can signal or kill. */
type Started = { child: ChildProcess; base: string; exited: Promise<{ code: number | null; stderr: string }> };
const children: ChildProcess[] = [];
const tempDirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lifecycle-"));
  tempDirs.push(dir);
  return dir;
}

function spawnServer(env: Record<string, string>): Started {
  const child = spawn("node", serverEntry(), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DEMO_DATA: "off",
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "lifecycle-password",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stderr })),
  );
  return { child, base: `http://127.0.0.1:${env.PORT}`, exited };
}

async function startServer(dataDir: string) {
  const started = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${(await started.exited).stderr}`);
    if (
      await fetch(`${started.base}/healthz`)
        .then((response) => response.ok)
        .catch(() => false)
    )
      return started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not respond to /healthz");
}

const count = (dataDir: string, table: string) => {
  const db = new Database(path.join(dataDir, "shop.db"), { readonly: true });
  try {
    return db.prepare(`select count(*) from ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
};

const order = (productId: number, name: string) =>
  JSON.stringify({
    items: [{ product: String(productId), quantity: 1, size: null }],
    shippingAddress: {
      name,
      email: "kill@example.com",
      phone: "+961 70 111 222",
      address: "Gemmayze",
      city: "Beirut",
      district: "Beirut",
      street: "Armenia",
      building: "7",
    },
  });

describe("starting and stopping the server", () => {
  it("refuses a bad PORT with one line on stderr and exit code 1", async () => {
    const { exited } = spawnServer({ PORT: "abc", DATA_DIR: newDataDir() });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      'Invalid environment: PORT must be a whole number from 1 to 65535 (got "abc")',
    ]);
  });

  it("seeds once: a second start on the same data adds nothing", async () => {
    const dataDir = newDataDir();
    const first = await startServer(dataDir);
    const categories = count(dataDir, "categories");
    const admins = count(dataDir, "admins");
    expect(categories).toBeGreaterThan(10);
    first.child.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);

    const second = await startServer(dataDir);
    expect(count(dataDir, "categories")).toBe(categories);
    expect(count(dataDir, "admins")).toBe(admins);
    second.child.kill("SIGTERM");
    await second.exited;
  });

  it("finishes in-flight requests on SIGTERM, then closes the database and exits 0", async () => {
    const server = await startServer(newDataDir());
    // `Expect: 100-continue` makes Node answer "100 Continue" once it has the request and hands it
    // to the app: SIGTERM then lands with the request surely in flight (a fixed pause raced the accept).
    const inFlight = new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${server.base}/shop`, { headers: { Expect: "100-continue" } }, resolve);
      request.on("error", reject);
      request.on("continue", () => {
        server.child.kill("SIGTERM");
        request.end();
      });
      request.flushHeaders();
    });
    const response = await inFlight;
    response.resume();
    expect(response.statusCode).toBe(200);
    expect((await server.exited).code).toBe(0);
  });

  it("loses no order confirmed to its client when killed outright mid-traffic, and starts again with no manual step", async () => {
    const dataDir = newDataDir();
    const server = await startServer(dataDir);
    const db = new Database(path.join(dataDir, "shop.db"));
    const categoryId = db.prepare("select id from categories where name = 'Tools'").pluck().get() as number;
    const productId = Number(
      db
        .prepare(
          "insert into products (title, description, price_cents, stock, sizes, category_id, is_hidden, created_at, updated_at) values ('Kill Test Drill', 'A drill', 1000, 1000, '[]', ?, 0, 0, 0)",
        )
        .run(categoryId).lastInsertRowid,
    );
    db.close();

    // Orders keep arriving; the process is killed (no cleanup at all) while some are in flight.
    const confirmed: string[] = [];
    let firstAnswer: () => void;
    const firstAnswered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const attempts = Array.from({ length: 40 }, (_, index) =>
      fetch(`${server.base}/api/order/createOrder`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: order(productId, `Shopper ${index}`),
      })
        .then(async (response) => {
          if (response.status !== 201) return;
          confirmed.push(((await response.json()) as { order: { _id: string } }).order._id);
          firstAnswer();
        })
        .catch(() => undefined),
    );
    await firstAnswered;
    server.child.kill("SIGKILL");
    await Promise.all(attempts);
    await server.exited;

    const again = await startServer(dataDir);
    const check = new Database(path.join(dataDir, "shop.db"), { readonly: true });
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Set(check.prepare("select public_id from orders").pluck().all() as string[]);
    const stock = check.prepare("select stock from products where id = ?").pluck().get(productId) as number;
    check.close();
    expect(confirmed.length).toBeGreaterThan(0);
    for (const id of confirmed) expect(stored.has(id), `confirmed order ${id} is stored`).toBe(true);
    // Stock and orders moved together: nothing half-written.
    expect(stock).toBe(1000 - stored.size);
    expect((await fetch(`${again.base}/healthz`)).status).toBe(200);
    again.child.kill("SIGTERM");
    await again.exited;
  });
});

describe("the first start (npm start)", () => {
  it("prints the generated administrator password last, framed, and it signs in", async () => {
    const dataDir = newDataDir();
    const port = String(await freePort());
    const { ADMIN_USERNAME: _user, ADMIN_PASSWORD: _password, ...inherited } = process.env;
    // Its own process group, so the server under npm goes down with it.
    const child = spawn("npm", ["start", "--silent"], {
      env: { ...inherited, PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir, DEMO_DATA: "off" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      // Waits for the notice's closing rule; a build, if the sources are newer than it, comes first.
      for (let waited = 0; !/password: .*\n.*\n.*\n\+-+\+\n$/.test(stdout); waited += 100) {
        if (waited > 170_000 || child.exitCode !== null) throw new Error(`no password notice; stdout:\n${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const blocks = stdout.trimEnd().split("\n");
      const frameStart = blocks.findLastIndex((line, index) => index < blocks.length - 1 && /^\+-+\+$/.test(line));
      const notice = blocks.slice(frameStart);
      expect(notice[1]).toContain(`Administrator created: sign in at http://127.0.0.1:${port}/admin`);
      expect(notice.every((line) => line.length === notice[0]!.length)).toBe(true);
      // The listening line comes before the notice, and nothing after it.
      expect(blocks[frameStart - 1]).toMatch(/^Open-box shop listening on /);
      const password = /password: (\S+)/.exec(notice.join("\n"))![1]!;
      const db = new Database(path.join(dataDir, "shop.db"), { readonly: true });
      const hash = db.prepare("select password_hash from admins where username = 'admin'").pluck().get() as string;
      db.close();
      expect(await verifyPassword(password, hash)).toBe(true);
    } finally {
      process.kill(-child.pid!, "SIGTERM");
    }
  }, 180_000);
});

describe("scripts/ensure-build.js", () => {
  const script = path.resolve("scripts/ensure-build.js");
  /** A project folder with one source, a finished build, and a stand-in `remix` that "builds" noisily. */
  function project({ buildFails = false } = {}) {
    const root = newDataDir();
    fs.mkdirSync(path.join(root, "app"));
    fs.writeFileSync(path.join(root, "app/root.tsx"), "export {};\n");
    fs.writeFileSync(path.join(root, "package.json"), "{}\n");
    fs.mkdirSync(path.join(root, "build/server"), { recursive: true });
    fs.mkdirSync(path.join(root, "build/client"));
    fs.writeFileSync(path.join(root, "build/server/index.js"), "old build\n");
    fs.writeFileSync(path.join(root, "build/server.js"), "old server\n");
    fs.mkdirSync(path.join(root, "node_modules/.bin"), { recursive: true });
    const remix = path.join(root, "node_modules/.bin/remix");
    fs.writeFileSync(
      remix,
      buildFails
        ? '#!/bin/sh\necho "noise from the build"\necho "app/root.tsx: Unexpected token" >&2\nexit 1\n'
        : '#!/bin/sh\necho "noise from the build"\necho "new build" > build/server/index.js\necho "new server" > build/server.js\n',
    );
    fs.chmodSync(remix, 0o755);
    // Sources from two minutes ago, built one minute ago.
    const sourcesTime = new Date(Date.now() - 120_000);
    const buildTime = new Date(Date.now() - 60_000);
    for (const source of ["app/root.tsx", "package.json"])
      fs.utimesSync(path.join(root, source), sourcesTime, sourcesTime);
    fs.utimesSync(path.join(root, "build/server/index.js"), buildTime, buildTime);
    return root;
  }
  const run = (root: string) => {
    const { BUILD_DIR: _buildDir, ...inherited } = process.env;
    return spawnSync("node", [script], { cwd: root, encoding: "utf8", env: inherited });
  };

  it("leaves a build newer than its sources alone, silently", () => {
    const root = project();
    const result = run(root);
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe("");
    expect(fs.readFileSync(path.join(root, "build/server/index.js"), "utf8")).toBe("old build\n");
  });

  it("rebuilds when a source changed since the build, saying why and how long, without the build's output", () => {
    const root = project();
    fs.writeFileSync(path.join(root, "app/root.tsx"), "export const changed = true;\n");
    const result = run(root);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /^Building the shop: app\/root\.tsx changed since the last build…\nBuilt in \d+\.\d s\.\n$/,
    );
    expect(fs.readFileSync(path.join(root, "build/server/index.js"), "utf8")).toBe("new build\n");
    // Now current: the next start builds nothing.
    expect(run(root).stdout).toBe("");
  });

  it("counts a build without its compiled server.js as no build", () => {
    const root = project();
    fs.rmSync(path.join(root, "build/server.js"));
    const result = run(root);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Building the shop: there is no production build yet…");
    expect(fs.readFileSync(path.join(root, "build/server.js"), "utf8")).toBe("new server\n");
  });

  it("builds when there is no build, and shows the build's output only when it fails", () => {
    const root = project({ buildFails: true });
    fs.rmSync(path.join(root, "build"), { recursive: true });
    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("Building the shop: there is no production build yet…");
    expect(result.stdout).toContain("noise from the build");
    expect(result.stderr).toContain("app/root.tsx: Unexpected token");
    expect(result.stderr).toContain("The build failed (exit code 1); the shop was not started.");
  });
});
