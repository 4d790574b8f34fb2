import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live. The shop only ever talks to this interface, so a bucket-backed
 * adapter can replace the local disk without touching the models.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  /** Whether a file is stored under the key. */
  exists(key: string): Promise<boolean>;
  /** A stored file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** The public URL path of a stored key, e.g. "/uploads/products/ab12.webp". */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/;

/** Every adapter refuses a key that could leave its root (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
}

/** An absolute URL for a stored file: `url()` is a path on this shop, or already absolute (a CDN). */
export function absoluteUrl(origin: string, url: string) {
  return /^https?:\/\//.test(url) ? url : origin + url;
}

export class LocalDiskStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly publicBase = "/uploads",
  ) {}

  private pathOf(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer) {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    } catch (error) {
      // A full disk leaves a partial temporary file behind: remove it, keep the real error.
      await fs.rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string) {
    return fs.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async get(key: string) {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  url(key: string) {
    return `${this.publicBase}/${key}`;
  }
}
