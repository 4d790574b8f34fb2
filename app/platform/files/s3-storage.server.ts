import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { RequestHandler } from "express";
import { assertSafeKey, LocalDiskStorage, type Storage } from "./storage.server.ts";

export type S3StorageOptions = {
  /** An S3-compatible endpoint (MinIO, R2, B2, Spaces…); unset: AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket is served from (a CDN); unset: the shop serves `/uploads/…` from the bucket. */
  publicUrl?: string;
};

/** What each stored extension is sent as; the upload rules only ever store these. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};
const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/** Stored files never change (random names): browsers and CDNs may keep them a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Uploads and their resized variants in an S3-compatible bucket (decision 041), under the same keys
 * as on the local disk (`products/<random>.webp`). With `publicUrl` their URLs point there (a CDN in
 * front of the bucket); without it they stay `/uploads/<key>` and the shop streams them from the bucket.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicBase: string;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Most S3-compatible servers want bucket/key paths, not bucket.host names.
      forcePathStyle: Boolean(options.endpoint),
      // Checksums only where S3 requires them: several compatible servers refuse the newer trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    this.bucket = options.bucket;
    this.publicBase = options.publicUrl ? options.publicUrl.replace(/\/+$/, "") : "/uploads";
  }

  async put(key: string, data: Buffer) {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentTypeOf(key),
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async delete(key: string) {
    assertSafeKey(key);
    // S3 answers a delete of a missing key with success, like `rm --force`.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  url(key: string) {
    return `${this.publicBase}/${key}`;
  }

  async exists(key: string) {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async get(key: string) {
    const object = await this.read(key);
    if (!object) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The object's bytes as a stream with its type, or undefined when there is no such key. */
  async read(key: string) {
    assertSafeKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: object.Body as Readable, length: object.ContentLength, etag: object.ETag };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }
}

/** S3's answer for a key that is not there: NoSuchKey for a GET, a bare 404 (NotFound) for a HEAD. */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);

const SERVED_KEY = /^[a-z0-9][a-z0-9/_-]*\.(?:jpg|png|webp|gif|avif)$/;

/**
 * `GET /uploads/<key>` streamed from the bucket, for a bucket no CDN serves: the same URLs, type,
 * `nosniff` (helmet) and long caching as the files on the local disk. Unknown keys are a plain 404.
 */
export function serveFromBucket(storage: S3Storage): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = decodeURIComponent(req.path.slice(1));
    const notFound = () => res.status(404).type("text/plain").send("Not Found");
    if (!SERVED_KEY.test(key) || key.includes("..")) return void notFound();
    storage
      .read(key)
      .then(async (object) => {
        if (!object) return void notFound();
        res.setHeader("Content-Type", contentTypeOf(key));
        res.setHeader("Cache-Control", IMMUTABLE);
        if (object.etag) res.setHeader("ETag", object.etag);
        if (object.length !== undefined) res.setHeader("Content-Length", object.length);
        if (req.method === "HEAD") {
          object.body.destroy();
          return void res.end();
        }
        await pipeline(object.body, res);
      })
      .catch((error: unknown) => {
        if (res.headersSent) return void res.destroy();
        console.error(`Could not read ${key} from the bucket:`, error);
        res.status(502).type("text/plain").send("Image storage unavailable");
      });
  };
}

/** The adapter STORAGE names: the local disk under DATA_DIR/uploads (the default), or the bucket. */
export function storageFromEnv(env: {
  STORAGE: "local" | "s3";
  uploadsDir: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PUBLIC_URL?: string;
}): Storage {
  if (env.STORAGE === "local") return new LocalDiskStorage(env.uploadsDir);
  return new S3Storage({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicUrl: env.S3_PUBLIC_URL,
  });
}
