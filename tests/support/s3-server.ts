import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { useBucketForTests } from "./s3-env.ts";

/** s3rver accepts these credentials (it checks the signature is well formed). */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
export const TEST_BUCKET = "shop-images";

/**
 * A local S3-compatible server (s3rver) in this test process, on a free loopback port, with one
 * bucket; `env` is what a shop started against it needs for STORAGE=s3.
 */
export async function startS3Server() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "shop-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", credentials: CREDENTIALS, forcePathStyle: true });
  return {
    endpoint,
    bucket: TEST_BUCKET,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    /** Every key in the bucket under `prefix`, sorted. */
    async keys(prefix = "") {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the test file that calls it (and the test files it imports) with STORAGE=s3 against one
 * s3rver: `startTestServer` adds `s3TestEnv()` to every shop it starts. Call it before the imports'
 * `useTestServer`, so the bucket is up before their servers start.
 */
export function useS3Storage() {
  let server: Awaited<ReturnType<typeof startS3Server>> | undefined;
  beforeAll(async () => {
    server = await startS3Server();
    useBucketForTests(server);
  });
  afterAll(async () => {
    useBucketForTests(undefined);
    await server?.close();
  });
}
