import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { multipartRequest } from "./multipart.server.ts";

/**
 * One uploaded file kept on disk under a random token for a while (the products import's preview,
 * then its 'Import N products', decision 040), streamed to disk as it arrives and never held whole
 * in memory. Text fields beside it are read too (small ones only).
 */

export class KeptUploadRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN = /^[a-f0-9]{32}$/;
const MAX_TEXT_FIELD_BYTES = 4 * 1024;

export function keptUploadPath(dir: string, token: string) {
  if (!TOKEN.test(token)) return null;
  const file = path.join(dir, `${token}.upload`);
  return fs.existsSync(file) ? file : null;
}

export async function discardKeptUpload(file: string) {
  await fsp.rm(file, { force: true });
}

/** Removes kept uploads older than `maxAgeMs`: a preview nobody imported. */
export async function sweepKeptUploads(dir: string, maxAgeMs: number, now = Date.now()) {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.endsWith(".upload")) continue;
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > maxAgeMs) await discardKeptUpload(file);
  }
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk;
}

/**
 * Reads a multipart request: the file in `field` is written to `dir` under a new token (at most
 * `maxBytes`, else 413 and nothing kept; the rest of the body is still read, so the client hears
 * the answer), the other fields are returned as text. Without a file: `token` is null.
 */
export async function receiveKeptUpload(
  request: Request,
  options: { dir: string; field: string; maxBytes: number; tooLarge: string },
): Promise<{ token: string | null; file: string | null; name: string; fields: Record<string, string> }> {
  const readable = multipartRequest(request);
  if (!readable) throw new KeptUploadRefused(400, "Send the file as multipart/form-data.");
  await fsp.mkdir(options.dir, { recursive: true });
  const fields: Record<string, string> = {};
  let kept: { token: string; file: string } | null = null;
  let keptName = "";
  let refused: KeptUploadRefused | null = null;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size <= MAX_TEXT_FIELD_BYTES) chunks.push(chunk);
      }
      if (size <= MAX_TEXT_FIELD_BYTES) fields[name] = Buffer.concat(chunks).toString("utf8");
      return undefined;
    }
    if (name !== options.field || kept || refused) return void (await drain(data));
    const token = crypto.randomBytes(16).toString("hex");
    const file = path.join(options.dir, `${token}.upload`);
    const out = fs.createWriteStream(file);
    let size = 0;
    try {
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > options.maxBytes) {
          refused ??= new KeptUploadRefused(413, options.tooLarge);
          continue;
        }
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      }
    } finally {
      await new Promise<void>((resolve) => out.end(() => resolve()));
    }
    if (refused || (size === 0 && !filename)) await discardKeptUpload(file);
    else {
      kept = { token, file };
      keptName = filename;
    }
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(readable, handler);
  } catch {
    const file = (kept as { file: string } | null)?.file;
    if (file) await discardKeptUpload(file);
    throw new KeptUploadRefused(400, "The upload is malformed or incomplete.");
  }
  if (refused) throw refused;
  const done = kept as { token: string; file: string } | null;
  return { token: done?.token ?? null, file: done?.file ?? null, name: keptName, fields };
}
