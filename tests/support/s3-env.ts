import fs from "node:fs";
import path from "node:path";

/**
 * The bucket the shops under test use while a file runs under `useS3Storage()` (s3-server.ts),
 * kept apart from s3rver and the AWS SDK so that every other test file loads neither.
 */
type Bucket = { env: Record<string, string>; keys: (prefix?: string) => Promise<string[]> };
let current: Bucket | undefined;

export function useBucketForTests(bucket: Bucket | undefined) {
  current = bucket;
}

/** STORAGE=s3 and the bucket's settings while `useS3Storage` runs; nothing otherwise. */
export function s3TestEnv(): Record<string, string> {
  return current?.env ?? {};
}

/**
 * The uploaded files a shop keeps: the keys under products/ in the bucket while `useS3Storage`
 * runs, else the file names in DATA_DIR/uploads/products.
 */
export async function storedUploads(dataDir: string) {
  if (current) return (await current.keys("products/")).map((key) => key.slice("products/".length));
  const dir = path.join(dataDir, "uploads", "products");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
