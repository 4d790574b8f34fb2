import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageCacheControl, PRIVATE_NO_STORE, SHARED_CATALOGUE_CACHE } from "~/platform/http/shared-cache.server.ts";
import { EnvError, parseEnv } from "~/platform/ops/env.server.ts";
import { ReplicationLag } from "~/platform/ops/replication-lag.server.ts";
import { litestreamConfig } from "~/platform/ops/replication.server.ts";

describe("replication lag", () => {
  it("is the age of the oldest write not yet shipped, and nothing for a quiet shop", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lag-"));
    const wal = path.join(dir, "shop.db-wal");
    let now = 1_000_000;
    const touch = (at: number) => {
      fs.writeFileSync(wal, String(at));
      fs.utimesSync(wal, at / 1000, at / 1000);
    };
    const lag = new ReplicationLag(wal, () => now);
    expect(lag.lagMs()).toBe(0); // no WAL yet

    // Quiet for an hour: no lag, however long since the last shipment.
    touch(now - 5_000);
    now += 3_600_000;
    expect(lag.lagMs()).toBe(0);

    // A write that stays unshipped: its age, growing with each later write left out.
    touch(now);
    const writtenAt = now;
    lag.sample();
    now += 30_000;
    touch(now);
    expect(lag.lagMs()).toBe(30_000);
    now += 40_000;
    expect(lag.lagMs()).toBe(70_000);

    // Litestream says it reached the replica: no lag until the next write.
    lag.shipped();
    expect(lag.lagMs()).toBe(0);
    now += 1_000;
    touch(now);
    now += 2_000;
    expect(lag.lagMs()).toBe(2_000);
    expect(writtenAt).toBeLessThan(now);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("Cache-Control for pages", () => {
  const page = { method: "GET", hasCookie: false, status: 200, setsCookie: false };
  it("lets shared caches keep only cookieless catalogue pages answered 200", () => {
    for (const pathname of ["/", "/shop", "/shop/product/12", "/condition-guide", "/shop.data", "/_root.data"])
      expect(pageCacheControl({ ...page, pathname }), pathname).toBe(SHARED_CATALOGUE_CACHE);
    // The Arabic twins, exactly like the English pages.
    for (const pathname of [
      "/ar",
      "/ar/shop",
      "/ar/shop/product/12",
      "/ar/condition-guide",
      "/ar.data",
      "/ar/shop.data",
    ])
      expect(pageCacheControl({ ...page, pathname }), pathname).toBe(SHARED_CATALOGUE_CACHE);
    expect(SHARED_CATALOGUE_CACHE).toMatch(/^public, .*s-maxage=30, stale-while-revalidate=\d+/);
  });

  it("marks everything else private, no-store", () => {
    const cases = [
      { ...page, pathname: "/shop", hasCookie: true },
      { ...page, pathname: "/shop/product/12", setsCookie: true },
      { ...page, pathname: "/shop/product/99", status: 404 },
      { ...page, pathname: "/shop", method: "POST" },
      { ...page, pathname: "/cart" },
      { ...page, pathname: "/checkout" },
      { ...page, pathname: "/track/abc" },
      { ...page, pathname: "/admin/orders" },
      { ...page, pathname: "/ar/cart" },
      { ...page, pathname: "/ar/track/abc" },
      { ...page, pathname: "/ar/shop", hasCookie: true },
      { ...page, pathname: "/arabic" },
      { ...page, pathname: "/ar/shop/product/abc" },
    ];
    for (const request of cases) expect(pageCacheControl(request), JSON.stringify(request)).toBe(PRIVATE_NO_STORE);
  });
});

describe("replication and storage settings", () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "shop-env-"));
  const error = (env: Record<string, string>) => {
    try {
      parseEnv({ DATA_DIR: dataDir(), ...env });
    } catch (caught) {
      if (caught instanceof EnvError) return caught.message;
      throw caught;
    }
    return undefined;
  };

  it("accepts file:// and s3:// replicas, refusing other schemes and an s3 replica without credentials", () => {
    expect(error({ REPLICA_URL: "file:///mnt/backup/shop" })).toBeUndefined();
    expect(error({ REPLICA_URL: "ftp://elsewhere/shop" })).toBe(
      "Invalid environment: REPLICA_URL must be a URL starting with file:// or s3://",
    );
    expect(error({ REPLICA_URL: "s3://bucket/shop" })).toMatch(/REPLICA_S3_ACCESS_KEY_ID and REPLICA_S3_SECRET/);
    expect(
      error({
        REPLICA_URL: "s3://bucket/shop",
        REPLICA_S3_ACCESS_KEY_ID: "id",
        REPLICA_S3_SECRET_ACCESS_KEY: "secret",
      }),
    ).toBeUndefined();
  });

  it("STORAGE=s3 needs its bucket and credentials, and never echoes a key", () => {
    expect(error({ STORAGE: "disk" })).toBe('Invalid environment: STORAGE must be "local" or "s3" (got "disk")');
    expect(error({ STORAGE: "s3" })).toMatch(/STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(error({ STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "s" })).toBeUndefined();
    expect(error({ S3_PUBLIC_URL: "cdn.example.com" })).toBe(
      "Invalid environment: S3_PUBLIC_URL must be a URL starting with https:// or http://",
    );
  });

  it("writes Litestream's config for a directory or a bucket, credentials left to the environment", () => {
    const file = litestreamConfig("/data/shop.db", {
      REPLICA_URL: "file:///mnt/backup/shop",
      REPLICA_S3_REGION: "us-east-1",
    });
    expect(file).toContain('- path: "/data/shop.db"');
    expect(file).toContain('path: "/mnt/backup/shop"');
    const bucket = litestreamConfig("/data/shop.db", {
      REPLICA_URL: "s3://shop-replica/db",
      REPLICA_S3_ENDPOINT: "http://127.0.0.1:9000",
      REPLICA_S3_REGION: "auto",
      REPLICA_S3_ACCESS_KEY_ID: "id",
      REPLICA_S3_SECRET_ACCESS_KEY: "very-secret",
    });
    expect(bucket).toContain('url: "s3://shop-replica/db"');
    expect(bucket).toContain('endpoint: "http://127.0.0.1:9000"');
    expect(bucket).toContain("force-path-style: true");
    expect(bucket).not.toContain("very-secret");
  });
});
