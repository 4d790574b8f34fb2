import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/platform/ops/env.server.ts";
import { serverEntry } from "../../scripts/server-process.ts";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "shop-env-"));

describe("parseEnv", () => {
  it("applies the contract's defaults", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DEMO_DATA).toBe(true);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.ORDER_PHONE_LIMIT).toBe(5);
    expect(env.ORDER_RATE_LIMIT).toBe(60);
    expect(env.databaseFile).toBe(path.join(dir, "shop.db"));
    expect(fs.existsSync(path.join(dir, "uploads"))).toBe(true);
  });

  it("rejects a bad PORT with one line naming the variable", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), PORT: "abc" })).toThrow(EnvError);
    expect(() => parseEnv({ DATA_DIR: dataDir(), PORT: "abc" })).toThrow(
      'Invalid environment: PORT must be a whole number from 1 to 65535 (got "abc")',
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), PORT: "70000" })).toThrow(/PORT/);
  });

  it("reads MIN_FREE_MB and SQLITE_BUSY_TIMEOUT_MS as whole numbers with defaults", () => {
    const defaults = parseEnv({ DATA_DIR: dataDir() });
    expect(defaults.MIN_FREE_MB).toBe(100);
    expect(defaults.SQLITE_BUSY_TIMEOUT_MS).toBe(5000);
    expect(parseEnv({ DATA_DIR: dataDir(), MIN_FREE_MB: "0", SQLITE_BUSY_TIMEOUT_MS: "1500" })).toMatchObject({
      MIN_FREE_MB: 0,
      SQLITE_BUSY_TIMEOUT_MS: 1500,
    });
    expect(() => parseEnv({ DATA_DIR: dataDir(), MIN_FREE_MB: "lots" })).toThrow(
      'Invalid environment: MIN_FREE_MB must be a whole number from 0 to 1000000 (got "lots")',
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), SQLITE_BUSY_TIMEOUT_MS: "-1" })).toThrow(/SQLITE_BUSY_TIMEOUT_MS/);
  });

  it("takes the order limits as whole numbers, 0 turning them off", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), ORDER_PHONE_LIMIT: "0", ORDER_RATE_LIMIT: "200" });
    expect([env.ORDER_PHONE_LIMIT, env.ORDER_RATE_LIMIT]).toEqual([0, 200]);
    expect(() => parseEnv({ DATA_DIR: dataDir(), ORDER_RATE_LIMIT: "-1" })).toThrow(
      'Invalid environment: ORDER_RATE_LIMIT must be a whole number of orders an hour (0 turns it off) (got "-1")',
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), ORDER_PHONE_LIMIT: "five" })).toThrow(/ORDER_PHONE_LIMIT/);
  });

  it("rejects a DEMO_DATA that is not on or off", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), DEMO_DATA: "maybe" })).toThrow(/DEMO_DATA must be "on" or "off"/);
    expect(parseEnv({ DATA_DIR: dataDir(), DEMO_DATA: "off" }).DEMO_DATA).toBe(false);
  });

  it("needs ADMIN_USERNAME and ADMIN_PASSWORD together, and never prints the password", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), ADMIN_USERNAME: "owner" })).toThrow(/set together/);
    let message = "";
    try {
      parseEnv({ DATA_DIR: dataDir(), ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "short" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/ADMIN_PASSWORD must be at least 8 characters/);
    expect(message).not.toContain("short");
  });

  it("checks the new-order notice settings, and never prints a URL that may hold a password", () => {
    const env = parseEnv({
      DATA_DIR: dataDir(),
      SMTP_URL: "smtps://me%40x.com:pw@smtp.x.com:465",
      ORDER_NOTIFY_EMAIL: "owner@x.com",
      ORDER_WEBHOOK_URL: "https://hooks.example/orders",
      ORDER_WEBHOOK_SECRET: "s".repeat(16),
    });
    expect(env).toMatchObject({
      SMTP_URL: "smtps://me%40x.com:pw@smtp.x.com:465",
      ORDER_NOTIFY_EMAIL: "owner@x.com",
      ORDER_NOTICE_RETRY_MS: 30_000,
    });
    expect(() => parseEnv({ DATA_DIR: dataDir(), SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(
      "Invalid environment: SMTP_URL and ORDER_NOTIFY_EMAIL must be set together",
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), ORDER_WEBHOOK_URL: "https://hooks.example/orders" })).toThrow(
      "ORDER_WEBHOOK_SECRET must be set with ORDER_WEBHOOK_URL",
    );
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), ORDER_WEBHOOK_URL: "https://hooks.example/x", ORDER_WEBHOOK_SECRET: "short" }),
    ).toThrow(/at least 16 characters$/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), ORDER_NOTICE_RETRY_MS: "soon" })).toThrow(
      /ORDER_NOTICE_RETRY_MS must be a whole number/,
    );
    let message = "";
    try {
      parseEnv({
        DATA_DIR: dataDir(),
        SMTP_URL: "http://user:hunter2@mail.example",
        ORDER_NOTIFY_EMAIL: "owner@x.com",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe("Invalid environment: SMTP_URL must be a URL starting with smtp:// or smtps://");
  });

  it("generates a session secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir }).SESSION_SECRET;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    expect(parseEnv({ DATA_DIR: dir, SESSION_SECRET: "x".repeat(40) }).SESSION_SECRET).toBe("x".repeat(40));
  });
});

describe("DATA_DIR", () => {
  it("that is a file stops start with one line naming DATA_DIR", () => {
    const file = path.join(dataDir(), "not-a-dir");
    fs.writeFileSync(file, "");
    for (const given of [file, path.join(file, "below")]) {
      expect(() => parseEnv({ DATA_DIR: given })).toThrow(EnvError);
      expect(() => parseEnv({ DATA_DIR: given })).toThrow(
        `Invalid environment: DATA_DIR must be a directory, not a file (got "${given}")`,
      );
    }
  });

  it("whose uploads/ is a file is refused the same way", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, "uploads"), "");
    expect(() => parseEnv({ DATA_DIR: dir })).toThrow(/^Invalid environment: DATA_DIR must be a directory, not a file/);
  });

  it("that cannot be written stops the server's start with one line naming DATA_DIR, no stack", () => {
    const dir = dataDir();
    // root may write anywhere: as root, start the server as nobody against root's folder.
    const asRoot = process.getuid?.() === 0;
    fs.chmodSync(dir, asRoot ? 0o755 : 0o500);
    const run = spawnSync("node", serverEntry(), {
      env: { ...process.env, DATA_DIR: dir, NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 60_000,
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    fs.chmodSync(dir, 0o700);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Invalid environment: DATA_DIR must be a directory this process can write (got "${dir}")`,
    );
  });
});
