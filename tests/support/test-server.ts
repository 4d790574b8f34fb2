import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Db, openDatabase } from "~/platform/db/db.server.ts";
import { startProductionServer } from "../../scripts/server-process.ts";
import { loginCookie } from "./admin-session.ts";
import { s3TestEnv } from "./s3-env.ts";

export const TEST_ADMIN = { username: "admin", password: "test-admin-password" };

/**
 * The real production server (from the existing build) on a free loopback port with a fresh
 * DATA_DIR, plus a second connection to its database for setting up and checking data.
 */
export async function startTestServer({
  demoData = false,
  env = {},
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-")),
}: { demoData?: boolean; env?: Record<string, string>; dataDir?: string } = {}) {
  const server = await startProductionServer(dataDir, {
    DEMO_DATA: demoData ? "on" : "off",
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Tests place many orders from one address and phone: the fake-order rate limit has its own test file.
    ORDER_PHONE_LIMIT: "0",
    ORDER_RATE_LIMIT: "0",
    // STORAGE=s3 against the test process's s3rver while a test file runs under useS3Storage().
    ...s3TestEnv(),
    ...env,
  });
  const db: Db = openDatabase(path.join(dataDir, "shop.db"));
  return {
    base: server.base,
    pid: server.pid,
    db,
    dataDir,
    async stop() {
      db.$client.close();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One test server for a whole test file: started before its tests (and signed in as the
 * administrator when asked), stopped after them. Read `base`, `db` and `cookie` inside tests.
 */
export function useTestServer({
  signedIn = false,
  env = {},
}: { signedIn?: boolean; env?: Record<string, string> } = {}) {
  let started: Awaited<ReturnType<typeof startTestServer>> | undefined;
  let cookie = "";
  beforeAll(async () => {
    started = await startTestServer({ env });
    if (signedIn) cookie = await loginCookie(started.base);
  });
  afterAll(async () => {
    await started?.stop();
  });
  const current = () => {
    if (!started) throw new Error("The test server starts in beforeAll: use it inside a test");
    return started;
  };
  return {
    get base() {
      return current().base;
    },
    get db() {
      return current().db;
    },
    /** The server's process id, to read the CPU time it spent (`cpuSeconds`). */
    get pid() {
      return current().pid;
    },
    /** The server's DATA_DIR, to see which files an action left behind. */
    get dataDir() {
      return current().dataDir;
    },
    get cookie() {
      return cookie;
    },
  };
}
