import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompressor } from "~/platform/render/compressor.server.ts";
import { createPageCache } from "~/platform/render/page-cache.server.ts";
import { createTestDb } from "../support/test-db.ts";

describe("the bounded compressor", () => {
  it("runs one job per encoding at a time and drops the oldest queued job when a queue is full", async () => {
    const compressor = createCompressor({ queueLength: 2 });
    const page = (n: number) => crypto.randomBytes(64 * 1024 + n);
    const jobs = Array.from({ length: 8 }, (_, n) => compressor.compress("gzip", page(n), "later"));
    // One running, two waiting, five dropped already.
    expect(compressor.state().gzip).toEqual({ running: 1, queued: 2, dropped: 5 });
    const outputs = await Promise.all(jobs);
    expect(outputs.map((output) => output !== undefined)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(compressor.state().gzip).toEqual({ running: 0, queued: 0, dropped: 5 });
  });

  it("compresses a page asked again before the pages asked once that wait", async () => {
    const compressor = createCompressor({ queueLength: 4 });
    const finished: string[] = [];
    const add = (name: string, priority: "urgent" | "later") =>
      compressor
        .compress("br", Buffer.from(`<p>${name}</p>`.repeat(2_000)), priority)
        .then((output) => finished.push(`${name}:${zlib.brotliDecompressSync(output!).toString().slice(3, 4)}`));
    await Promise.all([add("a", "later"), add("b", "later"), add("c", "later"), add("u", "urgent")]);
    expect(finished).toEqual(["a:a", "u:u", "b:b", "c:c"]);
  });
});

describe("the page cache under a flood of new addresses", () => {
  const MAX_BYTES = 2 * 1024 * 1024;
  const db = createTestDb();
  const cache = createPageCache(db, { maxBytes: MAX_BYTES, compressor: createCompressor({ queueLength: 2 }) });
  let renders = 0;
  const app = express();
  app.use(cache.captureMiss);
  // A page of 40 to 60 KB, different for every address, as poorly compressible as real markup is well.
  app.get("*", (req, res) => {
    renders++;
    const filler = crypto.randomBytes(10_000 + (renders % 5) * 2_500).toString("hex");
    res.type("html").send(`<!DOCTYPE html><html><body><h1>${req.originalUrl}</h1><p>${filler}</p></body></html>`);
  });
  const server = http.createServer((req, res) => {
    if (!cache.serveHit(req, res)) app(req, res);
  });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    db.$client.close();
  });

  const get = async (path: string) => {
    const response = await fetch(base + path, { headers: { "Accept-Encoding": "gzip, br" } });
    await response.arrayBuffer();
    return response.headers.get("x-page-cache");
  };
  const until = async (path: string, state: string) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      if ((await get(path)) === state) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${path} never became a ${state}`);
  };

  it("holds at most its budget, counted in every encoding's bytes, and keeps the pages asked again", async () => {
    await until("/shop", "hit");
    await until("/", "hit");
    let highest = 0;
    for (let n = 0; n < 250; n++) {
      // Eight at a time, as a crowd of new addresses arrives.
      await Promise.all(Array.from({ length: 8 }, (_, i) => get(`/shop?search=flood${n}-${i}`)));
      const { bytes, compressor } = cache.usage();
      highest = Math.max(highest, bytes);
      expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
      expect(compressor.gzip.queued + compressor.br.queued).toBeLessThanOrEqual(8);
      // The pages people keep asking for are answered from the cache all through the flood.
      if (n % 50 === 49) {
        expect(await get("/shop")).toBe("hit");
        expect(await get("/")).toBe("hit");
      }
    }
    // The flood filled what it may (2,000 pages of about 40 KB in a 2 MB budget)…
    expect(highest).toBeGreaterThan(MAX_BYTES / 4 - 200 * 1024);
    expect(cache.usage().entries).toBeLessThan(60);
    // …and still a page asked once takes no more than the probation quarter: /shop and / stayed.
    expect(await get("/shop")).toBe("hit");
    expect(cache.usage().protected).toBeGreaterThanOrEqual(2);
  });

  it("makes brotli only for a page asked again", async () => {
    const raw = async (path: string) => {
      const response = await fetch(base + path, { headers: { "Accept-Encoding": "br" } });
      await response.arrayBuffer();
      return `${response.headers.get("x-page-cache")}:${response.headers.get("content-encoding") ?? "identity"}`;
    };
    const before = cache.usage().compressor.br;
    await raw("/shop?search=once");
    // Stored with gzip alone: its first hit (a client that takes only brotli gets it plain) asks for brotli.
    await until("/shop?search=once", "hit");
    const afterHit = cache.usage().compressor.br;
    expect(afterHit.running + afterHit.queued + afterHit.dropped).toBeGreaterThan(before.dropped);
    for (let attempt = 0; attempt < 200 && (await raw("/shop?search=once")) !== "hit:br"; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await raw("/shop?search=once")).toBe("hit:br");
  });
});
